import type { RouteObject } from 'react-router';

/** Every /v1 path: the separate application's areas, shown as a placeholder inside the shell. */
export const v1Routes: RouteObject[] = [
  { path: '/v1/*', lazy: async () => ({ Component: (await import('./V1Page')).V1Page }) },
];
