import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createApiKeyAs } from '../../../test-support/apiKeys';
import { loginAs } from '../../../test-support/login';
import { sessionCookieFor, testDatabaseKinds } from '../../../test-support/testApp';
import { useMailboxApp } from '../../../test-support/useTestApp';
import { warnOfExpiringApiKeys } from './expiryWarnings';

const api = '/resources/v1';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(testDatabaseKinds)('what ends an API key, and the mail before it expires, on %s', (kind) => {
  const { testApp, mailbox } = useMailboxApp(kind);
  afterEach(async () => {
    testApp.clock.set(new Date());
    await testApp.db.deleteFrom('api_keys').execute();
  });

  const profileWith = (secret: string) =>
    testApp.app.inject({ url: `${api}/profile`, headers: bearer(secret) });
  /** A key of lev.admin; its "created" mail is taken, so the next mail is what the test waits for. */
  async function keyFor(body: { name?: string; expiresInDays?: number }) {
    const created = await createApiKeyAs(testApp, await sessionCookieFor(testApp, 'lev.admin'), body);
    expect((await mailbox.next()).subject).toBe('En ny API-nyckel har skapats i Hjälpmedelsdatabasen');
    return created;
  }

  it('revokes every key of the user when the password is set through a reset link', async () => {
    const first = await keyFor({ name: 'Affärssystemet' });
    const second = await keyFor({ name: 'Lagersystemet' });
    const others = await createApiKeyAs(testApp, await sessionCookieFor(testApp, 'lev.ny'));
    await mailbox.next();
    expect((await profileWith(first.secret)).statusCode).toBe(200);

    await testApp.app.inject({
      method: 'POST',
      url: `${api}/reset/request`,
      payload: { username: 'lev.admin', email: 'lev.admin@example.se' },
    });
    const link = new URL((await mailbox.next()).text.match(/http\S+\/login\/reset\S+/)![0]);
    const changed = await testApp.app.inject({
      method: 'POST',
      url: `${api}/reset/change`,
      payload: {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        newPassword: 'Ett-helt-nytt-losen-42',
      },
    });
    expect(changed.statusCode).toBe(200);

    for (const { secret } of [first, second]) {
      const refused = await profileWith(secret);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('API_KEY_REVOKED');
    }
    // Another user's key is not touched.
    expect((await profileWith(others.secret)).statusCode).toBe(200);
    const cookie = await loginAs(testApp, 'lev.admin', 'Ett-helt-nytt-losen-42');
    expect((await testApp.app.inject({ url: `${api}/api-keys`, headers: { cookie } })).json()).toEqual({
      keys: [],
    });

    const notice = await mailbox.next();
    expect(notice.subject).toBe('Ditt lösenord i Hjälpmedelsdatabasen har ändrats');
    expect(notice.text).toContain(
      'Dina 2 API-nycklar har också återkallats. Program som använde dem behöver nya nycklar, som du skapar på sidan API-nycklar.',
    );
  });

  it('mails the owner once, a week before a key expires, from the housekeeping after a login', async () => {
    const { key } = await keyFor({ name: 'Affärssystemet', expiresInDays: 30 });
    // Eight days before: nothing yet.
    testApp.clock.advance(22 * DAY);
    await loginAs(testApp, 'region.avtal');
    await expect(mailbox.next(1500)).rejects.toThrow('no mail arrived');

    testApp.clock.advance(DAY + MINUTE);
    await loginAs(testApp, 'region.avtal');
    const warning = await mailbox.next();
    expect(warning.to).toEqual(['lev.admin@example.se']);
    expect(warning.subject).toBe('Din API-nyckel i Hjälpmedelsdatabasen går snart ut');
    expect(warning.text).toContain(`API-nyckeln ”Affärssystemet” (${key.hint}) för ditt konto lev.admin`);
    expect(warning.text).toContain('http://localhost:8080/api-nycklar');

    // Once per key: later runs send nothing more.
    testApp.clock.advance(2 * MINUTE);
    await loginAs(testApp, 'region.avtal');
    expect(await warnOfExpiringApiKeys(testApp)).toBe(0);
    await expect(mailbox.next(1500)).rejects.toThrow('no mail arrived');
  });

  it('warns of no key that has expired, is revoked, or lives a week or less', async () => {
    await keyFor({ name: 'Utgången', expiresInDays: 8 });
    testApp.clock.advance(8 * DAY);
    expect(await warnOfExpiringApiKeys(testApp)).toBe(0);

    const revoked = await keyFor({ name: 'Återkallad', expiresInDays: 10 });
    await keyFor({ name: 'Kort', expiresInDays: 7 });
    await testApp.app.inject({
      method: 'POST',
      url: `${api}/api-keys/${revoked.key.id}/revoke`,
      headers: { cookie: await sessionCookieFor(testApp, 'lev.admin') },
    });
    testApp.clock.advance(4 * DAY);
    expect(await warnOfExpiringApiKeys(testApp)).toBe(0);
    await expect(mailbox.next(1000)).rejects.toThrow('no mail arrived');
  });

  it('sends one mail per key when two runs meet', async () => {
    await keyFor({ name: 'Ett', expiresInDays: 10 });
    await keyFor({ name: 'Två', expiresInDays: 10 });
    testApp.clock.advance(4 * DAY);
    const claimed = await Promise.all([warnOfExpiringApiKeys(testApp), warnOfExpiringApiKeys(testApp)]);
    expect(claimed[0] + claimed[1]).toBe(2);
    const subjects = [(await mailbox.next()).text, (await mailbox.next()).text];
    expect(subjects.some((text) => text.includes('”Ett”'))).toBe(true);
    expect(subjects.some((text) => text.includes('”Två”'))).toBe(true);
    await expect(mailbox.next(1000)).rejects.toThrow('no mail arrived');
  });
});
