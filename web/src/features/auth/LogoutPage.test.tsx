import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { authRoutes } from './routes';

describe('the logged-out page', () => {
  it("says why after a time-out from idleness, with the server's idle setting", async () => {
    renderRoutes(authRoutes, '/logout', { reason: 'inactivity', idleMinutes: 30, maxHours: 12 });
    expect(
      await screen.findByText('Du har loggats ut eftersom du inte har varit aktiv på 30 minuter.'),
    ).toBeVisible();
  });

  it('names a shorter idle setting as the server gives it, not a built-in 30', async () => {
    renderRoutes(authRoutes, '/logout', { reason: 'inactivity', idleMinutes: 15, maxHours: 12 });
    expect(
      await screen.findByText('Du har loggats ut eftersom du inte har varit aktiv på 15 minuter.'),
    ).toBeVisible();
  });

  it('names the 12-hour limit when that ended the session', async () => {
    renderRoutes(authRoutes, '/logout', { reason: 'maxAge', idleMinutes: 30, maxHours: 12 });
    expect(await screen.findByText(/har varit inloggad i 12 timmar/)).toBeVisible();
    expect(screen.queryByText(/inte har varit aktiv/)).toBeNull();
  });

  it("gives no reason after a logout of the user's own", async () => {
    renderRoutes(authRoutes, '/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Du är utloggad' })).toBeVisible();
    expect(screen.queryByText(/Du har loggats ut eftersom/)).toBeNull();
  });
});
