/**
 * The API thread's calls into the Excel worker: every job that reads a file or writes a
 * workbook or catalogue goes through here, to a worker of the server's pool (or, for plain
 * limits, one of its own). The worker's side of each is in excelWorker.ts. Here a job becomes
 * the transport's request (its transfer list, its refusal of bytes already moved), and the
 * transport's failures become ExcelWorkerError, whose Swedish message the user sees.
 */
import type { FileSheet, ValidationError } from '#contract';
import type { CorrectedCells } from './correctedFile';
import { ExcelWorkerError } from './fileErrors';
import type { CatalogueHeading } from './peppol/writeCatalogue';
import type { PriceChangeSheetRow } from './priceChangesWorkbook';
import { snapshotJsonOf } from './snapshotJson';
import type {
  ChangesExport,
  PriceListSnapshotInput,
  PriceListValidationInput,
  TemplateRow,
  WorkerValidationOutcome,
  WorkerValidationRecord,
} from './types';
import {
  defaultWorkerLimits,
  runInWorker,
  type WorkerLimits,
  type WorkerRunner,
  WorkerThreadError,
} from './worker/thread';
import {
  fileOfJob,
  snapshotMessages,
  transferablesOfJob,
  type WorkerJob,
  type WorkerJobFailure,
  type WorkerResult,
  type WorkerSnapshot,
} from './workerJobs';
import { packErrors, packRows, unpackOutcome } from './workerPacking';

/** The thread's entry: the TypeScript of excelWorker.ts, loaded through tsx (see excelWorker.mjs). */
export const excelWorkerEntry = new URL('./excelWorker.mjs', import.meta.url);

/** A runner: the one given, or for plain limits a worker of its own per job (runInWorker). */
const runnerOf = (workers: WorkerRunner | WorkerLimits): WorkerRunner =>
  'run' in workers ? workers : { run: (request) => runInWorker(request, workers, excelWorkerEntry) };

/**
 * Bytes already moved to an earlier job are detached (length 0): the worker would wait for a
 * file that never arrives, so such a job is refused at once instead of at the deadline.
 */
const detachedFile = (job: WorkerJob) => () =>
  fileOfJob(job)?.byteLength === 0
    ? new ExcelWorkerError('CRASH', 'Filen saknar innehåll och kan inte bearbetas.')
    : undefined;

const unexpectedError = (message: string) =>
  new ExcelWorkerError('CRASH', `Bearbetningen av filen avbröts av ett oväntat fel: ${message}`);

/** The transport's failure as the job's, in the words the supplier reads. */
function excelWorkerErrorOf(error: WorkerThreadError): ExcelWorkerError {
  switch (error.reason) {
    case 'TIMEOUT':
      return new ExcelWorkerError(
        'DEADLINE',
        'Bearbetningen av filen tog för lång tid och avbröts. Filen är för stor eller skadad.',
      );
    case 'OUT_OF_MEMORY':
      return new ExcelWorkerError(
        'MEMORY',
        'Bearbetningen av filen behövde mer minne än tillåtet och avbröts. Filen är för stor.',
      );
    case 'CRASHED':
      return unexpectedError(error.message);
    case 'EXITED':
      return new ExcelWorkerError(
        'CRASH',
        error.exitCode === undefined
          ? 'Bearbetningen av filen avbröts oväntat.'
          : `Bearbetningen av filen avbröts oväntat (kod ${error.exitCode}).`,
      );
    case 'REQUEST_FAILED': {
      const problem = error.detail as WorkerJobFailure;
      return problem !== null
        ? new ExcelWorkerError('INVALID_FILE', error.message, problem)
        : unexpectedError(error.message);
    }
  }
}

/**
 * One job on a worker: its request with the buffers it moves, the result, and the transport's
 * failure as ExcelWorkerError (a busy pool's and the follow-up's errors as they are).
 */
