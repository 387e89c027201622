import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#contract/auth';
import { renderRoutes } from '../../test/render';
import { json, stubFetch } from '../../test/stubFetch';
import { authRoutes } from './routes';

const profile: Profile = {
  id: 1,
  firstName: 'Lena',
  lastName: 'Lindqvist',
  previousLoginFound: true,
  userEngagements: [],
};

beforeEach(() => {
  stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/resources/v1/login' || path === '/resources/v1/profile') return json(profile);
    return json({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

const routes = [...authRoutes, { path: '*', element: <p>Annan sida</p> }];

async function signIn(path: string, state?: unknown) {
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, path, state);
  if (!path.startsWith('/login')) await user.click(screen.getByRole('button', { name: 'Till inloggning' }));
  await user.type(screen.getByLabelText('Användarnamn (obligatoriskt)'), 'lev.admin');
  await user.type(screen.getByLabelText('Lösenord (obligatoriskt)'), 'Demo-Losen-2026');
  await user.click(screen.getByRole('button', { name: 'Logga in' }));
  await screen.findByText('Annan sida');
  return router.state.location;
}

describe('signing in again after a session ended returns to the page the user was on', () => {
  it('from the logged-out page, through the login page, to the same page', async () => {
    const location = await signIn('/logout', {
      reason: 'inactivity',
      idleMinutes: 30,
      returnTo: '/import/7?x=1',
    });
    expect(`${location.pathname}${location.search}`).toBe('/import/7?x=1');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', '/\t/evil.example'])(
    'never to another site: returnTo=%s goes to the start page',
    async (returnTo) => {
      const location = await signIn(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await waitFor(() => expect(location.pathname).toBe('/'));
      expect(location.search).toBe('');
    },
  );
});
