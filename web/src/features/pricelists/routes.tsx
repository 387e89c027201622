import type { RouteObject } from 'react-router';

/**
 * The price lists in view: read-only pages at the /v1 paths the shell already links to (the
 * summary's price-list number, the header's "Generell prislista"). Every other /v1 path stays a
 * placeholder; with V1_APP_URL set the server sends /v1/* to that application instead.
 */
export const pricelistRoutes: RouteObject[] = [
  {
    path: '/v1/organization/:organizationId/generalpricelist/:generalPricelistId',
    lazy: async () => ({ Component: (await import('./GeneralPricelistPage')).GeneralPricelistPage }),
  },
  {
    path: '/v1/organization/:organizationId/generalpricelist/:generalPricelistId/pricelist/:pricelistId',
    lazy: async () => ({ Component: (await import('./PricelistPage')).PricelistPage }),
  },
];
