import { Worker } from 'node:worker_threads';
import { type ExcelFileProblem, ExcelWorkerError } from '../fileErrors';
import type { ChangesExport, PriceListSnapshotJson } from '../types';
import type { PackedErrors, PackedOutcome, PackedRows } from './transport';

export interface WorkerLimits {
  /** The worker's old-generation heap limit. */
  heapMb: number;
  /** After this long the worker is terminated and the call rejects with reason DEADLINE. */
  deadlineMs: number;
}

/** The defaults of WORKER_HEAP_MB and WORKER_DEADLINE_SECONDS. */
export const defaultWorkerLimits: WorkerLimits = { heapMb: 512, deadlineMs: 120_000 };

/** The jobs a worker does: each reads or writes a whole workbook. */
export type WorkerJob =
  /** The data to check against follows in further messages (WorkerSnapshot) once it is loaded. */
  | {
      kind: 'validate';
      content: Uint8Array;
      fileName: string;
      /** Whether the rows (changes or errors) come back too, or only the summary and the details. */
      changes: boolean;
    }
  | { kind: 'errorWorkbook'; content: Uint8Array; fileName: string; errors: PackedErrors }
  | { kind: 'template'; rows: PackedRows; articleNames: string[] }
  | { kind: 'changesWorkbook'; changes: ChangesExport };

/**
 * The messages after a 'validate' job: the snapshot's blocks one by one (posting 18 MB of text
 * in one message held the API thread 17–47 ms), then its end.
 */
export type WorkerSnapshot =
  | { kind: 'snapshotBlock'; part: keyof PriceListSnapshotJson; json: string }
  | { kind: 'snapshotEnd' };

/** A snapshot as the messages that carry it to the worker. */
export const snapshotMessages = (snapshot: PriceListSnapshotJson): WorkerSnapshot[] => [
  ...snapshot.articles.map((json) => ({ kind: 'snapshotBlock' as const, part: 'articles' as const, json })),
  ...snapshot.rows.map((json) => ({ kind: 'snapshotBlock' as const, part: 'rows' as const, json })),
  { kind: 'snapshotEnd' },
];

export type WorkerResult =
  | { kind: 'validation'; outcome: PackedOutcome; peakMemoryMb: number }
  | { kind: 'workbook'; bytes: Uint8Array };

export type WorkerReply =
  | { ok: true; result: WorkerResult }
  | { ok: false; problem: ExcelFileProblem | null; message: string };

const workerFile = new URL('./excelWorker.mjs', import.meta.url);

/** The worker thread's nice value: the scheduler prefers the API thread (nice 0) about 10:1. */
export const WORKER_NICE = 10;

/** What a worker posts once its modules are loaded, before any reply. */
export const WORKER_READY = 'ready';

interface StartedWorker {
  worker: Worker;
  heapMb: number;
  exited: boolean;
  /** Resolves when the worker has loaded its modules and waits for a job. */
  ready: Promise<void>;
  /** Resolves when the thread has ended (its heap is given back). */
  gone: Promise<void>;
}

/**
 * Starts a worker thread. It is unref'd, so an idle one never keeps the process alive, and it
 * does exactly one job: a file can leave nothing behind for the next.
 */
function startWorker(heapMb: number, onExit?: (started: StartedWorker) => void): StartedWorker {
  const worker = new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
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
  const started: StartedWorker = { worker, heapMb, exited: false, ready, gone };
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
  job.kind === 'template' || job.kind === 'changesWorkbook' ? null : job.content;

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
function refuseDetached(job: WorkerJob, followUp?: Promise<unknown>): Promise<never> | null {
  if (contentOf(job)?.byteLength !== 0) return null;
  followUp?.catch(() => {});
  return Promise.reject(new ExcelWorkerError('CRASH', 'Filen saknar innehåll och kan inte bearbetas.'));
}

/** Does one job on a started worker, then ends the worker whatever the outcome. */
function runOnWorker(
  started: StartedWorker,
  job: WorkerJob,
  limits: WorkerLimits,
  followUp?: Promise<readonly WorkerSnapshot[]>,
): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const { worker } = started;
    worker.ref();
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      worker.removeAllListeners('message');
      action();
      void worker.terminate();
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
      settle(() => {
        if (reply.ok) resolve(reply.result);
        else if (reply.problem !== null)
          reject(new ExcelWorkerError('INVALID_FILE', reply.message, reply.problem));
        else
          reject(
            new ExcelWorkerError(
              'CRASH',
              `Bearbetningen av filen avbröts av ett oväntat fel: ${reply.message}`,
            ),
          );
      });
    });
    worker.on('error', (error: Error & { code?: string }) =>
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
      ),
    );
    worker.on('exit', (code) =>
      settle(() =>
        reject(new ExcelWorkerError('CRASH', `Bearbetningen av filen avbröts oväntat (kod ${code}).`)),
      ),
    );
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

