import { Worker } from 'node:worker_threads';
import { type ExcelFileProblem, ExcelWorkerError } from './errors';
import type { PriceListSnapshotJson } from './types';
import type { PackedErrors, PackedOutcome, PackedRows } from './workerTransport';

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
  | { kind: 'template'; rows: PackedRows; articleNames: string[] };

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

interface StartedWorker {
  worker: Worker;
  heapMb: number;
  exited: boolean;
  /** Resolves when the worker has loaded its modules and waits for a job. */
  ready: Promise<void>;
}

/** What a worker posts once its modules are loaded, before any reply. */
/** The worker thread's nice value: the scheduler prefers the API thread (nice 0) about 10:1. */
export const WORKER_NICE = 10;

export const WORKER_READY = 'ready';

/**
 * One worker is kept started ahead of the next job (about 150 ms of thread start and module
 * loading off the critical path). It is unref'd, so it never keeps the process alive, and
 * each worker does exactly one job: a file can leave nothing behind for the next.
 */
let spare: StartedWorker | null = null;

function startWorker(heapMb: number): StartedWorker {
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
  const started = { worker, heapMb, exited: false, ready };
  worker.on('exit', () => {
    started.exited = true;
    if (spare === started) spare = null;
  });
  // An idle spare that fails is simply replaced; a busy one reports through its own listener.
  worker.on('error', () => {});
  return started;
}

function takeWorker(heapMb: number): Worker {
  const taken = spare;
  spare = null;
  if (taken && !taken.exited && taken.heapMb === heapMb) return taken.worker;
  if (taken) void taken.worker.terminate();
  return startWorker(heapMb).worker;
}

/**
 * Starts the spare worker now (the job loop does, when the server starts), so that the first
 * file is not kept waiting while a worker loads its modules. Resolves when it is ready.
 */
export function prewarmWorker(limits: WorkerLimits): Promise<void> {
  if (!spare || spare.exited || spare.heapMb !== limits.heapMb) {
    if (spare) void spare.worker.terminate();
    spare = startWorker(limits.heapMb);
  }
  return spare.ready;
}

/** Stops the spare worker, for tests; a server need not (the spare is unref'd and never holds the process). */
export async function stopSpareWorker() {
  const taken = spare;
  spare = null;
  if (taken) await taken.worker.terminate();
}

const contentOf = (job: WorkerJob) => (job.kind === 'template' ? null : job.content);

/** Whether bytes can be moved to the worker instead of copied: they must own their whole buffer. */
export const ownsBuffer = (bytes: Uint8Array) =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength;

function transferablesOfJob(job: WorkerJob): ArrayBuffer[] {
  const content = contentOf(job);
  const buffers: ArrayBuffer[] = [];
  if (content && ownsBuffer(content)) buffers.push(content.buffer as ArrayBuffer);
  if (job.kind === 'errorWorkbook') buffers.push(job.errors.rows.buffer as ArrayBuffer);
  if (job.kind === 'template') buffers.push(job.rows.numbers.buffer as ArrayBuffer);
  return buffers;
}

/**
 * Does one job in a worker thread with a heap limit and a deadline, so a hostile or huge file
 * can neither block the event loop nor take the process down. Rejects with ExcelWorkerError:
 * DEADLINE, MEMORY, CRASH, or INVALID_FILE (the file cannot be read; the message says why).
 *
 * `followUp` (a validation's snapshot, still loading) is posted when it resolves, while the
 * worker already reads the file, one message per turn of the event loop; when it rejects, so
 * does the job, with its error.
 */
export function runInWorker(
  job: WorkerJob,
  limits: WorkerLimits,
  followUp?: Promise<readonly WorkerSnapshot[]>,
): Promise<WorkerResult> {
  const content = contentOf(job);
  // Bytes already moved to an earlier job are detached (length 0): the worker would wait for a
  // file that never arrives, so refuse at once instead of at the deadline.
  if (content?.byteLength === 0) {
    followUp?.catch(() => {});
    return Promise.reject(new ExcelWorkerError('CRASH', 'Filen saknar innehåll och kan inte bearbetas.'));
  }
  return new Promise((resolve, reject) => {
    const worker = takeWorker(limits.heapMb);
    worker.ref();
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      worker.removeAllListeners('message');
      action();
      void worker.terminate();
      if (spare === null) spare = startWorker(limits.heapMb);
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
