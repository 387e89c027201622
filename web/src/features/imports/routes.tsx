import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/**
 * The import pages are lazy: they carry react-aria-components, which the login page must not load.
 * `notFound` is the shell's page for an address that names nothing: a summary of an import that is
 * not the user's organisation's, or not there at all, shows it.
 */
export const importRoutes = (notFound: ReactNode): RouteObject[] => [
  {
    path: '/import',
    lazy: async () => ({ Component: (await import('./components/list/ImportListPage')).ImportListPage }),
  },
  {
    path: '/import/:id',
    lazy: async () => {
      const { ImportSummaryRoute } = await import('./components/summary/ImportSummaryRoute');
      return { element: <ImportSummaryRoute notFound={notFound} /> };
    },
  },
  {
    path: '/import/legacy/:id',
    lazy: async () => ({
      Component: (await import('./components/summary/LegacySummaryPage')).LegacySummaryPage,
    }),
  },
];
