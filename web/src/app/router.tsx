import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
// The permission that gives the menu entry "Inläsningar" gives the import pages too.
import { API_KEY_PERMISSIONS } from '#contract/apiKeyRules';
import { IMPORT_PERMISSION, permissions } from '#contract/permissions';
import { WEBHOOK_PERMISSIONS } from '#contract/webhookRules';
import { apiKeyRoutes } from '../features/apiKeys/routes';
import { authRoutes } from '../features/auth/routes';
import { importRoutes } from '../features/imports/routes';
import { v1Routes } from '../features/placeholder/routes';
import { priceChangeRoutes } from '../features/priceChanges/routes';
import { pricelistRoutes } from '../features/pricelists/routes';
import { RequireProfile } from '../features/session/RequireProfile';
import { startRoutes } from '../features/start/routes';
import { webhookRoutes } from '../features/webhooks/routes';
import { ShellLayout } from './layout/ShellLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { RequirePermission } from './pages/RequirePermission';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { RootLayout } from './RootLayout';

/** What any other /v1 path shows: the separate application's page, as a placeholder. */
const V1Page = lazy(async () => ({ default: (await import('../features/placeholder/V1Page')).V1Page }));
const v1Placeholder = (
  <Suspense fallback={null}>
    <V1Page />
  </Suspense>
);

/**
 * Every route of docs/product.md, "Screens and routes": the public pages, then the guarded shell with its features.
 * A failing page shows its error inside the shell; an unknown path shows "Sidan finns inte" there.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage standalone />,
    children: [
      ...authRoutes,
      {
        element: (
          <RequireProfile>
            <ShellLayout />
          </RequireProfile>
        ),
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              ...startRoutes,
              {
                element: <RequirePermission permission={IMPORT_PERMISSION} />,
                children: importRoutes(<NotFoundPage />),
              },
              // The price lists in view, for the same users as the import pages and for the regions'
              // users who read every supplier's lists. The menu links others (a superadmin, say) to
              // these /v1 paths too: they see the placeholder that every other /v1 path shows, never
              // a refusal.
              {
                element: (
                  <RequirePermission
                    permission={[IMPORT_PERMISSION, permissions.generalPricelistViewAll]}
                    otherwise={v1Placeholder}
                  />
                ),
                children: pricelistRoutes,
              },
              {
                element: <RequirePermission permission={permissions.generalPricelistViewAll} />,
                children: priceChangeRoutes,
              },
              { element: <RequirePermission permission={API_KEY_PERMISSIONS} />, children: apiKeyRoutes },
              { element: <RequirePermission permission={WEBHOOK_PERMISSIONS} />, children: webhookRoutes },
              ...v1Routes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
