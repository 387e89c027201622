import { notFound } from './errors';

/**
 * An id in a path: one to nine digits (every id fits PostgreSQL's integer), anything else is "not
 * found". The one rule for every route; the session is checked before it, so a caller without one
 * gets 401 whatever the path says.
 */
export function pathId(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw notFound();
  return Number(value);
}
