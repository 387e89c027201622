import type { RouteObject } from 'react-router';

/** The organisation's webhook endpoints (docs/api-webhooks.md), reached from the user menu. */
export const webhookRoutes: RouteObject[] = [
  {
    path: '/webhooks',
    lazy: async () => ({ Component: (await import('./WebhooksPage')).WebhooksPage }),
  },
];
