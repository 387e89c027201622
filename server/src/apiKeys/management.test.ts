import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createApiKeyAs } from '../../../test-support/apiKeys';
import { sessionCookieFor, testDatabaseKinds } from '../../../test-support/testApp';
import { useMailboxApp } from '../../../test-support/useTestApp';
import { hashApiKeySecret } from '../identity/apiKeySecret';
import { MAX_LIVE_KEYS_PER_USER } from '../identity/apiKeyStore';

const api = '/resources/v1';
const DAY = 24 * 3_600_000;

describe.each(testDatabaseKinds)('API key management on %s', (kind) => {
  const { testApp, mailbox } = useMailboxApp(kind);
  afterEach(async () => {
    testApp.clock.set(new Date());
    // Every test takes the mails it causes, so none is left for the next.
    await testApp.db.deleteFrom('api_keys').execute();
  });

  const list = (cookie: string) => testApp.app.inject({ url: `${api}/api-keys`, headers: { cookie } });
  const create = (cookie: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url: `${api}/api-keys`, headers: { cookie }, payload });
  const revoke = (cookie: string, id: number | string) =>
    testApp.app.inject({ method: 'POST', url: `${api}/api-keys/${id}/revoke`, headers: { cookie } });

  it('creates a key that is shown once: 256 random bits after hmdb_, only its hash stored', async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const now = testApp.clock.now();
    const response = await create(cookie, { name: '  Affärssystemet  ', expiresInDays: 30 });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { key, secret } = response.json();
    expect(secret).toMatch(/^hmdb_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(5), 'base64url')).toHaveLength(32);
    expect(key).toEqual({
      id: expect.any(Number),
      name: 'Affärssystemet',
      hint: `hmdb_…${secret.slice(-4)}`,
      created: now.toISOString(),
      expires: new Date(now.getTime() + 30 * DAY).toISOString(),
      lastUsed: null,
      expired: false,
    });

    const rows = await testApp.db.selectFrom('api_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).toBe(hashApiKeySecret(secret));
    expect(JSON.stringify(rows)).not.toContain(secret.slice(5, 40));

    // The list never holds the secret, only the hint.
    const listed = await list(cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.json()).toEqual({ keys: [key] });
    expect(listed.body).not.toContain(secret.slice(5, 40));
    await mailbox.next();
  });

  it('gives each key a new secret, 90 days by default, newest first', async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const first = await createApiKeyAs(testApp, cookie, { name: 'Första' });
    testApp.clock.advance(1000);
    const second = await createApiKeyAs(testApp, cookie, { name: 'Andra' });
    expect(first.secret).not.toBe(second.secret);
    expect(new Date(first.key.expires).getTime() - new Date(first.key.created).getTime()).toBe(90 * DAY);
    expect((await list(cookie)).json().keys.map((k: { name: string }) => k.name)).toEqual([
      'Andra',
      'Första',
    ]);
    await mailbox.next();
    await mailbox.next();
  });

  it('names what is wrong with a field, in Swedish, and creates nothing', async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const refused = async (payload: object) => {
      const response = await create(cookie, payload);
      expect(response.statusCode).toBe(400);
      return response.json().error;
    };
    expect(await refused({ name: '   ' })).toEqual({
      code: 'BAD_REQUEST',
      message: 'Ange ett namn på nyckeln.',
      errors: { name: 'Ange ett namn på nyckeln.' },
    });
    expect((await refused({ name: 'å'.repeat(101) })).errors).toEqual({
      name: 'Namnet får vara högst 100 tecken långt.',
    });
    expect((await refused({ name: 'Rad ett\nRad två' })).errors).toEqual({
      name: 'Namnet får inte innehålla radbrytningar eller andra styrtecken.',
    });
    const days = 'Ange hur många dagar nyckeln ska gälla, ett heltal från 1 till 365.';
    for (const expiresInDays of [0, 366, 1.5, -3]) {
      expect((await refused({ name: 'ERP', expiresInDays })).errors).toEqual({ expiresInDays: days });
    }
    expect((await refused({ name: '', expiresInDays: 400 })).errors).toEqual({
      name: 'Ange ett namn på nyckeln.',
      expiresInDays: days,
    });
    // Not the shape at all: the general answer.
    expect(await refused({ name: 12 })).toEqual({ code: 'BAD_REQUEST', message: 'Felaktig begäran.' });
    // A name of exactly 100 characters and 365 days are accepted.
    expect((await create(cookie, { name: 'å'.repeat(100), expiresInDays: 365 })).statusCode).toBe(201);
    expect((await list(cookie)).json().keys).toHaveLength(1);
    await mailbox.next();
  });

  it('refuses a name with bidirectional controls, invisible characters or line separators, as file names', async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    for (const name of [
      'ERP\u202Etxt.exe',
      '\u200B',
      '\u200B\u200B\u200B',
      'Rad ett\u2028Rad två',
      'Rad ett\u2029Rad två',
      'ERP\u2066x\u2069',
      'ER\uFEFFP',
      'ERP\u00AD',
    ]) {
      const response = await create(cookie, { name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().error, JSON.stringify(name)).toEqual({
        code: 'BAD_REQUEST',
        message: 'Namnet får inte innehålla radbrytningar eller andra styrtecken.',
        errors: { name: 'Namnet får inte innehålla radbrytningar eller andra styrtecken.' },
      });
    }
    expect((await list(cookie)).json().keys).toEqual([]);
    // No mail went out for them: the first one is the next key's.
    expect((await create(cookie, { name: 'Affärssystemet åäö' })).statusCode).toBe(201);
    const mail = await mailbox.next();
    expect(mail.text).toContain('Namn: Affärssystemet åäö');
    expect(mail.text).not.toMatch(/[\u202E\u200B\u2028]/);
  });

  it('mails the owner when a key is created: its name, hint and expiry, never the secret', async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const { key, secret } = await createApiKeyAs(testApp, cookie, {
      name: 'Affärssystemet',
      expiresInDays: 90,
    });
    const mail = await mailbox.next();
    expect(mail.to).toEqual(['lev.admin@example.se']);
    expect(mail.subject).toBe('En ny API-nyckel har skapats i Hjälpmedelsdatabasen');
    expect(mail.text).toContain('Namn: Affärssystemet');
    expect(mail.text).toContain(`Nyckel: ${key.hint}`);
    expect(mail.text).toMatch(/Går ut: \d{1,2} \p{L}+ \d{4} kl\. \d{2}:\d{2}/u);
    expect(mail.text).toContain('http://localhost:8080/api-nycklar');
    expect(mail.raw).not.toContain(secret.slice(5, 20));
    expect(mail.text).not.toContain(secret.slice(5));
  });

  it('revokes a key: gone from the list, refused at once; twice or another user’s is 404', async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const { key, secret } = await createApiKeyAs(testApp, cookie);
    const other = await createApiKeyAs(testApp, await sessionCookieFor(testApp, 'lev.ny'));
    expect((await testApp.app.inject({ url: `${api}/profile`, headers: bearer(secret) })).statusCode).toBe(
      200,
    );

    const response = await revoke(cookie, key.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list(cookie)).json()).toEqual({ keys: [] });
    const used = await testApp.app.inject({ url: `${api}/profile`, headers: bearer(secret) });
    expect(used.statusCode).toBe(401);
    expect(used.json().error.code).toBe('API_KEY_REVOKED');

    const notFound = {
      error: { code: 'NOT_FOUND', message: 'API-nyckeln finns inte eller är redan återkallad.' },
    };
    expect((await revoke(cookie, key.id)).json()).toEqual(notFound);
    expect((await revoke(cookie, other.key.id)).statusCode).toBe(404);
    expect((await revoke(cookie, 'abc')).statusCode).toBe(404);
    // The other user's key still works.
    expect(
      (await testApp.app.inject({ url: `${api}/profile`, headers: bearer(other.secret) })).statusCode,
    ).toBe(200);
    await mailbox.next();
    await mailbox.next();
  });

  it('lists expired keys as expired until they are revoked', async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const { key } = await createApiKeyAs(testApp, cookie, { expiresInDays: 1 });
    testApp.clock.advance(DAY);
    const cookieLater = await sessionCookieFor(testApp, 'lev.admin');
    expect((await list(cookieLater)).json().keys).toEqual([{ ...key, expired: true }]);
    expect((await revoke(cookieLater, key.id)).statusCode).toBe(204);
    expect((await list(cookieLater)).json().keys).toEqual([]);
    await mailbox.next();
  });

  it(`holds at most ${MAX_LIVE_KEYS_PER_USER} working keys per user`, async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const keys = [];
    for (let i = 0; i < MAX_LIVE_KEYS_PER_USER; i++) keys.push(await createApiKeyAs(testApp, cookie));
    const refused = await create(cookie, { name: 'En till' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `Du har redan ${MAX_LIVE_KEYS_PER_USER} giltiga API-nycklar, vilket är det högsta antalet. Återkalla en nyckel som inte används innan du skapar en ny.`,
    );
    await revoke(cookie, keys[0]!.key.id);
    expect((await create(cookie, { name: 'En till' })).statusCode).toBe(201);
    for (let i = 0; i <= MAX_LIVE_KEYS_PER_USER; i++) await mailbox.next();
  });

  it('is for signed-in users who may import, or read every price list, only', async () => {
    const noSession = await testApp.app.inject({ url: `${api}/api-keys` });
    expect(noSession.statusCode).toBe(401);
    const region = await sessionCookieFor(testApp, 'region.tilldelat');
    const forbidden = {
      error: { code: 'FORBIDDEN', message: 'Du har inte behörighet att hantera API-nycklar.' },
    };
    expect((await list(region)).json()).toEqual(forbidden);
    expect((await create(region, { name: 'ERP' })).json()).toEqual(forbidden);
    expect((await revoke(region, 1)).statusCode).toBe(403);
    expect(await testApp.db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
  });

  it("gives a region's user a key that reads the change feed and nothing it may not", async () => {
    const region = await sessionCookieFor(testApp, 'region.avtal');
    const { secret } = await createApiKeyAs(testApp, region);
    await mailbox.next();
    const feed = await testApp.app.inject({
      url: `${api}/pricelists/changes?limit=1`,
      headers: bearer(secret),
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.json()).toMatchObject({ entries: [], more: false });
    // Its user may not import: the key may not either.
    const supplier = await testApp.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Hjälpmedel Demo AB')
      .executeTakeFirstOrThrow();
    const upload = await testApp.app.inject({
      method: 'GET',
      url: `${api}/imports/${supplier.id}`,
      headers: bearer(secret),
    });
    expect(upload.statusCode).toBe(404);
  });

  it('never takes a key: a key can neither list, make nor revoke keys', async () => {
    const cookie = await sessionCookieFor(testApp, 'lev.admin');
    const { key, secret } = await createApiKeyAs(testApp, cookie);
    const notAccepted = {
      error: {
        code: 'API_KEY_NOT_ACCEPTED',
        message:
          'Den här begäran kan inte göras med en API-nyckel. API-nycklar fungerar bara för de anrop som anges i dokumentationen.',
      },
    };
    const calls = [
      { method: 'GET' as const, url: `${api}/api-keys` },
      { method: 'POST' as const, url: `${api}/api-keys`, payload: { name: 'Från en nyckel' } },
      { method: 'POST' as const, url: `${api}/api-keys/${key.id}/revoke` },
    ];
    for (const call of calls) {
      // With the key alone, and with the key beside a live session: the key decides, and is refused.
      for (const headers of [bearer(secret), { ...bearer(secret), cookie }]) {
        const response = await testApp.app.inject({ ...call, headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(response.json()).toEqual(notAccepted);
      }
    }
    expect((await list(cookie)).json().keys).toEqual([key]);
    await mailbox.next();
  });
});
