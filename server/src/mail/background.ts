import type { Logger } from 'pino';

export interface BackgroundTasks {
  /** Runs a task outside the response path; a failure is logged, never thrown at a caller. */
  run(description: string, task: () => Promise<void>): void;
  /** Waits for the tasks under way (at shutdown, so none is cut off mid-way). */
  settle(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(description, task) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .catch((err: unknown) => logger.error({ err }, `${description} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settle() {
      await Promise.allSettled([...pending]);
    },
  };
}
