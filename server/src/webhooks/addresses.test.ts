/**
 * Where a webhook may go, as one table: each address is tried when an endpoint is added (through
 * the API, with loopback refused as in production) and again at delivery (the sender, as if the
 * row had been written around the checks), where it must be refused before any connection. A
 * name that resolves to loopback is refused unless loopback is allowed; and plain http://,
 * allowed for development on loopback, goes only to loopback at delivery, whatever the name
 * resolves to by then.
 */
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test-support/importFlow';
import { sessionCookieFor, testDatabaseKinds } from '../../../test-support/testApp';
import { useTestApp } from '../../../test-support/useTestApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test-support/webhookReceiver';
import type { Resolve } from './addresses';
import { createWebhookSender } from './sender';

const internal = (address: string) =>
  `Adressen pekar på ${address}, som inte är en adress på internet. Webhooks skickas bara till adresser på internet.`;
const notHttps = 'Adressen måste börja med https://.';
const credentials = 'Adressen får inte innehålla användarnamn eller lösenord.';
const invalid = /^Ange en giltig adress som börjar med https:\/\//;

/**
 * What adding the address answers (error.errors.url), or 'added'; and what a delivery to it
 * records when the URL can be stored at all.
 */
interface Row {
  url: string;
  added: string | RegExp | 'added';
  delivered?: string | RegExp;
}
const refused = (url: string, address: string): Row => ({
  url,
  added: internal(address),
  delivered: `Adressen ${address} är inte en adress på internet. Webhooks skickas inte dit.`,
});
const refusedAs = (url: string, message: string): Row => ({ url, added: message, delivered: message });

