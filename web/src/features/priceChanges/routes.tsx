import type { RouteObject } from 'react-router';

/** The latest price changes across suppliers (docs/api-changes.md), reached from the user menu. */
export const priceChangeRoutes: RouteObject[] = [
  {
    path: '/prisandringar',
    lazy: async () => ({ Component: (await import('./PriceChangesPage')).PriceChangesPage }),
  },
];
