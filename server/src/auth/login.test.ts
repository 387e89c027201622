import { describe, expect, it } from 'vitest';
import { loginAs } from '../../../test-support/login';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useTestApp } from '../../../test-support/useTestApp';
import { DEMO_PASSWORD } from '../demo/seed';
import { hashSessionId } from '../identity/session';
import { dummyPasswordHash, passwordVerificationCount } from './passwords';

const api = '/resources/v1';
const wrongCredentials = {
  error: { code: 'LOGIN_FAILED', message: 'Du har angett fel användarnamn eller lösenord. Försök igen.' },
};

describe.each(testDatabaseKinds)('login, logout and profile on %s', (kind) => {
  const testApp = useTestApp(kind);

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url: `${api}/login`, payload: { username, password }, headers });

  it('answers a correct login with the profile and an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await login('lev.admin', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({ firstName: expect.any(String), previousLoginFound: true });
    expect(profile.userEngagements[0].roles[0].name).toBe('SupplierAgreementManager');
    expect(profile.userEngagements[0].roles[0].permissions).toContainEqual({ name: 'product:create_own' });
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({ name: 'hmdb_session', path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie!.secure).toBeUndefined();
    expect(cookie!.maxAge).toBeUndefined();
    // The id is opaque and random (256 bits); the table holds only its hash.
    expect(Buffer.from(cookie!.value, 'base64url').length).toBe(32);
    const stored = await testApp.db.selectFrom('sessions').select('id_hash').execute();
    expect(stored.map((s) => s.id_hash)).toContain(hashSessionId(cookie!.value));
    expect(stored.map((s) => s.id_hash)).not.toContain(cookie!.value);
  });

  it('says previousLoginFound false at the first login ever and true at the next', async () => {
    const first = await login('lev.ny', DEMO_PASSWORD);
    expect(first.json().previousLoginFound).toBe(false);
    const cookie = `${first.cookies[0]!.name}=${first.cookies[0]!.value}`;
    const profile = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie } });
    expect(profile.json().previousLoginFound).toBe(false);
    const second = await login('lev.ny', DEMO_PASSWORD);
    expect(second.json().previousLoginFound).toBe(true);
  });

  it('gives a new session id at login and ends the session the request came with', async () => {
    const before = await loginAs(testApp, 'region.avtal');
    const response = await login('region.avtal', DEMO_PASSWORD, { cookie: before });
    expect(response.statusCode).toBe(200);
    const after = `${response.cookies[0]!.name}=${response.cookies[0]!.value}`;
    expect(after).not.toBe(before);
    const old = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie: before } });
    expect(old.statusCode).toBe(401);
    const fresh = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie: after } });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown username with the same 403 and body', async () => {
    const wrongPassword = await login('region.utbud', 'Fel-losenord-123');
    const unknownUser = await login('finns.inte', 'Fel-losenord-123');
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(wrongCredentials);
      expect(response.cookies).toEqual([]);
    }
    expect(unknownUser.headers['content-type']).toBe(wrongPassword.headers['content-type']);
  });

  it('runs one argon2 verify for an unknown username too, against a hash of the same cost', async () => {
    expect(hashParameters(await dummyPasswordHash())).toEqual(hashParameters(await storedHash('lev.admin')));
    const verificationsOf = async (username: string) => {
      const before = passwordVerificationCount();
      const response = await login(username, 'Fel-losenord-456');
      expect(response.statusCode).toBe(403);
      return passwordVerificationCount() - before;
    };
    expect(await verificationsOf('region.tilldelat')).toBe(1);
    expect(await verificationsOf('okand.anvandare')).toBe(1);
  });

  it('answers 400 when a field is empty', async () => {
    for (const payload of [
      { username: '', password: DEMO_PASSWORD },
      { username: 'lev.admin', password: '' },
      { username: '  ', password: DEMO_PASSWORD },
    ]) {
      const response = await login(payload.username, payload.password);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Ange användarnamn och lösenord.');
    }
    const missing = await testApp.app.inject({ method: 'POST', url: `${api}/login`, payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const foreign = await login('lev.admin', DEMO_PASSWORD, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.cookies).toEqual([]);
    expect(foreign.json().error.code).toBe('FORBIDDEN');
    const nullOrigin = await login('lev.admin', DEMO_PASSWORD, { origin: 'null' });
    expect(nullOrigin.statusCode).toBe(403);
    const own = await login('lev.admin', DEMO_PASSWORD, { origin: 'http://localhost:8080' });
    expect(own.statusCode).toBe(200);
    const cookie = await loginAs(testApp, 'lev.admin');
    const logout = await testApp.app.inject({
      method: 'POST',
      url: `${api}/logout`,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    const stillIn = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie } });
    expect(stillIn.statusCode).toBe(200);
  });

  it('ends the session on the server at logout and clears the cookie', async () => {
    const cookie = await loginAs(testApp, 'superadmin');
    const response = await testApp.app.inject({ method: 'POST', url: `${api}/logout`, headers: { cookie } });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies[0]!;
    expect(cleared).toMatchObject({ name: 'hmdb_session', value: '', path: '/', httpOnly: true });
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    const idHash = hashSessionId(cookie.split('=')[1]!);
    const rows = await testApp.db.selectFrom('sessions').where('id_hash', '=', idHash).selectAll().execute();
    expect(rows).toEqual([]);
    // Replaying the old cookie gets nothing.
    const replay = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('answers logout without a session with 204 too', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: `${api}/logout` });
    expect(response.statusCode).toBe(204);
  });

  it('answers profile without a session with 401', async () => {
    const response = await testApp.app.inject({ url: `${api}/profile` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Du är inte inloggad.' } });
  });

  it('names only the caller’s own organisation', async () => {
    const cookie = await loginAs(testApp, 'lev2.admin');
    const profile = (await testApp.app.inject({ url: `${api}/profile`, headers: { cookie } })).json();
    const ownId = profile.userEngagements[0].organizationId;
    const own = await testApp.app.inject({ url: `${api}/organizations/${ownId}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ organizationName: 'Annan Leverantör AB' });
    const other = await testApp.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Hjälpmedel Demo AB')
      .executeTakeFirstOrThrow();
    for (const id of [other.id, 99_999, 'abc']) {
      const response = await testApp.app.inject({ url: `${api}/organizations/${id}`, headers: { cookie } });
      expect(response.statusCode).toBe(404);
    }
    const anonymous = await testApp.app.inject({ url: `${api}/organizations/${ownId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores passwords as argon2id with 19 MiB and 2 iterations', async () => {
    expect(hashParameters(await storedHash('lev.admin'))).toEqual({
      algorithm: 'argon2id',
      version: 'v=19',
      m: '19456',
      t: '2',
      p: '1',
    });
  });

  async function storedHash(username: string) {
    const user = await testApp.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return user.password_hash;
  }
});

/** The parts of a PHC string: `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`. */
function hashParameters(phc: string) {
  const [, algorithm, version, parameters] = phc.split('$');
  return { algorithm, version, ...Object.fromEntries(parameters!.split(',').map((p) => p.split('='))) };
}
