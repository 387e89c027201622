/**
 * Runs `task` at once (on the next tick) and then each time the timer fires, every `intervalMs`;
 * a failure goes to `onError`, never thrown. `stop()` clears the timers and waits
 * for a run still going (graceful shutdown).
 */
export function runAtStartAndEvery(
  intervalMs: number,
  task: () => Promise<void>,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = task().catch(onError);
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
