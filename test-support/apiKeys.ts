import type { CreatedApiKey } from '#contract';
import type { TestApp } from './testApp';

/**
 * Creates an API key through the real `POST api-keys` with a session cookie (from `loginAs` or
 * `sessionCookieFor`) and returns the answer: the key and its secret.
 */
export async function createApiKeyAs(
  testApp: TestApp,
  cookie: string,
  body: { name?: string; expiresInDays?: number } = {},
): Promise<CreatedApiKey> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/resources/v1/api-keys',
    headers: { cookie },
    payload: { name: 'ERP-system', ...body },
  });
  if (response.statusCode !== 201) {
    throw new Error(`creating an API key answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/** The `Authorization` header of a request made with `secret`. */
export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
