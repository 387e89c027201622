import { createBrowserRouter, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { importRoutes } from '../features/imports/routes';
import { v1Routes } from '../features/placeholder/routes';
import { RequireProfile } from '../features/session/RequireProfile';
import { startRoutes } from '../features/start/routes';
import { ShellLayout } from './layout/ShellLayout';
import { RootLayout } from './RootLayout';

/** Every route of specification §2: the public pages, then the guarded shell with its features. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...authRoutes,
      {
        element: (
          <RequireProfile>
            <ShellLayout />
          </RequireProfile>
        ),
        children: [...startRoutes, ...importRoutes, ...v1Routes],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
