import type { RouteObject } from 'react-router';

/** The start page, at "/" and "/start", loaded on demand. */
const lazyStartPage = async () => ({ Component: (await import('./StartPage')).StartPage });

export const startRoutes: RouteObject[] = [
  { path: '/', lazy: lazyStartPage },
  { path: '/start', lazy: lazyStartPage },
];
