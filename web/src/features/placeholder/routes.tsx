import type { RouteObject } from 'react-router';

/** Every /v1 path: the separate application's areas, shown as a placeholder inside the shell. */
const placeholder = async () => ({ Component: (await import('./V1Page')).V1Page });

export const v1Routes: RouteObject[] = [
  { path: '/v1/*', lazy: placeholder },
  // "No general price list yet": a static segment, so the price-list page never takes it for an id.
  { path: '/v1/organization/:organizationId/generalpricelist/empty', lazy: placeholder },
];
