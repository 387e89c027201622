import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createApiKeyAs } from '../../../test-support/apiKeys';
import { loginAs } from '../../../test-support/login';
import {
  createTestApp,
  sessionCookieFor,
  type TestApp,
  testDatabaseKinds,
} from '../../../test-support/testApp';
import { API_KEY_RATE } from '../config';
import { hashApiKeySecret } from './apiKeySecret';
import { createApiKey } from './apiKeyStore';
import { hashSessionId } from './session';

const api = '/resources/v1';
const SECOND = 1000;
const DAY = 24 * 3_600_000;

interface LogLine {
  level: number;
  msg: string;
  apiKey?: string;
  reason?: string;
  apiKeyId?: number;
}

describe.each(testDatabaseKinds)('requests with an API key on %s', (kind) => {
  const lines: string[] = [];
  let testApp: TestApp;
  let organizationId: number;
  let generalPricelistId: number;
  let currentPricelistId: number;
  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      env: { LOG_LEVEL: 'info' },
      logDestination: { write: (line: string) => lines.push(line) },
    });
    const general = await testApp.db
      .selectFrom('general_pricelists as g')
      .innerJoin('organizations as o', 'o.id', 'g.organization_id')
      .select(['g.id', 'g.organization_id'])
      .where('o.name', '=', 'Hjälpmedel Demo AB')
      .executeTakeFirstOrThrow();
    organizationId = general.organization_id;
    generalPricelistId = general.id;
    currentPricelistId = (
      await testApp.db
        .selectFrom('pricelists')
        .select('id')
        .where('general_pricelist_id', '=', general.id)
        .where('number', '=', '2')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => testApp?.close());
  afterEach(async () => {
    testApp.clock.set(new Date());
    await testApp.db.deleteFrom('api_keys').execute();
  });

  const keyOf = async (username = 'lev.admin', body: { expiresInDays?: number } = {}) =>
    createApiKeyAs(testApp, await sessionCookieFor(testApp, username), body);
  const get = (path: string, headers: Record<string, string>) =>
    testApp.app.inject({ url: `${api}/${path}`, headers });
  const logged = () => lines.map((line) => JSON.parse(line) as LogLine);

  it('reads the profile and the price lists with the key alone: no cookie, no session, no cookie set', async () => {
    const { secret } = await keyOf();
    const sessionsBefore = await testApp.db.selectFrom('sessions').select('id_hash').execute();

    const profile = await get('profile', bearer(secret));
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ firstName: expect.any(String), previousLoginFound: true });
    expect(profile.json().userEngagements[0].organizationId).toBe(organizationId);
    expect(profile.headers['cache-control']).toBe('no-store');

    const reads = [
      `organizations/${organizationId}/generalpricelists`,
      `organizations/${organizationId}/generalpricelists/pricelists/active`,
      `pricelists/${organizationId}/${generalPricelistId}`,
      `pricelists/${organizationId}/${generalPricelistId}/${currentPricelistId}/rows?limit=5`,
    ];
    for (const path of reads) {
      const response = await get(path, bearer(secret));
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['set-cookie'], path).toBeUndefined();
    }
    const rows = (await get(reads[3]!, bearer(secret))).json();
    expect(rows.rows).toHaveLength(5);

    // The key is its user's: another organisation's lists are not there for it.
    const other = await testApp.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Annan Leverantör AB')
      .executeTakeFirstOrThrow();
    expect((await get(`pricelists/${other.id}/${generalPricelistId}`, bearer(secret))).statusCode).toBe(404);
    expect(await testApp.db.selectFrom('sessions').select('id_hash').execute()).toEqual(sessionsBefore);
  });

  it('never reads or slides a session that comes with it: the key alone decides', async () => {
    const { secret, key } = await keyOf();
    const cookie = await loginAs(testApp, 'lev.admin');
    const idHash = hashSessionId(cookie.split('=')[1]!);
    const session = () =>
      testApp.db
        .selectFrom('sessions')
        .select(['idle_expires_at', 'last_seen_at'])
        .where('id_hash', '=', idHash)
        .executeTakeFirstOrThrow();
    const before = await session();
    testApp.clock.advance(10 * 60 * SECOND);
    const withBoth = await get('profile', { ...bearer(secret), cookie });
    expect(withBoth.statusCode).toBe(200);
    expect(withBoth.headers['set-cookie']).toBeUndefined();
    expect(await session()).toEqual(before);

    // A refused key is not rescued by the live session beside it.
    await testApp.app.inject({
      method: 'POST',
      url: `${api}/api-keys/${key.id}/revoke`,
      headers: { cookie },
    });
    const refused = await get('profile', { ...bearer(secret), cookie });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('API_KEY_REVOKED');
  });

  it('is refused with 401 on every route that does not take keys, and changes nothing there', async () => {
    const { secret } = await keyOf();
    const cookie = await loginAs(testApp, 'lev.admin');
    const calls = [
      {
        method: 'POST' as const,
        url: 'reset/request',
        payload: { username: 'lev.admin', email: 'lev.admin@example.se' },
      },
      {
        method: 'POST' as const,
        url: 'reset/change',
        payload: { email: 'a@b.se', token: 'x', newPassword: 'Ett-nytt-losenord-1' },
      },
      { method: 'POST' as const, url: 'logout' },
      { method: 'POST' as const, url: 'login', payload: { username: 'lev.admin', password: 'fel' } },
      { method: 'GET' as const, url: 'api/session/ping' },
      { method: 'GET' as const, url: `organizations/${organizationId}` },
      { method: 'GET' as const, url: 'api-keys' },
      { method: 'GET' as const, url: 'finns-inte' },
    ];
    for (const call of calls) {
      for (const headers of [bearer(secret), { ...bearer(secret), cookie }]) {
        const response = await testApp.app.inject({ ...call, url: `${api}/${call.url}`, headers });
        expect(response.statusCode, call.url).toBe(401);
        expect(response.json(), call.url).toEqual({
          error: {
            code: 'API_KEY_NOT_ACCEPTED',
            message:
              'Den här begäran kan inte göras med en API-nyckel. API-nycklar fungerar bara för de anrop som anges i dokumentationen.',
          },
        });
        expect(response.headers['set-cookie'], call.url).toBeUndefined();
      }
    }
    // The logout with the key ended nothing: the session still works, by its cookie.
    expect((await get('profile', { cookie })).statusCode).toBe(200);
    // Nor did the reset request issue a token.
    expect(await testApp.db.selectFrom('password_reset_tokens').selectAll().execute()).toEqual([]);
  });

  it('stops working at its expiry', async () => {
    const { secret } = await keyOf('lev.admin', { expiresInDays: 1 });
    testApp.clock.advance(DAY - SECOND);
    expect((await get('profile', bearer(secret))).statusCode).toBe(200);
    testApp.clock.advance(SECOND);
    const expired = await get('profile', bearer(secret));
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(expired.json()).toEqual({
      error: {
        code: 'API_KEY_EXPIRED',
        message: 'API-nyckeln har gått ut. Skapa en ny nyckel under API-nycklar.',
      },
    });
  });

  it('acts with its user’s rights as they are now: a removed permission refuses it at once', async () => {
    const { secret } = await keyOf('lev.ny');
    const rows = `pricelists/${organizationId}/${generalPricelistId}/${currentPricelistId}/rows`;
    expect((await get(rows, bearer(secret))).statusCode).toBe(200);
    const engagement = await testApp.db
      .selectFrom('engagements as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select('e.id')
      .where('u.username', '=', 'lev.ny')
      .executeTakeFirstOrThrow();
    const roles = await testApp.db
      .deleteFrom('engagement_roles')
      .where('engagement_id', '=', engagement.id)
      .returningAll()
      .execute();
    try {
      for (const path of [rows, 'profile']) {
        const refused = await get(path, bearer(secret));
        expect(refused.statusCode, path).toBe(403);
        expect(refused.json().error.message).toBe(
          'API-nyckeln kan inte användas eftersom användaren som skapade den inte längre har behörighet att använda API-nycklar.',
        );
      }
    } finally {
      await testApp.db.insertInto('engagement_roles').values(roles).execute();
    }
    expect((await get(rows, bearer(secret))).statusCode).toBe(200);
  });

  it(`allows ${API_KEY_RATE.burst} requests at once and ${API_KEY_RATE.perMinute} a minute per key, then 429 with Retry-After`, async () => {
    const { secret } = await keyOf();
    const other = await keyOf();
    for (let i = 0; i < API_KEY_RATE.burst; i++) {
      const response = await get('profile', bearer(secret));
      if (response.statusCode !== 200) throw new Error(`request ${i + 1}: ${response.statusCode}`);
    }
    const limited = await get('profile', bearer(secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: 'För många anrop med den här API-nyckeln. Försök igen om 1 sekund.',
      },
    });
    // Per key: the user's other key is not held back.
    expect((await get('profile', bearer(other.secret))).statusCode).toBe(200);
    // A second later, a second's worth (10) is allowed again.
    testApp.clock.advance(SECOND);
    const perSecond = API_KEY_RATE.perMinute / 60;
    for (let i = 0; i < perSecond; i++) expect((await get('profile', bearer(secret))).statusCode).toBe(200);
    expect((await get('profile', bearer(secret))).statusCode).toBe(429);
  });

  it('records its last use, at most once a minute', async () => {
    const { secret, key } = await keyOf();
    const lastUsed = async () =>
      (
        await testApp.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', key.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    const first = testApp.clock.now();
    await get('profile', bearer(secret));
    expect(await lastUsed()).toEqual(first);
    testApp.clock.advance(30 * SECOND);
    await get('profile', bearer(secret));
    expect(await lastUsed()).toEqual(first);
    testApp.clock.advance(31 * SECOND);
    await get('profile', bearer(secret));
    expect(await lastUsed()).toEqual(testApp.clock.now());
    const listed = await get('api-keys', { cookie: await sessionCookieFor(testApp, 'lev.admin') });
    expect(listed.json().keys[0].lastUsed).toBe(testApp.clock.now().toISOString());
  });

  it('refuses malformed and unknown keys, and logs every refusal at warn without the secret', async () => {
    const { secret, key } = await keyOf();
    const unknown = `hmdb_${'A'.repeat(39)}Zz9_`;
    const notAKey = 'eyJhbGciOiJIUzI1NiJ9.hemligt-vaerde';
    lines.length = 0;
    for (const value of [unknown, notAKey, '', `${secret}x`]) {
      const response = await get('profile', { authorization: `Bearer ${value}` });
      expect(response.statusCode, value).toBe(401);
      expect(response.json(), value).toEqual({
        error: { code: 'API_KEY_INVALID', message: 'API-nyckeln är ogiltig.' },
      });
    }
    await testApp.app.inject({
      method: 'POST',
      url: `${api}/api-keys/${key.id}/revoke`,
      headers: { cookie: await sessionCookieFor(testApp, 'lev.admin') },
    });
    expect((await get('profile', bearer(secret))).statusCode).toBe(401);

    const refusals = logged().filter((line) => line.msg === 'api key refused');
    expect(refusals.map(({ level, reason, apiKey }) => ({ level, reason, apiKey }))).toEqual([
      { level: 40, reason: 'unknown', apiKey: 'hmdb_…Zz9_' },
      { level: 40, reason: 'malformed', apiKey: undefined },
      { level: 40, reason: 'malformed', apiKey: undefined },
      { level: 40, reason: 'malformed', apiKey: undefined },
      { level: 40, reason: 'revoked', apiKey: `hmdb_…${secret.slice(-4)}` },
    ]);
    expect(refusals[4]!.apiKeyId).toBe(key.id);
    const log = lines.join('');
    for (const value of [
      secret.slice(5, -4),
      unknown.slice(5, -4),
      'hemligt-vaerde',
      hashApiKeySecret(secret),
    ]) {
      expect(log).not.toContain(value);
    }
  });

  it('leaves other authorization schemes to the session (a proxy’s Basic credentials)', async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const basic = { authorization: `Basic ${Buffer.from('staging:losen').toString('base64')}` };
    expect((await get('profile', { ...basic, cookie })).statusCode).toBe(200);
    expect((await get('profile', basic)).statusCode).toBe(401);
    expect((await get('profile', basic)).json().error.code).toBe('UNAUTHORIZED');
  });

  it('goes with its user: deleting the user deletes the keys', async () => {
    const user = await testApp.db
      .insertInto('users')
      .values({
        username: 'tillfallig',
        email: 'tillfallig@example.se',
        first_name: 'Tillfällig',
        last_name: 'Användare',
        password_hash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { secret } = await createApiKey(testApp.db, user.id, 'ERP', 30, testApp.clock.now());
    await testApp.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await testApp.db
      .selectFrom('api_keys')
      .select('id')
      .where('secret_hash', '=', hashApiKeySecret(secret))
      .execute();
    expect(left).toEqual([]);
    expect((await get('profile', bearer(secret))).json().error.code).toBe('API_KEY_INVALID');
  });
});
