import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#contract/auth';
import { profileApi } from '../../api/profile';
import { createStore } from '../../app/store';
import { json, stubFetch } from '../../test/stubFetch';
import { RequireProfile } from './RequireProfile';

const profile: Profile = {
  id: 1,
  firstName: 'Lena',
  lastName: 'Leverantör',
  previousLoginFound: true,
  userEngagements: [],
};

describe('RequireProfile', () => {
  it('shows the guarded page once the profile is there', async () => {
    const store = createStore();
    await store.dispatch(profileApi.util.upsertQueryData('getProfile', undefined, profile));
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <RequireProfile />,
          children: [{ index: true, element: <p>Startsidan</p> }],
        },
        { path: '/login', element: <p>Inloggningen</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByText('Startsidan')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-out user to the login page, which returns to this page once signed in', async () => {
    stubFetch(async () => json({ error: { code: 'UNAUTHORIZED', message: 'Du är inte inloggad.' } }, 401));
    const router = createMemoryRouter(
      [
        {
          path: '/import/:id',
          element: <RequireProfile />,
          children: [{ index: true, element: <p>Sidan</p> }],
        },
        { path: '/login', element: <p>Inloggningen</p> },
      ],
      { initialEntries: ['/import/7?x=1'] },
    );
    render(
      <Provider store={createStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByText('Inloggningen')).toBeVisible();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?returnTo=%2Fimport%2F7%3Fx%3D1',
    );
  });
});

afterEach(() => vi.unstubAllGlobals());
