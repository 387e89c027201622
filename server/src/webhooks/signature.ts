import { createHmac } from 'node:crypto';
import { SECRET_PREFIX } from './secrets';

/**
 * The Standard Webhooks signature: HMAC-SHA256, keyed with the base64-decoded part of the secret
 * after `whsec_`, over `<webhook-id>.<webhook-timestamp>.<body>`, sent as `v1,<base64>`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt: the id stays the same on every attempt, the timestamp is the attempt's. */
export function webhookHeaders(secret: string, id: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
