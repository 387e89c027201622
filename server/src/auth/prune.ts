import type { Database } from '../db/database';
import { pruneLoginFailures } from './lockout';

const DAY = 24 * 3_600_000;

/**
 * Deletes what no sign-in rule needs any more: sessions past their expiry (a returning cookie
 * deletes its own, but most never return), login failures too old to lock, and reset tokens a
 * day after they expired (the hourly mail cap looks back one hour only).
 */
export async function pruneAuthTables(db: Database, now: Date) {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .execute();
  await pruneLoginFailures(db, now);
  await db
    .deleteFrom('password_reset_tokens')
    .where('expires_at', '<', new Date(now.getTime() - DAY))
    .execute();
}
