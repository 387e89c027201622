import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test-support/login';
import { parseMessage, type ReceivedMail } from '../../../test-support/mailbox';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useMailboxApp, useTestApp } from '../../../test-support/useTestApp';
import { DEMO_PASSWORD } from '../demo/seed';
import { hashResetToken } from './reset';

const api = '/resources/v1';
const MINUTE = 60_000;
const invalidLink = {
  error: {
    code: 'FORBIDDEN',
    message: 'Länken är inte längre giltig. Du behöver återställa ditt lösenord igen för att få en ny länk.',
  },
};

/** The link of a reset mail and what it carries. */
function linkIn(mail: ReceivedMail) {
  const match = mail.text.match(/https?:\/\/\S+\/login\/reset\?\S+/);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  const url = new URL(match[0]);
  return { url, email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
}

describe.each(testDatabaseKinds)('password reset by mail on %s', (kind) => {
  const { testApp, mailbox } = useMailboxApp(kind);
  afterEach(() => testApp.clock.set(new Date()));

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url: `${api}/${url}`, payload, headers });
  const requestReset = (username: string, email: string, headers: Record<string, string> = {}) =>
    post('reset/request', { username, email }, headers);
  /** Requests a reset for a demo user and returns the link from the mail. */
  async function mailedLink(username: string) {
    expect((await requestReset(username, `${username}@example.se`)).statusCode).toBe(200);
    return linkIn(await mailbox.next());
  }

  it('mails a Swedish message with a link built from PUBLIC_URL, never from the request', async () => {
    const response = await requestReset('lev.admin', 'lev.admin@example.se', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const mail = await mailbox.next();
    expect(mail.to).toEqual(['lev.admin@example.se']);
    expect(mail.subject).toBe('Återställ ditt lösenord i Hjälpmedelsdatabasen');
    expect(mail.text).toContain('Länken gäller i 60 minuter och kan bara användas en gång.');
    const { url, email, token } = linkIn(mail);
    expect(url.origin).toBe('http://localhost:8080');
    expect(url.pathname).toBe('/login/reset');
    expect(email).toBe('lev.admin@example.se');
    expect(url.search).toContain('email=lev.admin%40example.se');
    // 256 random bits; the table holds only the hash.
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const stored = await testApp.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(hashResetToken(token));
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it('answers a pair that matches no user exactly as one that does, and mails nothing', async () => {
    const matching = await requestReset('region.utbud', 'REGION.UTBUD@example.se');
    const answers = [
      matching,
      await requestReset('region.utbud', 'someone.else@example.se'),
      await requestReset('finns.inte', 'finns.inte@example.se'),
      await requestReset('region.utbud', 'region.avtal@example.se'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(matching.body);
      expect(answer.headers['content-type']).toBe(matching.headers['content-type']);
    }
    expect((await mailbox.next()).to).toEqual(['region.utbud@example.se']);
    await expect(mailbox.next(500)).rejects.toThrow('no mail arrived');
  });

  it('answers 400 when a field is empty', async () => {
    for (const [username, email] of [
      ['', 'lev.admin@example.se'],
      ['lev.admin', ''],
      [' ', ' '],
    ]) {
      const response = await requestReset(username!, email!);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Ange användarnamn och e-postadress.');
    }
  });

  it('validates a link without using it up, and refuses a wrong one with 403', async () => {
    const { email, token } = await mailedLink('lev2.admin');
    for (let i = 0; i < 3; i++) {
      const response = await post('reset/validate', { email, token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    }
    for (const payload of [
      { email, token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
      { email: 'lev.admin@example.se', token },
      { email, token: '' },
    ]) {
      const response = await post('reset/validate', payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(invalidLink);
    }
  });

  it('keeps a link valid for 60 minutes', async () => {
    const { email, token } = await mailedLink('region.tilldelat');
    testApp.clock.advance(59 * MINUTE);
    expect((await post('reset/validate', { email, token })).statusCode).toBe(200);
    testApp.clock.advance(MINUTE);
    expect((await post('reset/validate', { email, token })).statusCode).toBe(403);
    const change = await post('reset/change', { email, token, newPassword: 'Ett-nytt-losenord-1' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual(invalidLink);
  });

  it('refuses short, long and common passwords with an errors object, and keeps the link', async () => {
    const { email, token } = await mailedLink('region.avtal');
    const cases: Array<[string, string]> = [
      ['', 'Ditt lösenord måste vara minst 10 tecken långt.'],
      ['kort-123', 'Ditt lösenord måste vara minst 10 tecken långt.'],
      ['ååååäääöö', 'Ditt lösenord måste vara minst 10 tecken långt.'],
      ['x'.repeat(129), 'Ditt lösenord får vara högst 128 tecken långt.'],
      ['1234567890', 'Lösenordet är för vanligt och lätt att gissa. Välj ett annat lösenord.'],
      ['Lösenord123', 'Lösenordet är för vanligt och lätt att gissa. Välj ett annat lösenord.'],
      ['Sommar2025!', 'Lösenordet är för vanligt och lätt att gissa. Välj ett annat lösenord.'],
    ];
    for (const [newPassword, message] of cases) {
      const response = await post('reset/change', { email, token, newPassword });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'BAD_REQUEST', message, errors: { newPassword: message } },
      });
    }
    expect((await post('reset/validate', { email, token })).statusCode).toBe(200);
    // Exactly 10 and exactly 128 characters are fine (characters, not bytes).
    const response = await post('reset/change', { email, token, newPassword: 'åäöÅÄÖåäö!' });
    expect(response.statusCode).toBe(200);
    expect((await mailbox.next()).subject).toBe('Ditt lösenord i Hjälpmedelsdatabasen har ändrats');
  });

  it('changes the password once, ends every session of the user and mails a notice', async () => {
    const first = await loginAs(testApp, 'superadmin');
    const second = await loginAs(testApp, 'superadmin');
    const other = await loginAs(testApp, 'lev.admin');
    const { email, token } = await mailedLink('superadmin');
    const older = await mailedLink('superadmin');
    const newPassword = `Ett-nytt-lösenord-${'å'.repeat(110)}`;
    expect([...newPassword].length).toBe(128);

    const response = await post('reset/change', { email, token, newPassword }, { cookie: first });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(response.cookies).toMatchObject([{ name: 'hmdb_session', value: '' }]);
    for (const cookie of [first, second]) {
      const profile = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie } });
      expect(profile.statusCode).toBe(401);
    }
    const untouched = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie: other } });
    expect(untouched.statusCode).toBe(200);

    const notice = await mailbox.next();
    expect(notice.to).toEqual(['superadmin@example.se']);
    expect(notice.subject).toBe('Ditt lösenord i Hjälpmedelsdatabasen har ändrats');
    expect(notice.text).not.toContain(token);

    // Single use, and the user's other links die with it.
    for (const link of [{ email, token }, older]) {
      expect((await post('reset/validate', link)).statusCode).toBe(403);
      const again = await post('reset/change', { ...link, newPassword: 'Ett-annat-losenord-2' });
      expect(again.statusCode).toBe(403);
    }
    const login = (password: string) => post('login', { username: 'superadmin', password });
    expect((await login(DEMO_PASSWORD)).statusCode).toBe(403);
    expect((await login(newPassword)).statusCode).toBe(200);
  });

  it('lets only one of two parallel changes with one link through', async () => {
    const { email, token } = await mailedLink('lev.ny');
    // Opened in a browser where someone else is signed in: that session stays.
    const someoneElse = await loginAs(testApp, 'lev2.admin');
    const responses = await Promise.all(
      ['Forsta-nya-losenordet', 'Andra-nya-losenordet'].map((newPassword) =>
        post('reset/change', { email, token, newPassword }, { cookie: someoneElse }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(responses.flatMap((r) => r.cookies)).toEqual([]);
    const profile = await testApp.app.inject({ url: `${api}/profile`, headers: { cookie: someoneElse } });
    expect(profile.statusCode).toBe(200);
    await mailbox.next();
  });

  it('lifts a login lock when the password is changed through a link', async () => {
    for (let i = 0; i < 10; i++)
      await post('login', { username: 'region.utbud', password: 'Fel-losenord-1' });
    expect((await post('login', { username: 'region.utbud', password: DEMO_PASSWORD })).statusCode).toBe(429);
    const { email, token } = await mailedLink('region.utbud');
    const newPassword = 'Region-utbud-nytt-1';
    expect((await post('reset/change', { email, token, newPassword })).statusCode).toBe(200);
    await mailbox.next();
    expect((await post('login', { username: 'region.utbud', password: newPassword })).statusCode).toBe(200);
  });

  it('sends at most 5 reset mails per account and hour, and still answers 200', async () => {
    for (let i = 0; i < 7; i++) {
      expect((await requestReset('lev.admin', 'lev.admin@example.se')).statusCode).toBe(200);
    }
    // The first test of this file sent lev.admin one mail already (same hour).
    for (let i = 0; i < 4; i++) expect((await mailbox.next()).to).toEqual(['lev.admin@example.se']);
    await expect(mailbox.next(500)).rejects.toThrow('no mail arrived');
    testApp.clock.advance(61 * MINUTE);
    await requestReset('lev.admin', 'lev.admin@example.se');
    const mail = await mailbox.next();
    expect(linkIn(mail).email).toBe('lev.admin@example.se');
  });
});

describe.each(testDatabaseKinds)('reset mail without SMTP on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('writes the mail to DATA_DIR/outbox as an .eml file', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${api}/reset/request`,
      payload: { username: 'lev.admin', email: 'lev.admin@example.se' },
    });
    expect(response.statusCode).toBe(200);
    const outbox = path.join(testApp.config.DATA_DIR, 'outbox');
    let files: string[] = [];
    for (let waited = 0; files.length === 0 && waited < 15_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      files = existsSync(outbox) ? readdirSync(outbox) : [];
    }
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(outbox, files[0]!), 'latin1');
    expect(eml).toContain('To: lev.admin@example.se');
    const mail = parseMessage(eml);
    expect(mail.subject).toBe('Återställ ditt lösenord i Hjälpmedelsdatabasen');
    expect(mail.text).toMatch(/login\/reset\?email=lev\.admin%40example\.se&token=[\w-]{43}\n/);
  });
});
