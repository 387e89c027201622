import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Profile } from '#contract/auth';
import { profileApi } from '../../api/profile';
import { createStore } from '../../app/store';
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
});
