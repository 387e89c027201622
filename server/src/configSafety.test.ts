import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../test-support/testApp';
import { ConfigError, loadConfig } from './config';

describe('configuration that cannot be unsafe', () => {
  it('refuses to start with the testability routes in production, in one line', () => {
    const load = () => loadConfig({ NODE_ENV: 'production', ENABLE_TESTABILITY: 'true' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      'Ogiltig konfiguration: ENABLE_TESTABILITY=true är inte tillåtet när NODE_ENV=production.',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ENABLE_TESTABILITY: '1' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production' }).ENABLE_TESTABILITY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', ENABLE_TESTABILITY: 'true' }).ENABLE_TESTABILITY).toBe(true);
  });

  it('refuses webhooks to loopback in production, and a secret key that is not 32 bytes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: 'true' })).toThrow(
      'Ogiltig konfiguration: WEBHOOKS_ALLOW_LOOPBACK=true är inte tillåtet när NODE_ENV=production.',
    );
    expect(loadConfig({ NODE_ENV: 'production' }).WEBHOOKS_ALLOW_LOOPBACK).toBe(false);
    expect(() => loadConfig({ WEBHOOKS_SECRET_KEY: 'kort' })).toThrow(
      'Ogiltig konfiguration: WEBHOOKS_SECRET_KEY: ska vara 32 byte i base64',
    );
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ WEBHOOKS_SECRET_KEY: key }).WEBHOOKS_SECRET_KEY).toBe(key);
  });

  it('trusts no proxy by default; TRUST_PROXY takes true/false, a hop count or addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    for (const bad of ['yes', 'localhost', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Ogiltig konfiguration: TRUST_PROXY: /);
    }
  });
});

describe.each(testDatabaseKinds)('forwarded headers and the Origin check on %s', (kind) => {
  const apps: TestApp[] = [];
  const appWith = async (env: Record<string, string> = {}) => {
    const testApp = await createTestApp(kind, { env, seed: false });
    apps.push(testApp);
    return testApp;
  };
  let byDefault: TestApp;
  beforeAll(async () => {
    byDefault = await appWith();
  });
  afterAll(async () => {
    for (const testApp of apps) await testApp.close();
  });

  // A foreign page's POST, with forwarded headers claiming the foreign page's own host.
  const crossSitePost = (testApp: TestApp) =>
    testApp.app.inject({
      method: 'POST',
      url: '/resources/v1/logout',
      headers: {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });

  it('by default X-Forwarded-Host/-Proto cannot make a cross-origin POST pass', async () => {
    const response = await crossSitePost(byDefault);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Begäran kommer från en annan webbplats.' },
    });
    const sameSite = await byDefault.app.inject({
      method: 'POST',
      url: '/resources/v1/logout',
      headers: { origin: 'http://localhost:8080' },
    });
    expect(sameSite.statusCode).toBe(204);
  });

  it('a proxy not in TRUST_PROXY is not believed; a listed one is', async () => {
    // inject() comes from 127.0.0.1.
    expect((await crossSitePost(await appWith({ TRUST_PROXY: '10.0.0.1' }))).statusCode).toBe(403);
    expect((await crossSitePost(await appWith({ TRUST_PROXY: '127.0.0.1' }))).statusCode).toBe(204);
    expect((await crossSitePost(await appWith({ TRUST_PROXY: 'loopback' }))).statusCode).toBe(204);
  });
});
