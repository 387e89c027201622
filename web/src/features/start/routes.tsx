import type { RouteObject } from 'react-router';

export const startRoutes: RouteObject[] = [];
