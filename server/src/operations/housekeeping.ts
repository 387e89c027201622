import { warnOfExpiringApiKeys } from '../apiKeys/expiryWarnings';
import type { AppDeps } from '../appDeps';
import { pruneAuthTables } from '../auth/prune';
import { pruneIdempotencyKeys } from '../idempotency/idempotency';
import { startFileRetention } from '../imports/store/fileRetention';
import { runAtStartAndEvery } from '../lib/jobs/periodic';
import { pruneWebhookDeliveries } from '../webhooks/prune';

/**
 * The service's housekeeping, in one place: each feature owns what it prunes, this module decides
 * when it runs. Hourly on every instance (and once at start), so nothing waits for a user:
 * expired sessions, old login failures and reset tokens (auth), finished idempotency keys, the
 * mails a week before API keys expire, webhook deliveries finished 30 days ago, and the uploaded files past their retention (imports,
 * on its own timer: docs/decisions/0010-uploaded-files-on-disk-and-retention.md).
 */

/** How often an instance runs the housekeeping on its own, besides after logins. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

type HousekeepingDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'logger' | 'uploadFolder'>;

async function runHousekeeping(deps: HousekeepingDeps, now: Date) {
  await pruneAuthTables(deps.db, now);
  await pruneIdempotencyKeys(deps, now);
  await warnOfExpiringApiKeys(deps);
  await pruneWebhookDeliveries(deps.db, now);
}

/**
 * The housekeeping at most once a minute, from requests that come anyway (logins: the sign-in
 * routes call it). The hourly timer covers the hours when nobody signs in.
 */
export function createLoginHousekeeping(deps: HousekeepingDeps) {
  let last = 0;
  return async (now: Date) => {
    if (Math.abs(now.getTime() - last) < 60_000) return;
    last = now.getTime();
    await runHousekeeping(deps, now);
  };
}

/** Starts the hourly housekeeping and the file retention; errors are logged, never thrown. */
export function startHousekeeping(deps: HousekeepingDeps): { stop(): Promise<void> } {
  const hourly = runAtStartAndEvery(
    HOUSEKEEPING_INTERVAL_MS,
    () => runHousekeeping(deps, deps.clock.now()),
    (error) => deps.logger.error({ err: error }, 'housekeeping failed'),
  );
  const fileRetention = startFileRetention(deps);
  return {
    async stop() {
      await hourly.stop();
      await fileRetention.stop();
    },
  };
}
