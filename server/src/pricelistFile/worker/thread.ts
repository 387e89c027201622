/**
 * One worker thread seen from the API thread: its start, one request posted to it, and how its
 * reply, error or exit becomes the answer or a WorkerThreadError. What the request asks is not
 * this module's business. The pool (pool.ts) decides when a thread starts and which request
 * gets it.
 */
import { Worker } from 'node:worker_threads';
import { type ThreadReply, type ThreadRequest, WORKER_READY } from './protocol';

export interface WorkerLimits {
  /** The worker's old-generation heap limit. */
  heapMb: number;
  /** After this long the worker is terminated and the call rejects with reason TIMEOUT. */
  deadlineMs: number;
}

/** The defaults of WORKER_HEAP_MB and WORKER_DEADLINE_SECONDS. */
export const defaultWorkerLimits: WorkerLimits = { heapMb: 512, deadlineMs: 120_000 };

/**
 * Why a thread gave no answer: TIMEOUT (terminated at the deadline), OUT_OF_MEMORY (it hit its
 * heap limit), CRASHED (it threw outside the request's handling; the message is what it threw),
 * EXITED (it ended without answering; `exitCode` when it ended during the request), or
 * REQUEST_FAILED (it answered that the request failed; its message and `detail`).
 */
export type WorkerThreadFailure = 'TIMEOUT' | 'OUT_OF_MEMORY' | 'CRASHED' | 'EXITED' | 'REQUEST_FAILED';

export class WorkerThreadError extends Error {
  override name = 'WorkerThreadError';
  readonly exitCode?: number;
  readonly detail?: unknown;
  constructor(
    readonly reason: WorkerThreadFailure,
    message: string,
    { exitCode, detail }: { exitCode?: number; detail?: unknown } = {},
  ) {
    super(message);
    this.exitCode = exitCode;
    this.detail = detail;
  }
}

export interface StartedWorker {
  worker: Worker;
  heapMb: number;
  exited: boolean;
  /** Requests this thread has done (a pool may give a lean thread another). */
  jobsDone: number;
  /** Whether the thread was kept after its last request, to do another; else it is ending. */
  kept: boolean;
  /** Resolves when the worker has loaded its modules and waits for a request. */
  ready: Promise<void>;
  /** Resolves when the thread has ended (its heap is given back). */
  gone: Promise<void>;
}

/**
 * Starts a worker thread from `entry`. It is unref'd, so an idle one never keeps the process
 * alive. It does one request at a time, and ends after it unless the pool keeps it
 * (runOnWorker's `keep`).
 */
export function startWorker(
  heapMb: number,
  entry: URL | string,
  onExit?: (started: StartedWorker) => void,
): StartedWorker {
  const worker = new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  worker.unref();
  const ready = new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== WORKER_READY) return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', () => resolve());
  });
  let exited!: () => void;
  const gone = new Promise<void>((resolve) => {
    exited = resolve;
  });
  const started: StartedWorker = { worker, heapMb, exited: false, jobsDone: 0, kept: false, ready, gone };
  worker.once('exit', () => {
    started.exited = true;
    exited();
    onExit?.(started);
  });
  // An idle worker that fails is simply replaced; a busy one reports through its own listener.
  worker.on('error', () => {});
  return started;
}

/** The request's refusal as a rejection, or null when it may be sent. */
export function refused(request: ThreadRequest): Promise<never> | null {
  const error = request.refusal?.();
  if (!error) return null;
  request.followUp?.catch(() => {});
  return Promise.reject(error);
}

/**
 * Does one request on a started worker. Then the worker ends, whatever the outcome, unless the
 * thread answered and `keep` says it may do another with the memory it now holds: it is then
 * left idle (`started.kept`), without this request's listeners.
 */
export function runOnWorker(
  started: StartedWorker,
  request: ThreadRequest,
  limits: WorkerLimits,
  keep: (memoryMb: number, jobsDone: number) => boolean = () => false,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const { worker } = started;
    worker.ref();
    started.kept = false;
    let settled = false;
    const settle = (action: () => void, memoryMb?: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      worker.removeAllListeners('message');
      worker.off('error', onError);
      worker.off('exit', onExit);
      started.jobsDone += 1;
      started.kept = memoryMb !== undefined && !started.exited && keep(memoryMb, started.jobsDone);
      action();
      if (started.kept) worker.unref();
      else void worker.terminate();
    };
    const fail = (error: WorkerThreadError) => settle(() => reject(error));
    const deadline = setTimeout(
      () => fail(new WorkerThreadError('TIMEOUT', `No answer within ${limits.deadlineMs} ms`)),
      limits.deadlineMs,
    );
    worker.on('message', (reply: ThreadReply | typeof WORKER_READY) => {
      if (reply === WORKER_READY) return;
      if (reply.ok) settle(() => resolve(reply.answer), reply.memoryMb);
      else fail(new WorkerThreadError('REQUEST_FAILED', reply.message, { detail: reply.detail }));
    });
    const onError = (error: Error & { code?: string }) =>
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerThreadError('OUT_OF_MEMORY', error.message)
          : new WorkerThreadError('CRASHED', error.message),
      );
    const onExit = (exitCode: number) =>
      fail(new WorkerThreadError('EXITED', `The thread exited with code ${exitCode}`, { exitCode }));
    worker.on('error', onError);
    worker.on('exit', onExit);
    if (started.exited) {
      fail(new WorkerThreadError('EXITED', 'The thread had exited before the request'));
      return;
    }
    worker.postMessage(request.message, request.transfer);
    const post = (messages: readonly unknown[], next: number) => {
      if (settled || next >= messages.length) return;
      worker.postMessage(messages[next]);
      setImmediate(post, messages, next + 1);
    };
    request.followUp?.then(
      (messages) => post(messages, 0),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

/**
 * Whatever runs requests on worker threads: the server's pool, or (tests, tools) a thread of its
 * own per request. Rejects with WorkerThreadError, with the request's refusal or its follow-up's
 * error, and a pool also with WorkerPoolBusyError.
 */
export interface WorkerRunner {
  run(request: ThreadRequest): Promise<unknown>;
}

/**
 * One request on a worker thread of its own, started from `entry`, outside any pool, with a heap
 * limit and a deadline. For tests and tools; the server runs every request through its
 * WorkerPool.
 */
export function runInWorker(
  request: ThreadRequest,
  limits: WorkerLimits,
  entry: URL | string,
): Promise<unknown> {
  return refused(request) ?? runOnWorker(startWorker(limits.heapMb, entry), request, limits);
}
