import type { ApiKey } from '#contract';
import type { Database } from '../db/database';
import { displayHint, hashApiKeySecret, hintOf, newApiKeySecret } from './apiKeySecret';

const DAY = 24 * 3_600_000;
/** The mail before an expiry goes this long before it (docs/api-keys.md). */
export const EXPIRY_WARNING_DAYS = 7;
/** Live keys one user may hold at once: more is a sign of keys made and never revoked. */
export const MAX_LIVE_KEYS_PER_USER = 20;

interface KeyRow {
  id: number;
  name: string;
  hint: string;
  created_at: Date | string;
  expires_at: Date | string;
  last_used_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function apiKeyView(row: KeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    hint: displayHint(row.hint),
    created: iso(row.created_at),
    expires: iso(row.expires_at),
    lastUsed: row.last_used_at === null ? null : iso(row.last_used_at),
    expired: new Date(row.expires_at) <= now,
  };
}

const keyColumns = ['id', 'name', 'hint', 'created_at', 'expires_at', 'last_used_at'] as const;

/** The user's keys that are not revoked, newest first; expired ones too, marked so. */
export async function listApiKeys(db: Database, userId: number, now: Date): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(keyColumns)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => apiKeyView(row, now));
}

export async function countLiveApiKeys(db: Database, userId: number, now: Date): Promise<number> {
  const { count } = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Stores a new key (its hash, never the secret) and returns it with the secret. A key whose
 * whole life is within the warning time is marked as warned: the mail that it was created
 * already names its expiry.
 */
export async function createApiKey(
  db: Database,
  userId: number,
  name: string,
  expiresInDays: number,
  now: Date,
): Promise<{ key: ApiKey; secret: string }> {
  const secret = newApiKeySecret();
  const row = await db
    .insertInto('api_keys')
    .values({
      user_id: userId,
      name,
      secret_hash: hashApiKeySecret(secret),
      hint: hintOf(secret),
      created_at: now,
      expires_at: new Date(now.getTime() + expiresInDays * DAY),
      expiry_warned_at: expiresInDays <= EXPIRY_WARNING_DAYS ? now : null,
    })
    .returning(keyColumns)
    .executeTakeFirstOrThrow();
  return { key: apiKeyView(row, now), secret };
}

/** Revokes one of the user's keys; false when the user has no such key not yet revoked. */
export async function revokeApiKey(db: Database, userId: number, keyId: number, now: Date) {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Revokes every key of the user (a password set through a reset link), in the caller's
 * transaction. Answers how many of them still worked, for the notice mail.
 */
export async function revokeAllApiKeys(db: Database, userId: number, now: Date): Promise<number> {
  const revoked = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('expires_at')
    .execute();
  return revoked.filter((row) => new Date(row.expires_at) > now).length;
}
