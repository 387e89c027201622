import type { Database } from '../db/database';

/**
 * Wakes this instance's job loop when a request has just made a job (an upload, a confirm), so
 * it starts at once instead of at the next poll. Other instances find it at their next poll.
 * Keyed by the database handle: each app (and each test app) has its own.
 */
const listeners = new WeakMap<Database, Set<() => void>>();

export function notifyImportJobs(db: Database) {
  for (const listener of listeners.get(db) ?? []) listener();
}

export function onImportJobs(db: Database, listener: () => void): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}
