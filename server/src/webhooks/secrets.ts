import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Endpoint signing secrets (docs/api-webhooks.md). A secret is `whsec_` and 32 random bytes in
 * base64, as Standard Webhooks has it. The database holds it encrypted with AES-256-GCM under
 * WEBHOOKS_SECRET_KEY, bound to its organisation: a dump alone does not reveal it, nor can a row
 * be moved to another organisation and still open.
 */

export const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** Production without WEBHOOKS_SECRET_KEY: endpoints cannot be added (the routes answer 503). */
export class NoSecretKey extends Error {
  override name = 'NoSecretKey';
}

const KEY_FILE = 'webhooks-secret.key';

/**
 * The encryption key: WEBHOOKS_SECRET_KEY, or in development and tests a key of this data folder,
 * made on first use (every instance that shares a database must then be given the same key).
 */
export function secretKeyOf(config: Pick<Config, 'WEBHOOKS_SECRET_KEY' | 'DATA_DIR' | 'NODE_ENV'>): Buffer {
  if (config.WEBHOOKS_SECRET_KEY) return Buffer.from(config.WEBHOOKS_SECRET_KEY, 'base64');
  if (config.NODE_ENV === 'production') throw new NoSecretKey('WEBHOOKS_SECRET_KEY is not set');
  const file = path.resolve(config.DATA_DIR, KEY_FILE);
  const known = folderKeys.get(file);
  if (known) return known;
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
      chmodSync(file, 0o600);
    } catch (error) {
      // Another instance on this folder made it first: use theirs.
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  folderKeys.set(file, key);
  return key;
}

/** The data folders' keys once read: every delivery needs one. */
const folderKeys = new Map<string, Buffer>();

const associated = (organizationId: number) => Buffer.from(`webhook-endpoint:${organizationId}`);

/** `v1.<iv>.<tag>.<ciphertext>`, each in base64url. */
export function encryptSecret(key: Buffer, organizationId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associated(organizationId));
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), encrypted]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, organizationId: number, stored: string): string {
  const [version, iv, tag, encrypted] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || encrypted === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(associated(organizationId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
