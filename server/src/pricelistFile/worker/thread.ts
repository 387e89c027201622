/**
 * One Excel worker thread seen from the API thread: its start, one job posted to it, and how
 * its reply, error or exit becomes the job's result or ExcelWorkerError. The pool (pool.ts)
 * decides when a thread starts and which request gets it.
 */
import { Worker } from 'node:worker_threads';
import { ExcelWorkerError } from '../fileErrors';
import {
  WORKER_READY,
  type WorkerJob,
  type WorkerReply,
  type WorkerResult,
  type WorkerSnapshot,
} from './protocol';

export interface WorkerLimits {
  /** The worker's old-generation heap limit. */
  heapMb: number;
  /** After this long the worker is terminated and the call rejects with reason DEADLINE. */
  deadlineMs: number;
}

/** The defaults of WORKER_HEAP_MB and WORKER_DEADLINE_SECONDS. */
export const defaultWorkerLimits: WorkerLimits = { heapMb: 512, deadlineMs: 120_000 };

/** The worker's entry: the TypeScript of excelWorker.ts, loaded through tsx (see excelWorker.mjs). */
export const excelWorkerEntry = new URL('../excelWorker.mjs', import.meta.url);

export interface StartedWorker {
  worker: Worker;
  heapMb: number;
  exited: boolean;
  /** Jobs this thread has done (a pool may give a lean thread another job). */
  jobsDone: number;
  /** Whether the thread was kept after its last job, to do another; else it is ending. */
  kept: boolean;
  /** Resolves when the worker has loaded its modules and waits for a job. */
  ready: Promise<void>;
  /** Resolves when the thread has ended (its heap is given back). */
  gone: Promise<void>;
}

/**
 * Starts a worker thread. It is unref'd, so an idle one never keeps the process alive. It does one
 * job at a time, and ends after it unless the pool keeps it (runOnWorker's `keep`).
 */
export function startWorker(
  heapMb: number,
  onExit?: (started: StartedWorker) => void,
  entry: URL | string = excelWorkerEntry,
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

const contentOf = (job: WorkerJob) =>
  job.kind === 'template' ||
  job.kind === 'changesWorkbook' ||
  job.kind === 'priceChangesWorkbook' ||
  job.kind === 'catalogue'
    ? null
    : job.content;

/** Whether bytes can be moved to the worker instead of copied: they must own their whole buffer. */
export const ownsBuffer = (bytes: Uint8Array) =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength;

function transferablesOfJob(job: WorkerJob): ArrayBuffer[] {
  const content = contentOf(job);
  const buffers: ArrayBuffer[] = [];
  if (content && ownsBuffer(content)) buffers.push(content.buffer as ArrayBuffer);
  if (job.kind === 'errorWorkbook')
    buffers.push(job.errors.rows.buffer as ArrayBuffer, job.errors.texts.lengths.buffer as ArrayBuffer);
  if (job.kind === 'template')
    buffers.push(job.rows.numbers.buffer as ArrayBuffer, job.rows.texts.lengths.buffer as ArrayBuffer);
  return buffers;
}

/**
 * Bytes already moved to an earlier job are detached (length 0): the worker would wait for a
 * file that never arrives, so such a job is refused at once instead of at the deadline.
 */
export function refuseDetached(job: WorkerJob, followUp?: Promise<unknown>): Promise<never> | null {
  if (contentOf(job)?.byteLength !== 0) return null;
  followUp?.catch(() => {});
  return Promise.reject(new ExcelWorkerError('CRASH', 'Filen saknar innehåll och kan inte bearbetas.'));
}

/**
 * Does one job on a started worker. Then the worker ends, whatever the outcome, unless the job
 * succeeded and `keep` says the thread may do another with the memory it now holds: it is then
 * left idle (`started.kept`), without this job's listeners.
 */
export function runOnWorker(
  started: StartedWorker,
  job: WorkerJob,
  limits: WorkerLimits,
  followUp?: Promise<readonly WorkerSnapshot[]>,
  keep: (memoryMb: number, jobsDone: number) => boolean = () => false,
): Promise<WorkerResult> {
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
    const deadline = setTimeout(
      () =>
        settle(() =>
          reject(
            new ExcelWorkerError(
              'DEADLINE',
              'Bearbetningen av filen tog för lång tid och avbröts. Filen är för stor eller skadad.',
            ),
          ),
        ),
      limits.deadlineMs,
    );
    worker.on('message', (reply: WorkerReply | typeof WORKER_READY) => {
      if (reply === WORKER_READY) return;
      if (reply.ok) {
        settle(() => resolve(reply.result), reply.memoryMb);
        return;
      }
      settle(() =>
        reject(
          reply.problem !== null
            ? new ExcelWorkerError('INVALID_FILE', reply.message, reply.problem)
            : new ExcelWorkerError(
                'CRASH',
                `Bearbetningen av filen avbröts av ett oväntat fel: ${reply.message}`,
              ),
        ),
      );
    });
    const onError = (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ExcelWorkerError(
                'MEMORY',
                'Bearbetningen av filen behövde mer minne än tillåtet och avbröts. Filen är för stor.',
              )
            : new ExcelWorkerError(
                'CRASH',
                `Bearbetningen av filen avbröts av ett oväntat fel: ${error.message}`,
              ),
        ),
      );
    const onExit = (code: number) =>
      settle(() =>
        reject(new ExcelWorkerError('CRASH', `Bearbetningen av filen avbröts oväntat (kod ${code}).`)),
      );
    worker.on('error', onError);
    worker.on('exit', onExit);
    if (started.exited) {
      settle(() => reject(new ExcelWorkerError('CRASH', 'Bearbetningen av filen avbröts oväntat.')));
      return;
    }
    worker.postMessage(job, transferablesOfJob(job));
    const post = (messages: readonly WorkerSnapshot[], next: number) => {
      if (settled || next >= messages.length) return;
      worker.postMessage(messages[next]);
      setImmediate(post, messages, next + 1);
    };
    followUp?.then(
      (messages) => post(messages, 0),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

/**
 * Whatever runs worker jobs: the server's pool, or (tests, tools) a worker of its own per job.
 * Rejects with ExcelWorkerError: DEADLINE, MEMORY, CRASH, or INVALID_FILE (the file cannot be
 * read; the message says why); a pool also with WorkerPoolBusyError.
 *
 * `followUp` (a validation's snapshot, still loading) is posted when it resolves, while the
 * worker already reads the file, one message per turn of the event loop; when it rejects, so
 * does the job, with its error.
 */
export interface WorkerRunner {
  run(job: WorkerJob, followUp?: Promise<readonly WorkerSnapshot[]>): Promise<WorkerResult>;
}

/**
 * One job in a worker thread of its own, outside any pool, with a heap limit and a deadline.
 * For tests and tools that run the engine alone; the server runs every job through its
 * WorkerPool.
 */
export function runInWorker(
  job: WorkerJob,
  limits: WorkerLimits,
  followUp?: Promise<readonly WorkerSnapshot[]>,
): Promise<WorkerResult> {
  return refuseDetached(job, followUp) ?? runOnWorker(startWorker(limits.heapMb), job, limits, followUp);
}

/** A runner: the one given, or for plain limits a worker of its own per job (runInWorker). */
export const runnerOf = (workers: WorkerRunner | WorkerLimits): WorkerRunner =>
  'run' in workers ? workers : { run: (job, followUp) => runInWorker(job, workers, followUp) };
