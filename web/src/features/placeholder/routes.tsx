import type { RouteObject } from 'react-router';

export const v1Routes: RouteObject[] = [];
