/**
 * Input the database cannot hold (NUL, a username past PostgreSQL's btree row size) and bodies
 * that are too large or not JSON: a 400/413/415 with a text that fits, never a 500.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useTestApp } from '../../../test-support/useTestApp';
import { DEMO_PASSWORD } from '../demo/seed';

const api = '/resources/v1';
const badRequest = { error: { code: 'BAD_REQUEST', message: 'Felaktig begäran.' } };

describe.each(testDatabaseKinds)('refused input to the auth API on %s', (kind) => {
  const testApp = useTestApp(kind);

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url: `${api}/${url}`, payload: payload as object, headers });

  it('answers 400 for a NUL in the login username or password', async () => {
    for (const body of [
      { username: 'lev.admin\u0000', password: DEMO_PASSWORD },
      { username: '\u0000', password: 'x' },
      { username: 'lev.admin', password: `${DEMO_PASSWORD}\u0000` },
    ]) {
      const response = await post('login', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(badRequest);
    }
    // The account is neither locked nor broken by them.
    expect((await post('login', { username: 'lev.admin', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('answers 400 for a login username of 3,000 characters (and anything past 254)', async () => {
    // Random, so that PostgreSQL cannot compress it below the btree's row size limit.
    const incompressible = randomBytes(2_250).toString('base64');
    for (const username of [incompressible, 'a'.repeat(255)]) {
      const response = await post('login', { username, password: 'wrong-password' });
      expect(response.statusCode, String(username.length)).toBe(400);
      expect(response.json()).toEqual(badRequest);
    }
    // 254 is a username like any other: unknown, so the login fails the usual way.
    const longest = await post('login', { username: 'a'.repeat(254), password: 'wrong-password' });
    expect(longest.statusCode).toBe(403);
    expect(longest.json().error.code).toBe('LOGIN_FAILED');
  });

  it('answers 400 for a NUL in the e-mail of reset/validate and reset/change', async () => {
    const token = 'A'.repeat(43);
    for (const [url, body] of [
      ['reset/validate', { email: 'lena@example.se\u0000', token }],
      ['reset/validate', { email: 'lena@example.se', token: `${token}\u0000` }],
      ['reset/change', { email: '\u0000', token, newPassword: 'ett helt nytt lösenord' }],
      ['reset/request', { username: 'lev.admin\u0000', email: 'lena@example.se' }],
      ['reset/validate', { email: `${'e'.repeat(3_000)}@example.se`, token }],
      [
        'reset/change',
        { email: 'lena@example.se', token: 'x'.repeat(3_000), newPassword: 'ett helt nytt lösenord' },
      ],
    ] as const) {
      const response = await post(url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(badRequest);
    }
    // Without the NUL the same requests are answered as documented.
    const valid = await post('reset/validate', { email: 'lena@example.se', token });
    expect(valid.statusCode).toBe(403);
  });

  it('answers a 2 MB login body with 413 and a text that does not talk about files', async () => {
    const response = await post('login', { username: 'lev.admin', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'Begäran är för stor.' },
    });
  });

  it('answers malformed JSON and a __proto__ key with "Felaktig begäran."', async () => {
    const json = { 'content-type': 'application/json' };
    for (const payload of [
      '{"username":"lev.admin","password":',
      `{"username":"lev.admin","password":"${DEMO_PASSWORD}","__proto__":{"admin":true}}`,
    ]) {
      const response = await post('login', payload, json);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual(badRequest);
    }
    const xml = await post('login', '<login/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Begäran har ett format som inte stöds.' },
    });
  });
});
