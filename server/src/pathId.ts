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
 * The same rule as a route's params schema, but for 0, which no row has: a path that fails its
 * params schema is answered 404 (errors.ts), as it names nothing there is. Written as a number
 * schema behind the text check, so the OpenAPI document gives the id its shape (an integer from 1)
 * instead of a text pattern.
 */
export const PathIdParam = z.preprocess(
  (value) => (typeof value === 'string' && PATH_ID.test(value) ? Number(value) : value),
  z.number().int().min(1).max(999_999_999),
);

/** A route's params of an organisation's id alone: the schema every such route shares. */
export const organizationParams = z.object({ organizationId: PathIdParam });
