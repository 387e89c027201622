import type { Profile } from '#contract';
import type { AppDeps } from '../appDeps';
import { loadProfile } from '../identity/profile';
import { createSession, endSession } from '../identity/session';
import { endAttemptAsSuccess, startLoginAttempt } from './lockout';
import { dummyPasswordHash, verifyPassword } from './passwords';

export type LoginResult =
  | { kind: 'signedIn'; sessionId: string; profile: Profile }
  | { kind: 'failed' }
  | { kind: 'locked'; lockedUntil: Date };

type LoginDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * Checks a username and password and, when they match, opens a new session in place of the
 * one the request came with (rotation). An unknown username is verified against a dummy hash,
 * so it takes as long as a wrong password and fails the same way.
 */
export async function logIn(
  deps: LoginDeps,
  username: string,
  password: string,
  previousSessionIdHash: string | undefined,
): Promise<LoginResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const attempt = await startLoginAttempt(db, username, now);
  if (attempt.locked) return { kind: 'locked', lockedUntil: attempt.lockedUntil };

  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'last_login_at'])
    .where('username', '=', username)
    .executeTakeFirst();
  const passwordMatches = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (!user || !passwordMatches) return { kind: 'failed' };

  await endAttemptAsSuccess(db, attempt.attemptId);
  const previousLoginFound = user.last_login_at !== null;
  const sessionId = await db.transaction().execute(async (trx) => {
    if (previousSessionIdHash) await endSession(trx, previousSessionIdHash);
    await trx.updateTable('users').set({ last_login_at: now }).where('id', '=', user.id).execute();
    return createSession({ ...deps, db: trx }, user.id, previousLoginFound);
  });
  const profile = await loadProfile(db, user.id, previousLoginFound);
  if (!profile) return { kind: 'failed' };
  return { kind: 'signedIn', sessionId, profile };
}
