import type { Transaction } from 'kysely';
import type { AppDeps } from '../appDeps';
import type { DB } from '../db/schema';
import type { CommandOutcome } from './outcome';

/** What the commands share: their dependencies, their answers, and how they lock an import. */

export type CommandDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'config' | 'uploadFolder' | 'importJobSignal' | 'webhookSignal'
>;

export type Refusal = Exclude<CommandOutcome, { kind: 'ok' }>;

export const ok = <T>(value: T): CommandOutcome<T> => ({ kind: 'ok', value });
export const done: CommandOutcome = { kind: 'ok', value: undefined };
export const notFound: Refusal = { kind: 'notFound' };
export const conflict = (message: string): Refusal => ({ kind: 'conflict', message });
export const invalid = (message: string): Refusal => ({ kind: 'invalid', message });

/** The name of the import's stored file, if it has one (read before its row changes). */
export async function storedFileOf(trx: Transaction<DB>, importId: number): Promise<string | null> {
  const row = await trx
    .selectFrom('import_files')
    .select('stored_file')
    .where('import_id', '=', importId)
    .executeTakeFirst();
  return row?.stored_file ?? null;
}

/** Locks the organisation's import inside `trx` (every state change does, so races serialise); null when none. */
export async function lockImport(trx: Transaction<DB>, organizationId: number, importId: number) {
  const row = await trx
    .selectFrom('imports')
    .select(['id', 'status', 'summary'])
    .where('id', '=', importId)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, status: row.status, summary: row.summary };
}
