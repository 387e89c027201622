import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { decryptSecret, encryptSecret, NoSecretKey, newWebhookSecret, secretKeyOf } from './secrets';
import { webhookHeaders } from './signature';

describe('webhook secrets and signatures', () => {
  it('encrypts a secret for its organisation only', () => {
    const key = secretKeyOf(loadConfig({ WEBHOOKS_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') }));
    const secret = newWebhookSecret();
    const stored = encryptSecret(key, 7, secret);
    expect(stored).not.toContain(secret.slice(6));
    expect(decryptSecret(key, 7, stored)).toBe(secret);
    // Moved to another organisation, or read with another key, it does not open.
    expect(() => decryptSecret(key, 8, stored)).toThrow();
    expect(() => decryptSecret(Buffer.alloc(32, 2), 7, stored)).toThrow();
  });

  it('keeps a key of its own in the data folder outside production, and refuses without one in production', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'hmdb-key-'));
    const config = loadConfig({ DATA_DIR: folder });
    const key = secretKeyOf(config);
    expect(key).toHaveLength(32);
    expect(secretKeyOf(config).equals(key)).toBe(true);
    expect(statSync(path.join(folder, 'webhooks-secret.key')).mode & 0o777).toBe(0o600);
    expect(() => secretKeyOf(loadConfig({ NODE_ENV: 'production', DATA_DIR: folder }))).toThrow(NoSecretKey);
  });

  it('signs as Standard Webhooks, checked with its reference library', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'import.applied', data: { importId: 1 } });
    const headers = webhookHeaders(secret, 'msg_1', new Date(), body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