/** A worker taken for one job that is not built yet: run it once, or release it. */
export interface ReservedWorker extends WorkerRunner {
  /** Gives the worker back when no job was run (a no-op after `run`). */
  release(): void;
}

/** No worker could be had in time (or too many requests wait already): the caller should retry later. */
export class WorkerPoolBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('All Excel workers are busy');
  }
}

export interface WorkerPoolOptions {
  /** At most this many worker threads at once: busy, idle (the spare) and ending together. */
  size: number;
  /** At most this much heap (the sum of the threads' heap limits), MB. */
  memoryMb: number;
  /** Each worker's heap limit and deadline. */
  limits: WorkerLimits;
  /** Requests with a bounded wait that may wait at once; one more is refused at once. */
  queueLimit: number;
  /** How long a request with a bounded wait waits for a worker before it is refused. */
  maxWaitMs: number;
  /** What a refused request is told to wait before it tries again (Retry-After). */
  retryAfterSeconds: number;
  /**
   * Called with each job once it has its worker, before the worker gets it: tests hold a
   * worker busy here.
   */
  onJobStart?: (job: WorkerJob) => Promise<void> | void;
}

export interface WorkerPoolStats {
  /** The most worker threads the pool runs at once. */
  size: number;
  /** Workers doing a job. */
  busy: number;
  /** Workers started ahead of need (the spare), waiting for a job. */
  idle: number;
  /** Requests waiting for a worker. */
  waiting: number;
  /** The heap limits of every thread not yet ended (busy, idle and ending), MB. */
  memoryInUseMb: number;
  /** The memory budget, MB. */
  memoryTotalMb: number;
}

interface Waiter {
  bounded: boolean;
  give(started: StartedWorker): void;
  refuse(error: Error): void;
}

/**
 * The one pool of Excel worker threads of a server: validations, error workbooks and templates
 * all take their worker here. It runs at most `size` threads and at most `memoryMb` of heap
 * limits at once; a request beyond that waits in line (first come, first served). A request
 * with a bounded wait (an HTTP request) is refused with WorkerPoolBusyError after `maxWaitMs`,
 * or at once when `queueLimit` such requests wait already; a job of the queue waits for its
 * turn without a bound (it is already queued in the database, and the job loop starts at most
 * `capacity` of them).
 *
 * Each worker still does exactly one job and then ends. Once `prewarm()` has been called (the
 * job loop does, at server start), one spare is kept started when there is room for it, so a
 * job does not wait while a thread loads its modules; the spare counts against the limits and
 * is the next request's.
 */
