import { warnOfExpiringApiKeys } from '../apiKeys/expiryWarnings';
import type { AppDeps } from '../appDeps';
import { pruneLoginFailures } from '../auth/lockout';
import type { Database } from '../db/database';
import { pruneIdempotencyKeys } from '../idempotency/idempotency';
import { runAtStartAndEvery } from '../lib/jobs/periodic';

const DAY = 24 * 3_600_000;
/** How often an instance runs the housekeeping on its own, besides after logins. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

type HousekeepingDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>;

/**
 * Deletes what no rule needs any more: sessions past their expiry (a returning cookie deletes its
 * own, but most never return), login failures too old to lock, and reset tokens a day after they
 * expired (the hourly mail cap looks back one hour only).
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

/** The pruning, and the mails a week before API keys expire (docs/api-keys.md). */
async function runAuthHousekeeping(deps: HousekeepingDeps, now: Date) {
  await pruneAuthTables(deps.db, now);
  await pruneIdempotencyKeys(deps, now);
  await warnOfExpiringApiKeys(deps);
}

/**
 * Runs the housekeeping at most once a minute, from requests that come anyway (logins). The
 * hourly timer (`startAuthHousekeeping`) covers the hours when nobody signs in.
 */
export function createAuthHousekeeping(deps: HousekeepingDeps) {
  let last = 0;
  return async (now: Date) => {
    if (Math.abs(now.getTime() - last) < 60_000) return;
    last = now.getTime();
    await runAuthHousekeeping(deps, now);
  };
}

/** Runs the housekeeping at start and then every hour; errors are logged, never thrown. */
export function startAuthHousekeeping(deps: HousekeepingDeps): { stop(): Promise<void> } {
  return runAtStartAndEvery(
    HOUSEKEEPING_INTERVAL_MS,
    () => runAuthHousekeeping(deps, deps.clock.now()),
    (error) => deps.logger.error({ err: error }, 'auth housekeeping failed'),
  );
}
