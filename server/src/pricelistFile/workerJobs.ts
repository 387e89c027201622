/**
 * The jobs an Excel worker thread does, and what crosses to it and back for each: the requests,
 * the snapshot that follows a validation, the results, and which buffers move instead of being
 * copied. Both sides import this module (workerCalls.ts on the API thread, excelWorker.ts in the
 * thread); the transport (worker/) carries these messages without reading them.
 */
import type { FileSheet } from '#contract';
import type { CorrectedCells } from './correctedFile';
import type { ExcelFileProblem } from './fileErrors';
import type { CatalogueHeading } from './peppol/writeCatalogue';
import type { PriceChangeSheetRow } from './priceChangesWorkbook';
import type { ChangesExport, PriceListSnapshotJson, PricelistPeriod, ReadOptions } from './types';
import { type PackedErrors, type PackedOutcome, type PackedRows, transferablesOf } from './workerPacking';

/** The jobs a worker does: each reads or writes a whole workbook. */
export type WorkerJob =
  /** The data to check against follows in further messages (WorkerSnapshot) once it is loaded. */
  | {
      kind: 'validate';
      content: Uint8Array;
      fileName: string;
      /** Whether the rows (changes or errors) come back too, or only the summary and the details. */
      changes: boolean;
      columns?: ReadOptions;
    }
  /** Each sheet's header row, for checking a mapping against the file. */
  | { kind: 'fileSheets'; content: Uint8Array; fileName: string }
  | {
      kind: 'errorWorkbook';
      content: Uint8Array;
      fileName: string;
      errors: PackedErrors;
      /** Corrected cells ("C12" and the typed text), shown in the copy of the sheet. */
      corrected?: readonly { cell: string; value: string }[];
    }
  | { kind: 'template'; rows: PackedRows; articleNames: string[] }
  /** The supplier's own workbook with the corrections typed on the summary written in. */
  | { kind: 'correctedFile'; content: Uint8Array; fileName: string; corrections: CorrectedCells }
  | { kind: 'changesWorkbook'; changes: ChangesExport }
  /** The change feed's rows of a period (priceChangesWorkbook.ts). */
  | { kind: 'priceChangesWorkbook'; rows: PriceChangeSheetRow[] }
  /** A price list as a Peppol catalogue (peppol/writeCatalogue.ts); the bytes come back as a workbook's. */
  | { kind: 'catalogue'; rows: PackedRows; articleNames: string[]; document: CatalogueHeading };

/**
 * The messages after a 'validate' job: the snapshot's blocks one by one (posting 18 MB of text
 * in one message held the API thread 17–47 ms), then its end.
 */
export type WorkerSnapshot =
  | { kind: 'snapshotBlock'; part: 'articles' | 'rows'; json: string }
  | { kind: 'snapshotPeriod'; period: PricelistPeriod }
  | { kind: 'snapshotEnd' };

/** A snapshot as the messages that carry it to the worker. */
export const snapshotMessages = (snapshot: PriceListSnapshotJson): WorkerSnapshot[] => [
  ...snapshot.articles.map((json) => ({ kind: 'snapshotBlock' as const, part: 'articles' as const, json })),
  ...snapshot.rows.map((json) => ({ kind: 'snapshotBlock' as const, part: 'rows' as const, json })),
  ...(snapshot.period ? [{ kind: 'snapshotPeriod' as const, period: snapshot.period }] : []),
  { kind: 'snapshotEnd' },
];

/** The messages of a 'validate' job's snapshot, which the thread's validation listens for. */
export const isSnapshotMessage = (message: WorkerJob | WorkerSnapshot): message is WorkerSnapshot =>
  message.kind.startsWith('snapshot');

export type WorkerResult =
  | { kind: 'validation'; outcome: PackedOutcome; peakMemoryMb: number }
  | { kind: 'workbook'; bytes: Uint8Array }
  | { kind: 'fileSheets'; sheets: FileSheet[] };

/** What the thread tells of a job that failed: the reader's reason, or null for any other error. */
export type WorkerJobFailure = ExcelFileProblem | null;

/** The file a job reads, or null for a job that writes from data alone. */
export const fileOfJob = (job: WorkerJob): Uint8Array | null =>
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

/** The buffers a job moves to the thread: its file when it owns its buffer, and its packed columns. */
export function transferablesOfJob(job: WorkerJob): ArrayBuffer[] {
  const file = fileOfJob(job);
  const buffers: ArrayBuffer[] = [];
  if (file && ownsBuffer(file)) buffers.push(file.buffer as ArrayBuffer);
  if (job.kind === 'errorWorkbook')
    buffers.push(job.errors.rows.buffer as ArrayBuffer, job.errors.texts.lengths.buffer as ArrayBuffer);
  if (job.kind === 'template')
    buffers.push(job.rows.numbers.buffer as ArrayBuffer, job.rows.texts.lengths.buffer as ArrayBuffer);
  return buffers;
}

/** The buffers a result moves back to the API thread. */
export const transferablesOfResult = (result: WorkerResult): ArrayBuffer[] =>
  result.kind === 'validation'
    ? transferablesOf(result.outcome)
    : result.kind === 'workbook'
      ? [result.bytes.buffer as ArrayBuffer]
      : [];