export class WorkerPool {
  /** Threads not yet ended: busy, the spare, and those ending. */
  private readonly live = new Set<StartedWorker>();
  private spare: StartedWorker | null = null;
  private busy = 0;
  private readonly waiters: Waiter[] = [];
  private keepSpare = false;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    if (options.size < 1) throw new Error('The worker pool needs a size of at least 1');
    if (options.memoryMb < options.limits.heapMb)
      throw new Error("The worker pool's memory budget is smaller than one worker's heap");
  }

  /** How many workers can be busy at once: the size, or fewer when the budget is tighter. */
  get capacity(): number {
    return Math.min(this.options.size, Math.floor(this.options.memoryMb / this.options.limits.heapMb));
  }

  stats(): WorkerPoolStats {
    let memory = 0;
    for (const started of this.live) memory += started.heapMb;
    return {
      size: this.options.size,
      busy: this.busy,
      idle: this.spare ? 1 : 0,
      waiting: this.waiters.length,
      memoryInUseMb: memory,
      memoryTotalMb: this.options.memoryMb,
    };
  }

  /** Runs jobs for HTTP requests: a bounded wait for a worker, then WorkerPoolBusyError. */
  run(job: WorkerJob, followUp?: Promise<readonly WorkerSnapshot[]>): Promise<WorkerResult> {
    return this.runJob(job, followUp, true);
  }

  /**
   * A worker for an HTTP request, taken (with the bounded wait) before the request loads what its
   * job needs: while the pool is full, a waiting download holds no file, errors or rows in memory,
   * only its place in the line. The reserved worker runs one job, or is released.
   */
  reserve(): Promise<ReservedWorker> {
    return this.reserveWorker(true);
  }

  /** A runner whose jobs wait for their turn however long it takes (the job loop's). */
  readonly unboundedWait: WorkerRunner = {
    run: (job, followUp) => this.runJob(job, followUp, false),
  };

  /**
   * Starts the spare now (the job loop does, when the server starts), and keeps one from then
   * on. Resolves when it is ready, or at once when there is no room for it.
   */
  prewarm(): Promise<void> {
    this.keepSpare = true;
    this.pump();
    return this.spare?.ready ?? Promise.resolve();
  }

  /** Refuses whatever waits, ends every thread and resolves when they have ended. */
  async close(): Promise<void> {
    this.closed = true;
    this.keepSpare = false;
    for (const waiter of this.waiters.splice(0)) waiter.refuse(this.busyError());
    const ending = [...this.live];
    for (const started of ending) void started.worker.terminate();
    await Promise.all(ending.map((started) => started.gone));
  }

  private busyError() {
    return new WorkerPoolBusyError(this.options.retryAfterSeconds);
  }

  /** One job: a worker taken (a bounded wait or not), the job run on it, the worker ended. */
  private async runJob(
    job: WorkerJob,
    followUp: Promise<readonly WorkerSnapshot[]> | undefined,
    bounded: boolean,
  ): Promise<WorkerResult> {
    const refused = refuseDetached(job, followUp);
    if (refused) return refused;
    let reserved: ReservedWorker;
    try {
      reserved = await this.reserveWorker(bounded);
    } catch (error) {
      followUp?.catch(() => {});
      throw error;
    }
    return reserved.run(job, followUp);
  }

  /** A worker that counts as busy from now until its one job ends or it is released. */
  private async reserveWorker(bounded: boolean): Promise<ReservedWorker> {
    const started = await this.acquire(bounded);
    this.busy++;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.busy--;
      // Its heap counts until it has exited (see `pump` on exit).
      void started.worker.terminate();
    };
    return {
      run: async (job, followUp) => {
        if (ended) throw new Error('a reserved worker runs one job');
        try {
          const refused = refuseDetached(job, followUp);
          if (refused) return await refused;
          await this.options.onJobStart?.(job);
          return await runOnWorker(started, job, this.options.limits, followUp);
        } finally {
          end();
        }
      },
      release: end,
    };
  }

  private acquire(bounded: boolean): Promise<StartedWorker> {
    if (this.closed) return Promise.reject(this.busyError());
    if (this.waiters.length === 0) {
      const now = this.take();
      if (now) return Promise.resolve(now);
    }
    if (bounded && this.waiters.filter((waiter) => waiter.bounded).length >= this.options.queueLimit)
      return Promise.reject(this.busyError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        bounded,
        give: (started) => {
          clearTimeout(timer);
          resolve(started);
        },
        refuse: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = bounded
        ? setTimeout(() => {
            const index = this.waiters.indexOf(waiter);
            if (index >= 0) this.waiters.splice(index, 1);
            reject(this.busyError());
          }, this.options.maxWaitMs)
        : undefined;
      this.waiters.push(waiter);
      this.pump();
    });
  }

  private hasRoom(heapMb: number) {
    return this.live.size < this.options.size && this.stats().memoryInUseMb + heapMb <= this.options.memoryMb;
  }

  private start(heapMb: number): StartedWorker {
    const started = startWorker(heapMb, (ended) => {
      this.live.delete(ended);
      if (this.spare === ended) this.spare = null;
      this.pump();
    });
    this.live.add(started);
    return started;
  }

  /** A worker for a request now: the spare, or a new thread when there is room; else null. */
  private take(): StartedWorker | null {
    const heapMb = this.options.limits.heapMb;
    if (this.spare && !this.spare.exited) {
      const spare = this.spare;
      this.spare = null;
      return spare;
    }
    return this.hasRoom(heapMb) ? this.start(heapMb) : null;
  }

  /** Gives freed room to the waiting requests in order, then to a spare. */
  private pump() {
    while (this.waiters.length > 0) {
      const started = this.take();
      if (!started) break;
      this.waiters.shift()!.give(started);
    }
    if (this.keepSpare && !this.closed && !this.spare && this.waiters.length === 0) {
      // The spare counts like any thread, and the next request takes it first.
      const heapMb = this.options.limits.heapMb;
      if (this.hasRoom(heapMb)) this.spare = this.start(heapMb);
    }
  }
}
