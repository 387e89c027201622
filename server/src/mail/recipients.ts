import type { Database } from '../db/database';
import type { Recipient } from './texts';

/** A user as a mail addresses them: address, first name and username; undefined when gone. */
export async function mailRecipientOf(db: Database, userId: number): Promise<Recipient | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user && { email: user.email, firstName: user.first_name, username: user.username };
}
