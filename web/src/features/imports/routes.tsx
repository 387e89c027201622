import type { RouteObject } from 'react-router';

export const importRoutes: RouteObject[] = [];
