import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './returnPath';

describe('where signing in again returns to: this site only, never an open redirect', () => {
  it.each([
    ['/import/42', '/import/42'],
    ['/import/42?filter=1#errors', '/import/42?filter=1#errors'],
    ['/v1/pricelists/3', '/v1/pricelists/3'],
    ['/', '/'],
    // A path that only looks like a host stays a path of this site.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/import/../start', '/start'],
  ])('%s returns to %s', (value, path) => {
    expect(safeReturnPath(value)).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil.example/import',
    'https://evil.example',
    'http://evil.example/import/1',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /import',
    'javascript:alert(1)',
    'import/42',
    '',
    '/login',
    '/login/recover',
    '/logout',
    `/${'a'.repeat(2000)}`,
    42,
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("puts the path in the login page's address, or nothing to return to", () => {
    expect(loginPathReturningTo('/import/42?x=1')).toBe('/login?returnTo=%2Fimport%2F42%3Fx%3D1');
    expect(loginPathReturningTo('//evil.example')).toBe('/login');
    expect(loginPathReturningTo('/')).toBe('/login');
  });
});
