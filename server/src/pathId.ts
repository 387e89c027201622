import { z } from 'zod';
import { notFound } from './errors';

/** One to nine digits: every id fits PostgreSQL's integer. */
const PATH_ID = /^\d{1,9}$/;

/**
 * An id in a path: anything but one to nine digits is "not found". The one rule for every route;
 * the session is checked before it, so a caller without one gets 401 whatever the path says.
 */
export function pathId(value: string): number {
  if (!PATH_ID.test(value)) throw notFound();
  return Number(value);
}

/**
 * The same rule as a route's params schema. A path that fails its params schema is answered 404
 * (errors.ts): it names nothing there is.
 */
export const PathIdParam = z.string().regex(PATH_ID).transform(Number);
