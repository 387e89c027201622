import { DEMO_PASSWORD } from '../server/src/demo/seed';
import type { TestApp } from './testApp';

/**
 * Signs in through the real `POST login` and returns the Cookie header value of the new
 * session, for `inject({ headers: { cookie } })`. The demo password is the default.
 */
export async function loginAs(testApp: TestApp, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/resources/v1/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login as ${username} answered ${response.statusCode}: ${response.body}`);
  }
  const cookie = response.cookies[0];
  if (!cookie) throw new Error(`login as ${username} set no cookie`);
  return `${cookie.name}=${cookie.value}`;
}