async function runJob(
  workers: WorkerRunner | WorkerLimits,
  job: WorkerJob,
  followUp?: Promise<readonly WorkerSnapshot[]>,
): Promise<WorkerResult> {
  try {
    const answer = await runnerOf(workers).run({
      message: job,
      transfer: transferablesOfJob(job),
      followUp,
      refusal: detachedFile(job),
    });
    return answer as WorkerResult;
  } catch (error) {
    throw error instanceof WorkerThreadError ? excelWorkerErrorOf(error) : error;
  }
}

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
  const result = await runJob(
    workers,
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
  const result = await runJob(workers, { kind: 'fileSheets', content, fileName });
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
  const result = await runJob(workers, { kind: 'correctedFile', content, fileName, corrections });
  if (result.kind !== 'workbook') throw new Error('unexpected worker result');
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}

/**
 * An .xlsx template for a general price list: the header row with each column's rule as a
 * note, drop-down lists for the enumerated columns, article numbers as text. With rows, the
 * price list's rows are filled in, so uploading it unchanged changes nothing.
 *
 * Written in a worker thread: 200,000 rows take exceljs seconds, which the API's event loop
 * must not wait for. The server passes its worker pool; plain limits run a worker of its own.
 */
export async function buildPriceListTemplate(
  rows: readonly TemplateRow[] = [],
  workers: WorkerRunner | WorkerLimits = defaultWorkerLimits,
): Promise<Buffer> {
  const result = await runJob(workers, {
    kind: 'template',
    rows: packRows(rows.map((row) => row.values)),
    articleNames: rows.map((row) => row.articleName ?? ''),
  });
  if (result.kind !== 'workbook') throw new Error('unexpected worker result');
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}

/**
 * The validation errors as an .xlsx: a sheet "Fel" listing every error, and a copy of the
 * uploaded sheet with each faulty cell filled red and its message(s) as a note. Formula-like
 * text is stored as text with Excel's quote prefix (see workbookWriter.ts).
 *
 * Runs in a worker thread, like the validation: it parses the uploaded (untrusted) file again,
 * and writing a 200,000-row copy takes seconds. The content is transferred to the worker
 * when it owns its whole buffer (see runPriceListValidation). The server passes its worker
 * pool; plain limits run a worker of its own.
 */
export async function buildValidationErrorWorkbook(
  content: Uint8Array,
  fileName: string,
  errors: ValidationError[],
  workers: WorkerRunner | WorkerLimits = defaultWorkerLimits,
  corrected: readonly { cell: string; value: string }[] = [],
): Promise<Buffer> {
  const result = await runJob(workers, {
    kind: 'errorWorkbook',
    content,
    fileName,
    errors: packErrors(errors),
    corrected,
  });
  if (result.kind !== 'workbook') throw new Error('unexpected worker result');
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}

/**
 * The changes of a validation (or an applied import) as an .xlsx: a sheet "Risker" with the risk
 * summary and its warnings, then "Tillagda", "Ändrade" (one row per changed field, old and new
 * value) and "Borttagna". In a worker thread: 200,000 rows take seconds to write, and the stored
 * JSON is parsed there, not on the API thread.
 */
export async function buildChangesWorkbook(
  changes: ChangesExport,
  workers: WorkerRunner | WorkerLimits = defaultWorkerLimits,
): Promise<Buffer> {
  const result = await runJob(workers, { kind: 'changesWorkbook', changes });
  if (result.kind !== 'workbook') throw new Error('unexpected worker result');
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}

/** The change feed's rows of a period as an .xlsx (priceChangesWorkbook.ts), written in a worker. */
export async function buildPriceChangesWorkbook(
  rows: PriceChangeSheetRow[],
  workers: WorkerRunner | WorkerLimits,
): Promise<Buffer> {
  const result = await runJob(workers, { kind: 'priceChangesWorkbook', rows });
  if (result.kind !== 'workbook') throw new Error('unexpected worker result');
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}

/**
 * A price list as a Peppol BIS Catalogue 3 `Replace` document (UTF-8 XML), written in a worker
 * as the template is: a list of 200,000 rows is a text of some 100 MB.
 */
export async function buildPriceListCatalogue(
  document: CatalogueHeading,
  rows: readonly TemplateRow[],
  workers: WorkerRunner | WorkerLimits,
): Promise<Buffer> {
  const result = await runJob(workers, {
    kind: 'catalogue',
    rows: packRows(rows.map((row) => row.values)),
    articleNames: rows.map((row) => row.articleName ?? ''),
    document,
  });
  if (result.kind !== 'workbook') throw new Error('unexpected worker result');
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}
