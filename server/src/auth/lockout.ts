import { sql } from 'kysely';
import type { Database } from '../db/database';

/** 10 failed logins for one username within 15 minutes lock it for 15 minutes (docs/product.md, "Security rules"). */
export const LOCKOUT = {
  failures: 10,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

/** Rows older than this can neither start nor extend a lock. */
const relevantMs = LOCKOUT.windowMs + LOCKOUT.lockMs;

export type AttemptStart = { locked: false; attemptId: number } | { locked: true; lockedUntil: Date };

/**
 * Starts a login attempt by recording it as a failure before the password is checked, so that
 * parallel guesses see each other and cannot outrun the lockout. A successful attempt then
 * removes its row again; a failed one leaves it. Unknown usernames are counted
 * the same way, so a lock reveals nothing about whether an account exists.
 */
export async function startLoginAttempt(db: Database, username: string, now: Date): Promise<AttemptStart> {
  const since = new Date(now.getTime() - relevantMs);
  return db.transaction().execute(async (trx) => {
    // One attempt per username at a time through this step, so each sees all earlier ones.
    await sql`select pg_advisory_xact_lock(hashtext(${`login:${username}`}))`.execute(trx);
    await trx
      .deleteFrom('login_failures')
      .where('username', '=', username)
      .where('failed_at', '<', since)
      .execute();
    const earlier = await trx
      .selectFrom('login_failures')
      .select('failed_at')
      .where('username', '=', username)
      .orderBy('failed_at')
      .orderBy('id')
      .execute();
    const lockedUntil = lockEnd(
      earlier.map((row) => new Date(row.failed_at).getTime()),
      now.getTime(),
    );
    // An attempt during a lock is not a failure: it neither counts nor prolongs the lock.
    if (lockedUntil !== undefined) return { locked: true, lockedUntil: new Date(lockedUntil) };
    const { id } = await trx
      .insertInto('login_failures')
      .values({ username, failed_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { locked: false, attemptId: id };
  });
}

/**
 * When the lock ends, or undefined when there is none: every run of 10 failures within the
 * window locks until 15 minutes after its last failure.
 */
export function lockEnd(failureTimes: readonly number[], now: number): number | undefined {
  let end: number | undefined;
  for (let last = LOCKOUT.failures - 1; last < failureTimes.length; last++) {
    const first = failureTimes[last - (LOCKOUT.failures - 1)]!;
    const lastTime = failureTimes[last]!;
    if (lastTime - first <= LOCKOUT.windowMs && lastTime + LOCKOUT.lockMs > now) {
      end = Math.max(end ?? 0, lastTime + LOCKOUT.lockMs);
    }
  }
  return end;
}

/**
 * A successful attempt was not a failure: its row goes. Earlier failures stay until they age out,
 * as the rule counts every failure within 15 minutes (and an attacker's guesses must not be
 * wiped by the real user signing in meanwhile).
 */
export async function endAttemptAsSuccess(db: Database, attemptId: number) {
  await db.deleteFrom('login_failures').where('id', '=', attemptId).execute();
}

/** A new password set through a reset link lifts the lock: only the mailbox's owner knows it. */
export async function clearLoginFailures(db: Database, username: string) {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
}

/** Drops rows no lock can depend on; called now and then so sprayed usernames do not pile up. */
export async function pruneLoginFailures(db: Database, now: Date) {
  await db
    .deleteFrom('login_failures')
    .where('failed_at', '<', new Date(now.getTime() - relevantMs))
    .execute();
}
