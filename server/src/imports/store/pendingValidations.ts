import type { Transaction } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { CommandOutcome } from '../outcome';

/** What a refused upload's Retry-After says: about the time a few small validations take. */
export const PENDING_VALIDATIONS_RETRY_SECONDS = 30;

export const tooManyPendingValidations = (max: number): CommandOutcome<never> => ({
  kind: 'busy',
  message: `Organisationen har redan ${max} ${max === 1 ? 'fil' : 'filer'} som väntar på validering. Vänta tills de är klara och försök igen.`,
  retryAfterSeconds: PENDING_VALIDATIONS_RETRY_SECONDS,
});

async function countPending(db: Database | Transaction<DB>, organizationId: number) {
  const row = await db
    .selectFrom('imports')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'VALIDATION_PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Whether the organisation may have one more import in VALIDATION_PENDING (at most
 * IMPORT_MAX_PENDING_VALIDATIONS), so one organisation's burst cannot fill the job queue. Inside
 * the transaction that makes the import pending: the organisation's row is locked first, so two
 * uploads at once count one after the other and the cap holds exactly.
 */
export async function admitPendingValidation(
  trx: Transaction<DB>,
  config: Pick<Config, 'IMPORT_MAX_PENDING_VALIDATIONS'>,
  organizationId: number,
): Promise<CommandOutcome<never> | null> {
  // NO KEY UPDATE: uploads of one organisation wait for each other, while inserts that only
  // refer to the organisation (FOR KEY SHARE) go on.
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .forNoKeyUpdate()
    .execute();
  const max = config.IMPORT_MAX_PENDING_VALIDATIONS;
  return (await countPending(trx, organizationId)) >= max ? tooManyPendingValidations(max) : null;
}

/** The same count before a request reads its file: a refusal then costs no upload (the transaction decides). */
export async function pendingValidationsFull(
  db: Database,
  config: Pick<Config, 'IMPORT_MAX_PENDING_VALIDATIONS'>,
  organizationId: number,
): Promise<boolean> {
  return (await countPending(db, organizationId)) >= config.IMPORT_MAX_PENDING_VALIDATIONS;
}
