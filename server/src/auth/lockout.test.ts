import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useTestApp } from '../../../test-support/useTestApp';
import { DEMO_PASSWORD } from '../demo/seed';
import { LOCKOUT, lockEnd } from './lockout';

const api = '/resources/v1';
const MINUTE = 60_000;

describe('lockEnd', () => {
  const at = (minutes: number[]) => minutes.map((m) => m * MINUTE);

  it('locks for 15 minutes after the 10th failure within 15 minutes', () => {
    const failures = at([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(lockEnd(failures, 10 * MINUTE)).toBe(24 * MINUTE);
    expect(lockEnd(failures, 24 * MINUTE)).toBeUndefined();
  });

  it('does not lock for 9 failures, nor for 10 spread over more than 15 minutes', () => {
    expect(lockEnd(at([0, 1, 2, 3, 4, 5, 6, 7, 8]), 9 * MINUTE)).toBeUndefined();
    expect(lockEnd(at([0, 2, 4, 6, 8, 10, 12, 14, 15.5, 16]), 16 * MINUTE)).toBeUndefined();
  });

  it('takes the latest run of ten', () => {
    expect(lockEnd(at([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5]), 6 * MINUTE)).toBe(20 * MINUTE);
  });
});

describe.each(testDatabaseKinds)('login lockout on %s', (kind) => {
  const testApp = useTestApp(kind);
  afterEach(() => testApp.clock.set(new Date()));

  const login = (username: string, password: string) =>
    testApp.app.inject({ method: 'POST', url: `${api}/login`, payload: { username, password } });

  it('locks an account for 15 minutes after 10 failures, even for the right password', async () => {
    for (let i = 0; i < LOCKOUT.failures; i++) {
      expect((await login('lev.admin', `Fel-losenord-${i}`)).statusCode).toBe(403);
      testApp.clock.advance(30_000);
    }
    const locked = await login('lev.admin', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: {
        code: 'LOGIN_LOCKED',
        message: 'För många misslyckade inloggningsförsök. Försök igen om 15 minuter.',
      },
    });
    expect(locked.headers['retry-after']).toBe(String(15 * 60 - 30));
    expect(locked.cookies).toEqual([]);

    // Attempts during the lock do not prolong it.
    testApp.clock.advance(14 * MINUTE);
    const stillLocked = await login('lev.admin', DEMO_PASSWORD);
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.json().error.message).toBe(
      'För många misslyckade inloggningsförsök. Försök igen om 1 minut.',
    );
    testApp.clock.advance(MINUTE);
    expect((await login('lev.admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('locks only the account that was guessed at', async () => {
    for (let i = 0; i < LOCKOUT.failures; i++) await login('lev2.admin', 'Fel-losenord-123');
    expect((await login('lev2.admin', DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await login('region.utbud', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('locks unknown usernames alike, so a lock reveals nothing', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i <= LOCKOUT.failures; i++) {
      known.push((await login('region.tilldelat', 'Fel-losenord-123')).statusCode);
      unknown.push((await login('ingen.sadan', 'Fel-losenord-123')).statusCode);
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toBe(429);
  });

  it('forgets failures older than 15 minutes', async () => {
    for (let i = 0; i < LOCKOUT.failures - 1; i++) await login('superadmin', 'Fel-losenord-123');
    testApp.clock.advance(15 * MINUTE + 1000);
    expect((await login('superadmin', 'Fel-losenord-123')).statusCode).toBe(403);
    expect((await login('superadmin', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures between successful logins too', async () => {
    for (let i = 0; i < 5; i++) await login('region.avtal', 'Fel-losenord-123');
    expect((await login('region.avtal', DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await login('region.avtal', 'Fel-losenord-123');
    expect((await login('region.avtal', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('lets exactly 10 parallel guesses through to the password check', async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login('lev.ny', `Fel-losenord-${i}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 403).length).toBe(LOCKOUT.failures);
    expect(statuses.filter((status) => status === 429).length).toBe(25 - LOCKOUT.failures);
  });
});
