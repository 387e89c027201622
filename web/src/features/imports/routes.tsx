import type { RouteObject } from 'react-router';

/** The import pages are lazy: they carry react-aria-components, which the login page must not load. */
export const importRoutes: RouteObject[] = [
  {
    path: '/import',
    lazy: async () => ({ Component: (await import('./components/ImportListPage')).ImportListPage }),
  },
  {
    path: '/import/:id',
    lazy: async () => ({ Component: (await import('./components/ImportSummaryPage')).ImportSummaryPage }),
  },
  {
    path: '/import/legacy/:id',
    lazy: async () => ({ Component: (await import('./components/LegacySummaryPage')).LegacySummaryPage }),
  },
];
