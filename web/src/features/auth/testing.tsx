import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createStore } from '../../app/store';
import { authRoutes } from './routes';

/** Renders the login area's routes at `path` (with navigation `state`) with a fresh store, as the app would. */
export function renderAuthRoute(path: string, state?: unknown) {
  const store = createStore();
  const router = createMemoryRouter(authRoutes, {
    initialEntries: [state === undefined ? path : { pathname: path, state }],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
