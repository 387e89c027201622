/**
 * The messages between the API thread and an Excel worker thread. Both sides import this module;
 * the worker thread (excelWorker.ts) imports nothing else of the pool's side.
 */

import type { FileSheet } from '#contract';
import type { CorrectedCells } from '../correctedFile';
import type { ExcelFileProblem } from '../fileErrors';
import type { CatalogueHeading } from '../peppol/writeCatalogue';
import type { PriceChangeSheetRow } from '../priceChangesWorkbook';
import type { ChangesExport, PriceListSnapshotJson, PricelistPeriod, ReadOptions } from '../types';
import type { PackedErrors, PackedOutcome, PackedRows } from '../workerPacking';

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

export type WorkerResult =
  | { kind: 'validation'; outcome: PackedOutcome; peakMemoryMb: number }
  | { kind: 'workbook'; bytes: Uint8Array }
  | { kind: 'fileSheets'; sheets: FileSheet[] };

export type WorkerReply =
  /** `memoryMb`: the thread's heap and external memory once the job is done. */
  | { ok: true; result: WorkerResult; memoryMb: number }
  | { ok: false; problem: ExcelFileProblem | null; message: string };

/** The worker thread's nice value: the scheduler prefers the API thread (nice 0) about 10:1. */
export const WORKER_NICE = 10;

/** What a worker posts once its modules are loaded, before any reply. */
export const WORKER_READY = 'ready';
