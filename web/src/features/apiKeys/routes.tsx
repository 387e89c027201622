import type { RouteObject } from 'react-router';

/** The owner's API keys (docs/api-keys.md), reached from the user menu. */
export const apiKeyRoutes: RouteObject[] = [
  {
    path: '/api-nycklar',
    lazy: async () => ({ Component: (await import('./ApiKeysPage')).ApiKeysPage }),
  },
];
