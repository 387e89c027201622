import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nProvider } from 'react-aria-components';
import { Provider } from 'react-redux';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createStore } from '../app/store';

/**
 * The SPA's test render helpers, in one place: components and routes rendered inside the app's
 * real store and a memory router. Here, not in the features, because only the app may be
 * imported from here (features never import web/src/app).
 */

/** Renders a component at `path` (default /import), as a page of the app would be. */
export function renderInApp(ui: ReactElement, { path = '/import' } = {}) {
  const store = createStore();
  const router = createMemoryRouter(
    [
      { path, element: <I18nProvider locale="sv-SE">{ui}</I18nProvider> },
      { path: '*', element: <p>Annan sida</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    store,
    router,
    ...render(<Provider store={store}>{<RouterProvider router={router} />}</Provider>),
  };
}

/** Renders a feature's routes at `path` (with navigation `state`) with a fresh store, as the app would. */
export function renderRoutes(routes: RouteObject[], path: string, state?: unknown) {
  const store = createStore();
  const router = createMemoryRouter(routes, {
    initialEntries: [state === undefined ? path : { pathname: path, state }],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
