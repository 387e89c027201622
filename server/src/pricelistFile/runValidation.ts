import type { FileSheet } from '#contract';
import type { CorrectedCells } from './correctedFile';
import { snapshotJsonOf } from './snapshotJson';
import type {
  PriceListSnapshotInput,
  PriceListValidationInput,
  WorkerValidationOutcome,
  WorkerValidationRecord,
} from './types';
import { snapshotMessages } from './worker/protocol';
import { runnerOf, type WorkerLimits, type WorkerRunner } from './worker/thread';
import { unpackOutcome } from './worker/transport';

/**
 * Runs validatePriceList in a worker thread (of the server's pool, or of its own for plain
 * limits) with a heap limit and a deadline, so a hostile or
 * huge file can neither block the event loop nor take the process down. Rejects with
 * ExcelWorkerError: DEADLINE, MEMORY, CRASH, or INVALID_FILE (the file cannot be read; the
 * message says why, in Swedish), or with the snapshot's own error when loading it fails.
 *
 * The file's bytes are transferred to the worker, not copied, when `input.content` owns its
 * whole ArrayBuffer (a Buffer from the database does): afterwards `input.content` is detached
 * and reads as empty. Pass a copy to keep using the bytes.
 *
 * The data to check against may come as objects or, from the database, as the JSON texts of a
 * snapshot (PriceListSnapshotInput), which the worker parses; a snapshot still loading is sent
 * on when it is ready, and the worker reads the file meanwhile. The outcome also carries what
 * is kept of it (`details`), already serialised, and the worker's peak memory.
 */
export async function runPriceListValidation(
  input: PriceListValidationInput | PriceListSnapshotInput,
  workers: WorkerRunner | WorkerLimits,
): Promise<WorkerValidationOutcome> {
  const { outcome, peakMemoryMb } = await validateInWorker(input, workers, true);
  return Object.assign(unpackOutcome(outcome), { workerPeakMemoryMb: peakMemoryMb });
}

/**
 * runPriceListValidation for a caller that keeps only the summary and the details (the
 * validation job): the rows behind them stay in the worker, neither packed nor sent.
 */
export async function runPriceListValidationSummary(
  input: PriceListValidationInput | PriceListSnapshotInput,
  workers: WorkerRunner | WorkerLimits,
): Promise<WorkerValidationRecord> {
  const { outcome, peakMemoryMb } = await validateInWorker(input, workers, false);
  return {
    summary: outcome.summary,
    details: outcome.details,
    ...('priceChanges' in outcome && outcome.priceChanges && { priceChanges: outcome.priceChanges }),
    workerPeakMemoryMb: peakMemoryMb,
  };
}

async function validateInWorker(
  input: PriceListValidationInput | PriceListSnapshotInput,
  workers: WorkerRunner | WorkerLimits,
  changes: boolean,
) {
  const snapshot =
    'snapshot' in input
      ? input.snapshot
      : {
          ...snapshotJsonOf(input.articleNumbers, input.existingRows),
          ...(input.period && { period: input.period }),
        };
  const followUp = Promise.resolve(snapshot).then(snapshotMessages);
  const result = await runnerOf(workers).run(
    { kind: 'validate', content: input.content, fileName: input.fileName, changes, columns: input.columns },
    followUp,
  );
  if (result.kind !== 'validation') throw new Error('unexpected worker result');
  return result;
}

/**
 * The header row of each sheet of a file (at most MAX_MAPPED_SHEETS), read in a worker: for
 * checking a mapping a caller sends against the file. Rejects as runPriceListValidation does
 * when the file cannot be read.
 */
export async function readFileSheetsInWorker(
  content: Uint8Array,
  fileName: string,
  workers: WorkerRunner | WorkerLimits,
): Promise<FileSheet[]> {
  const result = await runnerOf(workers).run({ kind: 'fileSheets', content, fileName });
  if (result.kind !== 'fileSheets') throw new Error('unexpected worker result');
  return result.sheets;
}

/**
 * The supplier's own workbook with the corrections written in (correctedFile.ts), made in a
 * worker like the other workbooks.
 */
export async function buildCorrectedFile(
  content: Uint8Array,
  fileName: string,
  corrections: CorrectedCells,
  workers: WorkerRunner | WorkerLimits,
): Promise<Buffer> {
  const result = await runnerOf(workers).run({ kind: 'correctedFile', content, fileName, corrections });
  if (result.kind !== 'workbook') throw new Error('unexpected worker result');
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}
