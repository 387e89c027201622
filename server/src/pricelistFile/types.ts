import type {
  ColumnChoice,
  ImportRisk,
  ImportSummary,
  PricelistRowValues,
  SavedChoice,
  ValidationError,
} from '#contract';
import type { StoredRows } from './diff';
import type { PriceChangeFacts } from './priceChanges';

/**
 * The seam between the import jobs (database, HTTP) and the pure Excel engine in this folder.
 * The engine knows nothing of the database: the job hands it the file and the data it checks
 * against, and stores what comes back.
 */
export interface PriceListValidationInput {
  content: Uint8Array;
  fileName: string;
  /** Article numbers of the supplier's own organisation. */
  articleNumbers: readonly string[];
  /** The chosen price list's rows as they are now. */
  existingRows: readonly PricelistRowValues[];
  columns?: ReadOptions;
  /** The price list's time (a Peppol catalogue's start date must fit it). */
  period?: PricelistPeriod;
}

/**
 * How the file is read. Its columns: a mapping chosen for this import (by the request or on the
 * summary page), or else the file's own headers and, when those are not ours, one of the
 * organisation's saved mappings whose sheet and headers the file has. And the corrections typed
 * on the summary, applied to the cells as they are streamed.
 */
export interface ReadOptions {
  chosen?: ColumnChoice;
  saved?: readonly SavedMappingOption[];
  corrections?: FileCorrections;
}

/** Corrections by row: our column header and its new text; and the rows left out of the file. */
export interface FileCorrections {
  cells: readonly { row: number; column: string; value: string }[];
  leaveOut: readonly number[];
}

/** A saved mapping as the worker gets it: found by `key` (headerSetKey of its sheet). */
export interface SavedMappingOption {
  id: number;
  savedAt: string;
  key: string;
  choice: SavedChoice;
  /** The file's header row it was saved with, as written: to say how a file's differs. */
  headers?: readonly string[];
}

/** The same data as JSON texts, in blocks, as PostgreSQL aggregates them (format: snapshotJson.ts). */
export interface PriceListSnapshotJson {
  /** Blocks of the organisation's articles, each a JSON array of two columns: ids, numbers. */
  articles: string[];
  /** Blocks of the price list's rows, each a JSON array of eight columns (the first: article ids). */
  rows: string[];
  /** When the price list applies: a Peppol catalogue's start date must fit it. */
  period?: PricelistPeriod;
}

/** A price list's number, its first day and the next price list's first day (null: none after it). */
export interface PricelistPeriod {
  number: string;
  validFrom: string;
  nextValidFrom: string | null;
}

/**
 * The input of a validation whose data the worker thread parses, off the caller's thread. The
 * snapshot may still be loading: the worker reads the file meanwhile.
 */
export interface PriceListSnapshotInput {
  content: Uint8Array;
  fileName: string;
  snapshot: PriceListSnapshotJson | Promise<PriceListSnapshotJson>;
  columns?: ReadOptions;
}

/**
 * What an import keeps of an outcome (import_details), per kind: JSON arrays of at most
 * DETAIL_CHUNK_SIZE items in UTF-8, serialised in the worker so the job only writes them.
 */
export type DetailChunks = Partial<Record<'added' | 'updated' | 'removed' | 'error', Uint8Array[]>>;

export interface RowUpdate {
  old: PricelistRowValues;
  new: PricelistRowValues;
}

export interface PriceListChanges {
  added: PricelistRowValues[];
  updated: RowUpdate[];
  removed: PricelistRowValues[];
}

export type PriceListValidationOutcome =
  /** CONFIRM summary: the file is valid; `changes` is what confirming it would do. */
  | { summary: Extract<ImportSummary, { type: 'CONFIRM' }>; changes: PriceListChanges }
  /** INVALID_FORMAT or VALIDATION_ERRORS: `allErrors` holds every error (the summary only the first 100). */
  | { summary: Exclude<ImportSummary, { type: 'CONFIRM' }>; allErrors: ValidationError[] };

/** What the validation job keeps of an outcome: the summary and, ready to write, the details. */
export interface WorkerValidationRecord {
  summary: ImportSummary;
  details: DetailChunks;
  /** With a CONFIRM summary: the facts about prices the risk rules weigh. */
  priceChanges?: PriceChangeFacts;
  /** The worker thread's peak memory (its heap and external memory), for the log and the benchmark. */
  workerPeakMemoryMb?: number;
}

/** An outcome from the worker thread: also what is kept of it, ready to write. */
export type WorkerValidationOutcome = PriceListValidationOutcome & {
  details: DetailChunks;
  /** With a CONFIRM summary: the facts about prices the risk rules weigh. */
  priceChanges?: PriceChangeFacts;
  /** The worker thread's peak memory (its heap and external memory), for the log and the benchmark. */
  workerPeakMemoryMb?: number;
};

/** A row of a filled template: the price list's values and the article's name for "Benämning". */
export interface TemplateRow {
  values: PricelistRowValues;
  articleName: string | null;
}

/** What is kept of a confirmable validation, as stored: each kind's chunks of JSON text (the changes export). */
export interface ChangesExport {
  risk: ImportRisk | null;
  added: string[];
  updated: string[];
  removed: string[];
}

/** What a file is checked against: the supplier's article numbers and the price list's rows. */
export interface CheckData {
  articleNumbers: readonly string[];
  stored: StoredRows;
  /** The price list's time, when known (a catalogue's start date is checked against it). */
  period?: PricelistPeriod;
}
