import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../test-support/testApp';

/** An API answer, an API error and a page of the SPA (or its "not built" answer): every kind of response. */
const urls = ['/resources/v1/api/session/ping', '/resources/v1/finns-inte', '/login'];

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe.each(testDatabaseKinds)('security headers on %s (docs/product.md, "Security rules")', (kind) => {
  let development: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    development = await createTestApp(kind, { env: { NODE_ENV: 'development' } });
    production = await createTestApp(kind, { env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await development?.close();
    await production?.close();
  });

  it.each(urls)(
    '%s carries a CSP without inline scripts, nosniff, frame-ancestors none and a Referrer-Policy',
    async (url) => {
      for (const testApp of [development, production]) {
        const response = await testApp.app.inject({ url });
        const csp = directives(response.headers['content-security-policy']);
        expect(csp.get('default-src')).toEqual(["'self'"]);
        expect(csp.get('script-src')).toEqual(["'self'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
      }
    },
  );

  it.each(urls)('%s carries HSTS outside development only', async (url) => {
    const secure = await production.app.inject({ url });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(secure.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);

    const local = await development.app.inject({ url });
    expect(local.headers['strict-transport-security']).toBeUndefined();
    expect(directives(local.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
  });
});
