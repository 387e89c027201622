/**
 * The pool of worker threads: how many run at once, the memory budget, the line of requests
 * waiting for one, and the spare started ahead of need. It runs requests it never looks inside.
 */
import type { ThreadRequest } from './protocol';
import {
  refused,
  runOnWorker,
  type StartedWorker,
  startWorker,
  type WorkerLimits,
  type WorkerRunner,
} from './thread';

/** A worker taken for one request that is not built yet: run it once, or release it. */
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
   * Called with each request's message once it has its worker, before the worker gets it: tests
   * hold a worker busy here.
   */
  onJobStart?: (message: unknown) => Promise<void> | void;
  /**
   * A thread that ends a job holding at most `memoryMb` (heap and external) and has done fewer
   * than `jobs` jobs is kept for the next; any other ends, and so gives its memory back. By
   * default 64 MB and 100 jobs (decision 0050).
   */
  keepThreads?: { memoryMb: number; jobs: number };
  /**
   * The threads' entry module: the requester's side says what runs in a thread (workerCalls.ts
   * `excelWorkerEntry`, or the bundle of workerBundle.ts the server and the tests' apps use).
   */
  workerEntry: URL | string;
}

export interface WorkerPoolStats {
  /** The most worker threads the pool runs at once. */
  size: number;
  /** Workers doing a job. */
  busy: number;
  /** Workers started ahead of need or kept after a job (the spare), waiting for a job. */
  idle: number;
  /** Threads started since the pool was made. */
  threadsStarted: number;
  /** Requests waiting for a worker. */
  waiting: number;
  /** The heap limits of every thread not yet ended (busy, idle and ending), MB. */
  memoryInUseMb: number;
  /** The memory budget, MB. */
  memoryTotalMb: number;
}

/** A thread is kept for another job after one that leaves it this lean (decision 0050). */
const defaultKeepThreads = { memoryMb: 64, jobs: 100 };

interface Waiter {
  bounded: boolean;
  give(started: StartedWorker): void;
  refuse(error: Error): void;
}

/**
 * The one pool of worker threads of a server: every call into the worker takes its thread here.
 * It runs at most `size` threads and at most `memoryMb` of heap limits at once; a request
 * beyond that waits in line (first come, first served). A request with a bounded wait (an HTTP
 * request) is refused with WorkerPoolBusyError after `maxWaitMs`, or at once when `queueLimit`
 * such requests wait already; a job of the queue waits for its turn without a bound (it is
 * already queued in the database, and the job loop starts at most `capacity` of them).
 *
 * A worker does one job at a time. After a job that leaves it lean it is kept and does the next
 * (no thread to start, no modules to load again); after a large or failed job it ends, so its
 * memory goes back (`keepThreads`, decision 0050). Once `prewarm()` has been called (the job loop
 * does, at server start), one spare is kept ready when there is room for it, so a job does not
 * wait while a thread loads its modules; the spare counts against the limits and is the next
 * request's.
 */
export class WorkerPool {
  /** Threads not yet ended: busy, the spare, and those ending. */
  private readonly live = new Set<StartedWorker>();
  private spare: StartedWorker | null = null;
  private busy = 0;
  private readonly waiters: Waiter[] = [];
  private keepSpare = false;
  private closed = false;
  private threadsStarted = 0;

  /** Whether a thread that ended a job holding `heldMb`, its `jobsDone`th, may do another. */
  private readonly keep: (heldMb: number, jobsDone: number) => boolean;

  constructor(private readonly options: WorkerPoolOptions) {
    const { memoryMb, jobs } = options.keepThreads ?? defaultKeepThreads;
    this.keep = (heldMb, jobsDone) => heldMb <= memoryMb && jobsDone < jobs;
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
      threadsStarted: this.threadsStarted,
      waiting: this.waiters.length,
      memoryInUseMb: memory,
      memoryTotalMb: this.options.memoryMb,
    };
  }

  /** Runs jobs for HTTP requests: a bounded wait for a worker, then WorkerPoolBusyError. */
  run(request: ThreadRequest): Promise<unknown> {
    return this.runJob(request, true);
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
    run: (request) => this.runJob(request, false),
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

  /** One request: a worker taken (a bounded wait or not), the request run on it, the worker ended. */
  private async runJob(request: ThreadRequest, bounded: boolean): Promise<unknown> {
    const refusal = refused(request);
    if (refusal) return refusal;
    let reserved: ReservedWorker;
    try {
      reserved = await this.reserveWorker(bounded);
    } catch (error) {
      request.followUp?.catch(() => {});
      throw error;
    }
    return reserved.run(request);
  }

  /** A worker that counts as busy from now until its one job ends or it is released. */
  private async reserveWorker(bounded: boolean): Promise<ReservedWorker> {
    const started = await this.acquire(bounded);
    this.busy++;
    let ended = false;
    let ranJob = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.busy--;
      // A thread that did no job here (released, or its job refused before it was posted) is as
      // it was; one that did is kept only if runOnWorker kept it.
      if ((!ranJob || started.kept) && !started.exited && !this.closed) {
        this.giveBack(started);
        return;
      }
      // Its heap counts until it has exited (see `pump` on exit).
      void started.worker.terminate();
    };
    return {
      run: async (request) => {
        if (ended) throw new Error('a reserved worker runs one job');
        try {
          const refusal = refused(request);
          if (refusal) return await refusal;
          await this.options.onJobStart?.(request.message);
          ranJob = true;
          return await runOnWorker(started, request, this.options.limits, this.keep);
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
    this.threadsStarted++;
    const started = startWorker(heapMb, this.options.workerEntry, (ended) => {
      this.live.delete(ended);
      if (this.spare === ended) this.spare = null;
      this.pump();
    });
    this.live.add(started);
    return started;
  }

  /** A thread kept after its job: the first waiting request's, else the spare, else it ends. */
  private giveBack(started: StartedWorker) {
    const waiter = this.waiters.shift();
    if (waiter) {
      waiter.give(started);
      return;
    }
    // Kept even by a pool never prewarmed (tests, tools): it is unref'd, and close() ends it.
    if (!this.spare) {
      this.spare = started;
      return;
    }
    void started.worker.terminate();
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
