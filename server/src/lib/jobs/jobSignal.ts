/**
 * Wakes this instance's job loop when a request has just made a job (an upload, a confirm), so
 * it starts at once instead of at the next poll. Other instances find it at their next poll.
 * One per app (AppDeps), so each app, and each test app, has its own.
 */
export class JobSignal {
  private readonly listeners = new Set<() => void>();

  notify() {
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` on every notify until the returned function is called. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
