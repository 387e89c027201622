import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_REQUEST_HEADER } from '#contract';
import { loginAs } from '../../../test-support/login';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useTestApp } from '../../../test-support/useTestApp';
import { DEMO_PASSWORD } from '../demo/seed';
import { hashSessionId } from './session';

const api = '/resources/v1';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The server's idle and absolute limits and its ping interval as the ping names them (the defaults). */
const settings = { idleMinutes: 30, maxHours: 12, pingSeconds: 30 };

describe.each(testDatabaseKinds)('session supervision on %s', (kind) => {
  const testApp = useTestApp(kind);
  afterEach(() => testApp.clock.set(new Date()));

  const profile = (cookie: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ url: `${api}/profile`, headers: { cookie, ...headers } });
  const ping = (cookie?: string) =>
    testApp.app.inject({ url: `${api}/api/session/ping`, headers: cookie ? { cookie } : {} });

  it('ends a session after 30 idle minutes, and each request slides that', async () => {
    const cookie = await loginAs(testApp, 'lev.admin');
    testApp.clock.advance(29 * MINUTE);
    expect((await profile(cookie)).statusCode).toBe(200);
    testApp.clock.advance(29 * MINUTE);
    expect((await profile(cookie)).statusCode).toBe(200);
    testApp.clock.advance(30 * MINUTE + 1000);
    expect((await profile(cookie)).statusCode).toBe(401);
    // Expiry ends the session on the server, not just in the answer.
    const rows = await testApp.db
      .selectFrom('sessions')
      .where('id_hash', '=', hashSessionId(cookie.split('=')[1]!))
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it('ends a session 12 hours after login however active it is', async () => {
    const cookie = await loginAs(testApp, 'lev.admin');
    for (let elapsed = 0; elapsed < 11 * HOUR + 40 * MINUTE; elapsed += 20 * MINUTE) {
      testApp.clock.advance(20 * MINUTE);
      expect((await profile(cookie)).statusCode).toBe(200);
    }
    // 20 minutes left: the ping counts down to the absolute end, not to a fresh idle half hour.
    expect((await ping(cookie)).json()).toEqual({
      hasSession: true,
      secondsUntilExpire: 20 * 60,
      endsBy: 'maxAge',
      ...settings,
    });
    testApp.clock.advance(20 * MINUTE);
    expect((await profile(cookie)).statusCode).toBe(401);
    expect((await ping(cookie)).json()).toEqual({ hasSession: false, secondsUntilExpire: 0, ...settings });
  });

  it('answers the ping with the seconds left and never extends the session', async () => {
    const cookie = await loginAs(testApp, 'lev.admin');
    expect((await ping(cookie)).json()).toEqual({
      hasSession: true,
      secondsUntilExpire: 30 * 60,
      endsBy: 'inactivity',
      ...settings,
    });
    for (let minute = 1; minute <= 29; minute++) {
      testApp.clock.advance(MINUTE);
      const response = await ping(cookie);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        hasSession: true,
        secondsUntilExpire: (30 - minute) * 60,
        endsBy: 'inactivity',
        ...settings,
      });
    }
    testApp.clock.advance(MINUTE);
    expect((await ping(cookie)).json()).toEqual({ hasSession: false, secondsUntilExpire: 0, ...settings });
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('answers the ping without a session (or with a forged cookie) with hasSession false', async () => {
    expect((await ping()).json()).toEqual({ hasSession: false, secondsUntilExpire: 0, ...settings });
    const forged = await ping('hmdb_session=not-a-session');
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ hasSession: false, secondsUntilExpire: 0, ...settings });
  });

  it('does not count background requests as activity, but a normal request', async () => {
    const cookie = await loginAs(testApp, 'region.utbud');
    testApp.clock.advance(20 * MINUTE);
    const background = await profile(cookie, { [BACKGROUND_REQUEST_HEADER]: 'true' });
    expect(background.statusCode).toBe(200);
    expect((await ping(cookie)).json().secondsUntilExpire).toBe(10 * 60);
    expect((await profile(cookie)).statusCode).toBe(200);
    expect((await ping(cookie)).json().secondsUntilExpire).toBe(30 * 60);
    testApp.clock.advance(29 * MINUTE);
    await profile(cookie, { [BACKGROUND_REQUEST_HEADER]: 'true' });
    testApp.clock.advance(2 * MINUTE);
    expect((await profile(cookie, { [BACKGROUND_REQUEST_HEADER]: 'true' })).statusCode).toBe(401);
  });

  it('deletes sessions that expired and never came back, at a later login', async () => {
    const cookie = await loginAs(testApp, 'region.tilldelat');
    const idHash = hashSessionId(cookie.split('=')[1]!);
    const stored = () =>
      testApp.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', idHash).execute();
    expect(await stored()).toHaveLength(1);
    testApp.clock.advance(31 * MINUTE);
    await loginAs(testApp, 'superadmin');
    for (let waited = 0; (await stored()).length > 0 && waited < 15_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await stored()).toEqual([]);
  });

  it('keeps other sessions of the same user when one logs out', async () => {
    const first = await loginAs(testApp, 'region.avtal');
    const second = await loginAs(testApp, 'region.avtal');
    await testApp.app.inject({ method: 'POST', url: `${api}/logout`, headers: { cookie: first } });
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
  });
});

describe.each(testDatabaseKinds)('session cookie in production on %s', (kind) => {
  const testApp = useTestApp(kind, { env: { NODE_ENV: 'production' } });

  it('is Secure, HttpOnly, SameSite=Lax and __Host- prefixed', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${api}/login`,
      payload: { username: 'lev.admin', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({
      name: '__Host-hmdb_session',
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
    // __Host- forbids a Domain attribute.
    expect(cookie!.domain).toBeUndefined();
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^__Host-hmdb_session=[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);

    const session = `${cookie!.name}=${cookie!.value}`;
    const profile = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie: session } });
    expect(profile.statusCode).toBe(200);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: `${api}/logout`,
      headers: { cookie: session },
    });
    expect(String(logout.headers['set-cookie'])).toMatch(/^__Host-hmdb_session=; .*Secure/);
  });

  it('is not read under the development name', async () => {
    const cookie = await loginAs(testApp, 'lev.admin');
    const renamed = cookie.replace('__Host-hmdb_session', 'hmdb_session');
    const response = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie: renamed } });
    expect(response.statusCode).toBe(401);
  });
});
