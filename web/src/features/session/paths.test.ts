import { describe, expect, it } from 'vitest';
import { isOutsideSession } from './paths';

describe('pages where an ended session does not send the user to /logout (docs/product.md, "Session")', () => {
  it.each([
    '/login',
    '/login/recover',
    '/login/password/recover',
    '/login/reset',
    '/login/password/create',
    '/logout',
    '/welcome',
  ])('%s is outside the session', (path) => {
    expect(isOutsideSession(path)).toBe(true);
  });

  it.each(['/', '/start', '/import', '/import/42', '/v1/profile', '/loginx', '/welcome/x'])(
    '%s is inside it',
    (path) => {
      expect(isOutsideSession(path)).toBe(false);
    },
  );
});
