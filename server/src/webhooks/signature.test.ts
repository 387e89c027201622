/**
 * Our signer against Standard Webhooks' own known-answer vector, and the verification example of
 * docs/api-webhooks.md (run as the reader would copy it) against the convention's refusals, case
 * by case beside the `standardwebhooks` package, an implementation independent of ours.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signWebhook, webhookHeaders } from './signature';

/** The specification's example (the standardwebhooks libraries test with it). */
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

type Headers = Record<string, string>;
type Verify = (secret: string, headers: Headers, rawBody: string) => boolean;

/** The js block under "## Verifying a delivery" in docs/api-webhooks.md, as a module. */
function docsExample(): string {
  const docs = readFileSync(new URL('../../../docs/api-webhooks.md', import.meta.url), 'utf8');
  const start = docs.indexOf('\n## Verifying a delivery\n');
  expect(start, 'docs/api-webhooks.md has a "## Verifying a delivery" section').toBeGreaterThan(0);
  const section = docs.slice(start + 1, docs.indexOf('\n## ', start + 1));
  const blocks = [...section.matchAll(/```js\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
  expect(blocks).toHaveLength(1);
  return blocks[0]!;
}

/** The library's verdict: true when it verifies, false when it refuses (it throws then). */
const libraryVerifies: Verify = (secret, headers, rawBody) => {
  try {
    new Webhook(secret).verify(rawBody, headers);
    return true;
  } catch {
    return false;
  }
};

describe('Standard Webhooks signatures', () => {
  let folder: string;
  let verifyWebhook: Verify;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'hmdb-verify-example-'));
    const file = path.join(folder, 'verifyWebhook.mjs');
    writeFileSync(file, docsExample());
    ({ verifyWebhook } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      verifyWebhook: Verify;
    });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  // The vector's time: both verifiers compare the timestamp with the clock.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(vector.timestamp * 1000);
  });
  afterEach(() => vi.useRealTimers());

  it('signs the specification’s known-answer vector exactly', () => {
    expect(signWebhook(vector.secret, vector.id, vector.timestamp, vector.payload)).toBe(vector.signature);
    expect(
      webhookHeaders(vector.secret, vector.id, new Date(vector.timestamp * 1000), vector.payload),
    ).toEqual({
      'webhook-id': vector.id,
      'webhook-timestamp': String(vector.timestamp),
      'webhook-signature': vector.signature,
    });
    // The library computes the same, and both verifiers accept it.
    expect(
      new Webhook(vector.secret).sign(vector.id, new Date(vector.timestamp * 1000), vector.payload),
    ).toBe(vector.signature);
  });

  const valid: Headers = {
    'webhook-id': vector.id,
    'webhook-timestamp': String(vector.timestamp),
    'webhook-signature': vector.signature,
  };
  const without = (name: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== name));
  const mac = vector.signature.slice('v1,'.length);
  /** Signed over its own timestamp, as a sender whose clock is off would. */
  const signedAt = (timestamp: number): Headers => ({
    ...valid,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(vector.secret, vector.id, timestamp, vector.payload),
  });

  const cases: Array<{ name: string; headers: Headers; body?: string; secret?: string; genuine: boolean }> = [
    { name: 'the vector as sent', headers: valid, genuine: true },
    { name: 'no webhook-id', headers: without('webhook-id'), genuine: false },
    { name: 'no webhook-timestamp', headers: without('webhook-timestamp'), genuine: false },
    { name: 'no webhook-signature', headers: without('webhook-signature'), genuine: false },
    {
      name: 'a timestamp that is not a number',
      headers: { ...valid, 'webhook-timestamp': 'igår' },
      genuine: false,
    },
    { name: 'signed 5 minutes ago, the limit', headers: signedAt(vector.timestamp - 300), genuine: true },
    { name: 'signed 5 minutes and 1 second ago', headers: signedAt(vector.timestamp - 301), genuine: false },
    { name: 'signed 5 minutes ahead, the limit', headers: signedAt(vector.timestamp + 300), genuine: true },
    {
      name: 'signed 5 minutes and 1 second ahead',
      headers: signedAt(vector.timestamp + 301),
      genuine: false,
    },
    {
      name: 'the vector’s signature on a stale timestamp',
      headers: { ...valid, 'webhook-timestamp': String(vector.timestamp - 301) },
      genuine: false,
    },
    {
      name: 'a signature cut short',
      headers: { ...valid, 'webhook-signature': `v1,${mac.slice(0, -4)}` },
      genuine: false,
    },
    {
      name: 'a signature without its padding',
      headers: { ...valid, 'webhook-signature': `v1,${mac.slice(0, -1)}` },
      genuine: false,
    },
    { name: 'an empty signature', headers: { ...valid, 'webhook-signature': 'v1,' }, genuine: false },
    {
      name: 'the right value under another version',
      headers: { ...valid, 'webhook-signature': `v2,${mac}` },
      genuine: false,
    },
    {
      name: 'several signatures, the right one among noise',
      headers: {
        ...valid,
        'webhook-signature': `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,${mac} nonsense v1a,${mac} ${vector.signature} v1,`,
      },
      genuine: true,
    },
    {
      name: 'several signatures, none of them right',
      headers: {
        ...valid,
        'webhook-signature': `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,${mac} v1,${mac.slice(1)}`,
      },
      genuine: false,
    },
    { name: 'a body changed by a space', headers: valid, body: '{"test":2432232314}', genuine: false },
    {
      name: 'another secret',
      headers: valid,
      secret: 'whsec_Zm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyMTI=',
      genuine: false,
    },
  ];

  it.each(cases)('$name: the docs’ example and the library agree', ({ headers, body, secret, genuine }) => {
    const args = [secret ?? vector.secret, headers, body ?? vector.payload] as const;
    expect(verifyWebhook(...args)).toBe(genuine);
    expect(libraryVerifies(...args)).toBe(genuine);
  });
});