const matrix: Record<string, Row[]> = {
  'RFC 1918': [
    refused('https://10.0.0.1/hooks', '10.0.0.1'),
    refused('https://172.16.0.1/', '172.16.0.1'),
    refused('https://172.31.255.254/', '172.31.255.254'),
    refused('https://192.168.1.1/', '192.168.1.1'),
  ],
  loopback: [
    refused('https://127.0.0.1/', '127.0.0.1'),
    refused('https://127.8.9.10/', '127.8.9.10'),
    refused('https://[::1]/', '::1'),
  ],
  unspecified: [
    refused('https://0.0.0.0/', '0.0.0.0'),
    refused('https://0/', '0.0.0.0'),
    refused('https://[::]/', '::'),
  ],
  'link-local': [refused('https://169.254.1.1/', '169.254.1.1'), refused('https://[fe80::1]/', 'fe80::1')],
  'cloud metadata': [
    refused('https://169.254.169.254/latest/meta-data', '169.254.169.254'),
    refused('https://[fd00:ec2::254]/', 'fd00:ec2::254'),
  ],
  'carrier-grade NAT': [
    refused('https://100.64.0.1/', '100.64.0.1'),
    refused('https://100.127.255.254/', '100.127.255.254'),
  ],
  'unique-local IPv6': [
    refused('https://[fc00::1]/', 'fc00::1'),
    refused('https://[fd12:3456:789a::1]/', 'fd12:3456:789a::1'),
  ],
  NAT64: [
    refused('https://[64:ff9b::169.254.169.254]/', '64:ff9b::a9fe:a9fe'),
    refused('https://[64:ff9b:1::a00:1]/', '64:ff9b:1::a00:1'),
  ],
  '6to4 and Teredo': [
    refused('https://[2002:a9fe:a9fe::1]/', '2002:a9fe:a9fe::1'),
    refused('https://[2001:0:4136:e378::1]/', '2001:0:4136:e378::1'),
  ],
  'IPv4-mapped IPv6': [
    refused('https://[::ffff:127.0.0.1]/', '::ffff:7f00:1'),
    refused('https://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'),
    refused('https://[::ffff:10.0.0.1]/', '::ffff:a00:1'),
  ],
  'IPv4-compatible IPv6': [
    refused('https://[::127.0.0.1]/', '::7f00:1'),
    refused('https://[::169.254.169.254]/', '::a9fe:a9fe'),
    refused('https://[::10.0.0.1]/', '::a00:1'),
    // Deprecated (RFC 4291) and outside 2000::/3: refused whatever it carries.
    refused('https://[::8.8.8.8]/', '::808:808'),
  ],
  'IPv4 written otherwise': [
    refused('https://2130706433/', '127.0.0.1'),
    refused('https://2852039166/', '169.254.169.254'),
    refused('https://0177.0.0.1/', '127.0.0.1'),
    refused('https://0251.0376.0251.0376/', '169.254.169.254'),
    refused('https://0x7f000001/', '127.0.0.1'),
    refused('https://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'),
    refused('https://127.1/', '127.0.0.1'),
    refused('https://10.1/', '10.0.0.1'),
    refused('https://169.254.43518/', '169.254.169.254'),
  ],
  'other ranges': [
    refused('https://224.0.0.1/', '224.0.0.1'),
    refused('https://255.255.255.255/', '255.255.255.255'),
    refused('https://240.0.0.1/', '240.0.0.1'),
    refused('https://192.0.2.1/', '192.0.2.1'),
    refused('https://198.18.0.1/', '198.18.0.1'),
    refused('https://[2001:db8::1]/', '2001:db8::1'),
    refused('https://[ff02::1]/', 'ff02::1'),
    refused('https://[fec0::1]/', 'fec0::1'),
    refused('https://[4000::1]/', '4000::1'),
  ],
  userinfo: [
    refusedAs('https://user@8.8.8.8/', credentials),
    refusedAs('https://:losen@8.8.8.8/', credentials),
    refusedAs('https://user:pw@hooks.example.se/', credentials),
    refusedAs('https://8.8.8.8@127.0.0.1/', credentials),
  ],
  'trailing dots': [
    refused('https://127.0.0.1./', '127.0.0.1'),
    refused('https://169.254.169.254./', '169.254.169.254'),
    // A name: refused when it resolves (to loopback) and when it does not.
    {
      url: 'https://localhost./',
      added: /^(Adressen pekar på (127\.0\.0\.1|::1), |Namnet localhost\. gick inte att slå upp\.)/,
      delivered:
        /^(Adressen (127\.0\.0\.1|::1) är inte en adress på internet\.|Namnet gick inte att slå upp)/,
    },
  ],
  '[host]': [
    { url: 'https://[127.0.0.1]/', added: invalid },
    { url: 'https://[10.0.0.1]/', added: invalid },
    refused('https://[::1]:8443/', '::1'),
  ],
  scheme: [
    refusedAs('http://8.8.8.8/hooks', notHttps),
    { url: 'ftp://8.8.8.8/hooks', added: invalid, delivered: notHttps },
  ],
  'on the internet': [
    { url: 'https://8.8.8.8/hooks', added: 'added' },
    { url: 'https://[2606:4700:4700::1111]/hooks', added: 'added' },
    // Mapped, it is the IPv4 address it carries.
    { url: 'https://[::ffff:8.8.8.8]/hooks', added: 'added' },
  ],
};

const rows = Object.entries(matrix).flatMap(([kind, entries]) => entries.map((row) => ({ kind, ...row })));

describe.each(testDatabaseKinds)('webhook addresses (%s)', (kind) => {
  // The default settings: loopback refused, as in production.
  const testApp = useTestApp(kind);
  const strict = createWebhookSender({ WEBHOOKS_ALLOW_LOOPBACK: false, WEBHOOKS_TIMEOUT_SECONDS: 1 });
  afterAll(() => strict.close());

  it.each(rows)('$kind: $url', async ({ url, added, delivered }) => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const answer = await testApp.app.inject({
      method: 'POST',
      url: `${api}/webhooks`,
      headers: { cookie },
      payload: { url, events: ['import.applied'] },
    });
    if (added === 'added') {
      expect(answer.statusCode, answer.body).toBe(201);
      const { id } = answer.json().endpoint;
      const removed = await testApp.app.inject({
        method: 'DELETE',
        url: `${api}/webhooks/${id}`,
        headers: { cookie },
      });
      expect(removed.statusCode).toBe(204);
      return;
    }
    expect(answer.statusCode).toBe(400);
    const message = answer.json().error.errors.url;
    if (typeof added === 'string') expect(message).toBe(added);
    else expect(message).toMatch(added);
    if (delivered === undefined) return;
    // At delivery, as if the row had been written around the check: refused, never connected.
    expect(await strict.post(new URL(url), {}, '{}')).toEqual({
      ok: false,
      statusCode: null,
      error: typeof delivered === 'string' ? delivered : expect.stringMatching(delivered),
    });
  });
});

