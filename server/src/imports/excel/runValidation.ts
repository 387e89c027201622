import { Worker } from 'node:worker_threads';
import { ExcelWorkerError } from './errors';
import type { PriceListValidationInput, PriceListValidationOutcome } from './types';
import type { WorkerReply } from './validationWorker';
import { packInput, transferablesOf, unpackOutcome } from './workerTransport';

export interface WorkerLimits {
  /** The worker's old-generation heap limit. */
  heapMb: number;
  /** After this long the worker is terminated and the call rejects with reason DEADLINE. */
  deadlineMs: number;
}

const workerFile = new URL('./validationWorker.mjs', import.meta.url);

interface StartedWorker {
  worker: Worker;
  heapMb: number;
  exited: boolean;
}

/**
 * One worker is kept started ahead of the next validation (about 150 ms of thread start and
 * module loading off the critical path). It is unref'd, so it never keeps the process alive,
 * and each worker validates exactly one file: a file can leave nothing behind for the next.
 */
let spare: StartedWorker | null = null;

function startWorker(heapMb: number): StartedWorker {
  const worker = new Worker(workerFile, {
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  worker.unref();
  const started = { worker, heapMb, exited: false };
  worker.on('exit', () => {
    started.exited = true;
    if (spare === started) spare = null;
  });
  // An idle spare that fails is simply replaced; a running one reports through its own listener.
  worker.on('error', () => {});
  return started;
}

function takeWorker(heapMb: number): StartedWorker {
  const taken = spare;
  spare = null;
  if (taken && !taken.exited && taken.heapMb === heapMb) return taken;
  if (taken) void taken.worker.terminate();
  return startWorker(heapMb);
}

/** Stops the spare worker (at shutdown; tests). */
export async function stopValidationWorkers() {
  const taken = spare;
  spare = null;
  if (taken) await taken.worker.terminate();
}

/** Whether the bytes can be moved to the worker instead of copied: they must own their whole buffer. */
const ownsBuffer = (content: Uint8Array) =>
  content.buffer instanceof ArrayBuffer &&
  content.byteOffset === 0 &&
  content.byteLength === content.buffer.byteLength;

/**
 * Runs validatePriceList in a worker thread with a heap limit and a deadline, so a hostile or
 * huge file can neither block the event loop nor take the process down. Rejects with
 * ExcelWorkerError: DEADLINE, MEMORY, CRASH, or INVALID_FILE (the file cannot be read; the
 * message says why, in Swedish).
 *
 * The file's bytes are transferred to the worker, not copied, when `input.content` owns its
 * whole ArrayBuffer (a Buffer from the database does): afterwards `input.content` is detached
 * and reads as empty. Pass a copy to keep using the bytes.
 */
export function runPriceListValidation(
  input: PriceListValidationInput,
  limits: WorkerLimits,
): Promise<PriceListValidationOutcome> {
  return new Promise((resolve, reject) => {
    const { worker } = takeWorker(limits.heapMb);
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
              'Valideringen tog för lång tid och avbröts. Filen är för stor eller skadad.',
            ),
          ),
        ),
      limits.deadlineMs,
    );
    worker.on('message', (reply: WorkerReply) =>
      settle(() => {
        if (reply.ok) resolve(unpackOutcome(reply.outcome, input.existingRows));
        else if (reply.problem !== null)
          reject(new ExcelWorkerError('INVALID_FILE', reply.message, reply.problem));
        else
          reject(new ExcelWorkerError('CRASH', `Valideringen avbröts av ett oväntat fel: ${reply.message}`));
      }),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ExcelWorkerError(
                'MEMORY',
                'Valideringen behövde mer minne än tillåtet och avbröts. Filen är för stor.',
              )
            : new ExcelWorkerError('CRASH', `Valideringen avbröts av ett oväntat fel: ${error.message}`),
        ),
      ),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new ExcelWorkerError('CRASH', `Valideringen avbröts oväntat (kod ${code}).`))),
    );
    const packed = packInput(input);
    const transfer = transferablesOf(packed);
    if (ownsBuffer(input.content)) transfer.push(input.content.buffer as ArrayBuffer);
    worker.postMessage(packed, transfer);
  });
}
