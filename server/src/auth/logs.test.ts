import { describe, expect, it } from 'vitest';
import { loginAs } from '../../../test-support/login';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useMailboxApp } from '../../../test-support/useTestApp';
import { DEMO_PASSWORD } from '../demo/seed';

const api = '/resources/v1';

describe.each(testDatabaseKinds)('what the auth flows log on %s', (kind) => {
  const lines: string[] = [];
  const { testApp, mailbox } = useMailboxApp(kind, {
    env: { LOG_LEVEL: 'trace' },
    logDestination: { write: (line: string) => lines.push(line) },
  });

  it('never holds a password, a reset token or a session id', async () => {
    const post = (url: string, payload: object, cookie = '') =>
      testApp.app.inject({
        method: 'POST',
        url: `${api}/${url}`,
        payload,
        headers: cookie ? { cookie } : {},
      });
    const wrongPassword = 'Fel-losenord-for-loggen';
    const newPassword = 'Nytt-losenord-for-loggen';

    await post('login', { username: 'lev.admin', password: wrongPassword });
    const cookie = await loginAs(testApp, 'lev.admin');
    const sessionId = cookie.split('=')[1]!;
    await testApp.app.inject({ url: `${api}/profile`, headers: { cookie } });
    await testApp.app.inject({ url: `${api}/api/session/ping`, headers: { cookie } });

    await post('reset/request', { username: 'lev.admin', email: 'lev.admin@example.se' });
    const link = new URL((await mailbox.next()).text.match(/http\S+/)![0]);
    const token = link.searchParams.get('token')!;
    // The SPA's own page, opened from the mail: the token is in the query string.
    await testApp.app.inject({ url: `${link.pathname}${link.search}` });
    await post('reset/validate', { email: 'lev.admin@example.se', token });
    await post('reset/change', { email: 'lev.admin@example.se', token, newPassword: 'kort' });
    await post('reset/change', { email: 'lev.admin@example.se', token, newPassword }, cookie);
    await mailbox.next();
    await post('login', { username: 'lev.admin', password: newPassword });
    await post('logout', {}, cookie);

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('password reset mail sent');
    for (const secret of [DEMO_PASSWORD, wrongPassword, newPassword, 'kort"', token, sessionId]) {
      expect(log).not.toContain(secret);
    }
  });
});
