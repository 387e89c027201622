import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDeps } from '../appDeps';
import type { Database } from '../db/database';
import { revokeAllApiKeys } from '../identity/apiKeyStore';
import { passwordChangedMail, resetLink, resetMail } from '../mail/texts';
import { clearLoginFailures } from './lockout';
import { hashPassword } from './passwords';

/** Reset links live 60 minutes; at most 5 reset mails per account and hour (docs/product.md, "Security rules"). */
export const RESET_TOKEN_MINUTES = 60;
export const RESET_MAILS_PER_HOUR = 5;

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

type ResetDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>;

interface ResetUser {
  id: number;
  username: string;
  email: string;
  first_name: string;
}

/** The user whose password a reset link changed, and how many working API keys that revoked. */
interface ChangedUser extends ResetUser {
  revokedApiKeys: number;
}

/**
 * Mails a reset link when the username and e-mail address belong to one user. The caller
 * answers the same whether or not they do, and runs this outside the response path. Issuing
 * the token is serialised per user, so parallel requests cannot pass the hourly cap.
 */
export async function sendResetMail(deps: ResetDeps, username: string, email: string): Promise<void> {
  const { db, clock, config, mailer, logger } = deps;
  const now = clock.now();
  const issued = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'username', 'email', 'first_name'])
      .where('username', '=', username)
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .forUpdate()
      .executeTakeFirst();
    if (!user) return undefined;
    const { count } = await trx
      .selectFrom('password_reset_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .where('created_at', '>', new Date(now.getTime() - 3_600_000))
      .executeTakeFirstOrThrow();
    if (Number(count) >= RESET_MAILS_PER_HOUR) {
      logger.warn({ userId: user.id }, 'password reset mail not sent: hourly limit reached');
      return undefined;
    }
    const token = randomBytes(32).toString('base64url');
    await trx
      .insertInto('password_reset_tokens')
      .values({
        token_hash: hashResetToken(token),
        user_id: user.id,
        created_at: now,
        expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
      })
      .execute();
    return { user, token };
  });
  if (!issued) return;
  const { user, token } = issued;
  const recipient = { email: user.email, firstName: user.first_name, username: user.username };
  await mailer.send(
    resetMail(recipient, resetLink(config.publicUrl, user.email, token), RESET_TOKEN_MINUTES),
  );
  logger.info({ userId: user.id }, 'password reset mail sent');
}

/** The user a live token (unused, unexpired, for this e-mail address) belongs to. */
export async function userOfResetToken(
  db: Database,
  now: Date,
  email: string,
  token: string,
  lock = false,
): Promise<ResetUser | undefined> {
  if (!email || !token) return undefined;
  let query = db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.username', 'u.email', 'u.first_name'])
    .where('t.token_hash', '=', hashResetToken(token))
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where(sql<string>`lower(u.email)`, '=', email.toLowerCase());
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Sets a new password through a reset link, in one transaction: the password changes, the
 * user's reset tokens are used up, every session of the user ends, every API key of the user is
 * revoked and the login lock lifts. Answers undefined when the token is not live.
 */
export async function changePasswordWithToken(
  deps: ResetDeps,
  email: string,
  token: string,
  newPassword: string,
): Promise<ChangedUser | undefined> {
  const { db, clock, logger } = deps;
  // Hashing is slow: do it only for a token that looks live, and outside the transaction.
  if (!(await userOfResetToken(db, clock.now(), email, token))) return undefined;
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  const user = await db.transaction().execute(async (trx) => {
    // The row lock makes parallel changes with one token wait; the later one then finds it used.
    const owner = await userOfResetToken(trx, now, email, token, true);
    if (!owner) return undefined;
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', owner.id).execute();
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', owner.id)
      .where('used_at', 'is', null)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', owner.id).execute();
    // A reset may follow a stolen password: keys made with it stop working too (docs/api-keys.md).
    const revokedApiKeys = await revokeAllApiKeys(trx, owner.id, now);
    await clearLoginFailures(trx, owner.username);
    return { ...owner, revokedApiKeys };
  });
  if (user)
    logger.info(
      { userId: user.id, revokedApiKeys: user.revokedApiKeys },
      'password changed through a reset link; all sessions ended and API keys revoked',
    );
  return user;
}

export async function sendPasswordChangedMail({ mailer, clock }: ResetDeps, user: ChangedUser) {
  const recipient = { email: user.email, firstName: user.first_name, username: user.username };
  await mailer.send(passwordChangedMail(recipient, clock.now(), user.revokedApiKeys));
}
