import { sql } from 'kysely';
import type { AppDeps } from '../appDeps';
import { displayHint } from '../identity/apiKeySecret';
import { EXPIRY_WARNING_DAYS } from '../identity/apiKeyStore';
import { apiKeyExpiresSoonMail, apiKeysPageLink } from '../mail/texts';

type WarningDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>;

/** Keys claimed per transaction: each claim is short, the mails go after its commit. */
const WARNING_BATCH = 50;
const DAY = 24 * 3_600_000;

interface ExpiringKey {
  id: number;
  name: string;
  hint: string;
  expires_at: Date | string;
  user_id: number;
  email: string;
  first_name: string;
  username: string;
}

/**
 * Mails the owner of every key that expires within a week and has not been warned about, once
 * per key: the claim (`expiry_warned_at`) is committed before the mail goes, and SKIP LOCKED lets
 * instances that run this at the same moment take different keys. A mail that fails is logged and
 * not tried again; the key's list row still shows its expiry. Returns how many keys were claimed.
 */
export async function warnOfExpiringApiKeys(deps: WarningDeps): Promise<number> {
  const { db, clock, config, mailer, logger } = deps;
  const now = clock.now();
  const horizon = new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY);
  let claimed = 0;
  for (;;) {
    const keys = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<ExpiringKey>`
        with due as (
          select id from api_keys
          where revoked_at is null and expiry_warned_at is null
            and expires_at > ${now} and expires_at <= ${horizon}
          order by expires_at
          limit ${WARNING_BATCH}
          for update skip locked
        )
        update api_keys k set expiry_warned_at = ${now}
        from due, users u
        where k.id = due.id and u.id = k.user_id
        returning k.id, k.name, k.hint, k.expires_at, k.user_id, u.email, u.first_name, u.username`.execute(
        trx,
      );
      return rows;
    });
    for (const key of keys) {
      const recipient = { email: key.email, firstName: key.first_name, username: key.username };
      const mailed = { name: key.name, hint: displayHint(key.hint), expires: new Date(key.expires_at) };
      try {
        await mailer.send(apiKeyExpiresSoonMail(recipient, mailed, apiKeysPageLink(config.publicUrl)));
        logger.info({ apiKeyId: key.id, userId: key.user_id }, 'api key expiry warning sent');
      } catch (error) {
        logger.error({ err: error, apiKeyId: key.id, userId: key.user_id }, 'api key expiry warning failed');
      }
    }
    claimed += keys.length;
    if (keys.length < WARNING_BATCH) return claimed;
  }
}