describe('loopback and plain http:// at delivery', () => {
  let receiver: WebhookReceiver;
  /** What the name resolves to now: the test changes it, as DNS may change. */
  let answer: LookupAddress[] = [];
  const resolve: Resolve = (_hostname, _options, callback) => callback(null, answer);
  const config = { WEBHOOKS_ALLOW_LOOPBACK: true, WEBHOOKS_TIMEOUT_SECONDS: 2 };
  const notLoopback = (address: string) =>
    `Adressen ${address} är inte loopback. Med http:// skickas webhooks bara till loopback; andra adresser måste börja med https://.`;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  /** One delivery by a new sender (a new connection, as after an idle keep-alive has closed). */
  const post = async (url: string, loopbackAllowed = true) => {
    const sender = createWebhookSender({ ...config, WEBHOOKS_ALLOW_LOOPBACK: loopbackAllowed }, resolve);
    try {
      return await sender.post(new URL(url), {}, '{"type":"webhook.test"}');
    } finally {
      sender.close();
    }
  };

  it('refuses a name that resolves to loopback unless loopback is allowed', async () => {
    const strict = createWebhookSender({ ...config, WEBHOOKS_ALLOW_LOOPBACK: false });
    try {
      const port = new URL(receiver.url).port;
      // The system's resolver: localhost is loopback.
      expect(await strict.post(new URL(`https://localhost:${port}/hooks`), {}, '{}')).toEqual({
        ok: false,
        statusCode: null,
        error: expect.stringMatching(/^Adressen (127\.0\.0\.1|::1) är inte en adress på internet\./),
      });
      expect(await strict.post(new URL(`http://127.0.0.1:${port}/hooks`), {}, '{}')).toEqual({
        ok: false,
        statusCode: null,
        error: notHttps,
      });
    } finally {
      strict.close();
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('goes to a name while it resolves to loopback, and not once it resolves to the internet', async () => {
    const url = `http://hooks.example.se:${new URL(receiver.url).port}/hooks`;
    answer = [{ address: '127.0.0.1', family: 4 }];
    expect(await post(url)).toEqual({ ok: true, statusCode: 204 });
    expect((await receiver.next()).path).toBe('/hooks');

    answer = [{ address: '93.184.216.34', family: 4 }];
    expect(await post(url)).toEqual({ ok: false, statusCode: null, error: notLoopback('93.184.216.34') });
    answer = [
      { address: '127.0.0.1', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ];
    expect(await post(url)).toEqual({
      ok: false,
      statusCode: null,
      error: notLoopback('2606:2800:220:1:248:1893:25c8:1946'),
    });
    // Only the delivery while the name was loopback arrived; a name on the internet needs https://.
    expect(receiver.received).toHaveLength(1);
  });

  it('does not go to a literal address on the internet, nor anywhere when loopback is not allowed', async () => {
    expect(await post('http://93.184.216.34/hooks')).toEqual({
      ok: false,
      statusCode: null,
      error: notLoopback('93.184.216.34'),
    });
    answer = [{ address: '127.0.0.1', family: 4 }];
    expect(await post(`http://hooks.example.se:${new URL(receiver.url).port}/hooks`, false)).toEqual({
      ok: false,
      statusCode: null,
      error: notHttps,
    });
    expect(receiver.received).toHaveLength(1);
  });
});
