import type { PricelistRowValues, ValidationError } from '#contract';
import { changeChunks, errorChunks } from './changeDetails';
import { type StoredRows, storedRowsOf, storedRowValues } from './diff';
import { type PriceChangeFacts, priceChangeFactsOf } from './priceChanges';
import type {
  DetailChunks,
  PriceListChanges,
  PriceListValidationOutcome,
  TemplateRow,
  WorkerValidationOutcome,
} from './types';
import type { ValidationOutcome } from './validatePricelist';

/**
 * What crosses between the job and the worker thread, packed. Structured cloning 200,000 row
 * objects costs hundreds of milliseconds on each side; the same rows as one long string, its
 * lengths and one Float64Array cross in a few. The data a file is checked against goes as JSON
 * texts (see snapshotJson.ts) that the worker parses into columns, never making objects of the
 * rows.
 *
 * Texts are packed by length, never joined with a separator or marked with a sentinel: a cell
 * can hold any character (`_x0000_` decodes to NUL), so no character may mean a boundary.
 */
export interface PackedTexts {
  /** Every text, one after the other. */
  joined: string;
  /** The length of each text in UTF-16 code units; -1 for null. */
  lengths: Int32Array;
}

export function packTexts(texts: readonly (string | null)[]): PackedTexts {
  const lengths = new Int32Array(texts.length);
  const present: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i];
    if (text === null || text === undefined) lengths[i] = -1;
    else {
      lengths[i] = text.length;
      present.push(text);
    }
  }
  return { joined: present.join(''), lengths };
}

export function unpackTexts({ joined, lengths }: PackedTexts): (string | null)[] {
  const texts: (string | null)[] = new Array(lengths.length);
  let offset = 0;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    if (length < 0) texts[i] = null;
    else {
      texts[i] = joined.slice(offset, offset + length);
      offset += length;
    }
  }
  if (offset !== joined.length) throw new Error('packed texts do not match their lengths');
  return texts;
}

export interface PackedRows {
  count: number;
  /** articleNumber, price, warrantyUnit, warrantyValidFrom, warrantyTerms of each row. */
  texts: PackedTexts;
  /** minimumOrderQuantity, deliveryTimeDays, warrantyQuantity of each row; NaN for null. */
  numbers: Float64Array;
}

/** The rows in columns (diff.ts `storedRowsOf`, the one loop that lays them out), texts packed. */
export function packRows(rows: readonly PricelistRowValues[]): PackedRows {
  const { count, texts, numbers } = storedRowsOf(rows);
  return { count, texts: packTexts(texts), numbers };
}

export function unpackRows(packed: PackedRows): PricelistRowValues[] {
  const stored: StoredRows = {
    count: packed.count,
    texts: unpackTexts(packed.texts),
    numbers: packed.numbers,
  };
  const rows: PricelistRowValues[] = new Array(packed.count);
  for (let i = 0; i < packed.count; i++) rows[i] = storedRowValues(stored, i);
  return rows;
}

export interface PackedErrors {
  count: number;
  /**
   * articleNumber, sheet, column, message, value, rule and cell of each error (null for an
   * optional one that is missing).
   */
  texts: PackedTexts;
  rows: Float64Array;
}

/** Texts per packed error. */
const ERROR_TEXTS = 8;

export function packErrors(errors: readonly ValidationError[]): PackedErrors {
  const texts: (string | null)[] = new Array(errors.length * ERROR_TEXTS);
  const rows = new Float64Array(errors.length);
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i]!;
    const at = i * ERROR_TEXTS;
    texts[at] = error.articleNumber ?? null;
    texts[at + 1] = error.sheet;
    texts[at + 2] = error.column;
    texts[at + 3] = error.message;
    texts[at + 4] = error.value;
    texts[at + 5] = error.rule ?? null;
    texts[at + 6] = error.cell ?? null;
    texts[at + 7] = error.fileColumn ?? null;
    rows[i] = error.row;
  }
  return { count: errors.length, texts: packTexts(texts), rows };
}

export function unpackErrors(packed: PackedErrors): ValidationError[] {
  const texts = unpackTexts(packed.texts);
  const errors: ValidationError[] = new Array(packed.count);
  for (let i = 0; i < packed.count; i++) {
    const at = i * ERROR_TEXTS;
    const articleNumber = texts[at];
    const rule = texts[at + 5] as ValidationError['rule'] | null;
    const cell = texts[at + 6];
    const fileColumn = texts[at + 7];
    errors[i] = {
      row: packed.rows[i]!,
      ...(articleNumber != null && { articleNumber }),
      sheet: texts[at + 1]!,
      column: texts[at + 2]!,
      message: texts[at + 3]!,
      value: texts[at + 4]!,
      ...(rule != null && { rule }),
      ...(cell != null && { cell }),
      ...(fileColumn != null && { fileColumn }),
    };
  }
  return errors;
}

export type PackedOutcome =
  /** Only the summary and the details (the caller keeps nothing else). */
  | { summary: PriceListValidationOutcome['summary']; details: DetailChunks; priceChanges?: PriceChangeFacts }
  | {
      summary: Extract<PriceListValidationOutcome['summary'], { type: 'CONFIRM' }>;
      priceChanges: PriceChangeFacts;
      added: PackedRows;
      updatedOld: PackedRows;
      updatedNew: PackedRows;
      removed: PackedRows;
      details: DetailChunks;
    }
  | {
      summary: Exclude<PriceListValidationOutcome['summary'], { type: 'CONFIRM' }>;
      allErrors: PackedErrors;
      details: DetailChunks;
    };

/**
 * Packs the worker's outcome, with the stored rows it refers to by index and what is kept of it;
 * without `changes`, only the summary and what is kept.
 */
export function packOutcome(outcome: ValidationOutcome, stored: StoredRows, changes: boolean): PackedOutcome {
  if ('diff' in outcome) {
    const { added, updated, removed } = outcome.diff;
    const updatedOld = updated.map((update) => storedRowValues(stored, update.old));
    const updatedNew = updated.map((update) => update.new);
    const removedRows = removed.map((index) => storedRowValues(stored, index));
    const details = changeChunks(
      added,
      updated.map((update, i) => ({ old: updatedOld[i]!, new: update.new })),
      removedRows,
    );
    const priceChanges = priceChangeFactsOf(outcome.diff, stored);
    if (!changes) return { summary: outcome.summary, details, priceChanges };
    return {
      summary: outcome.summary,
      priceChanges,
      added: packRows(added),
      updatedOld: packRows(updatedOld),
      updatedNew: packRows(updatedNew),
      removed: packRows(removedRows),
      details,
    };
  }
  const details = errorChunks(outcome.allErrors);
  if (!changes) return { summary: outcome.summary, details };
  return { summary: outcome.summary, allErrors: packErrors(outcome.allErrors), details };
}

/**
 * The outcome as objects. The rows and errors are unpacked on first use only: the validation
 * job just writes `details`, and a long unpacking would hold the event loop for nothing.
 */
export function unpackOutcome(packed: PackedOutcome): WorkerValidationOutcome {
  if (!('added' in packed) && !('allErrors' in packed))
    throw new Error('the outcome was packed without its rows');
  if ('added' in packed) {
    let changes: PriceListChanges | undefined;
    return {
      summary: packed.summary,
      details: packed.details,
      priceChanges: packed.priceChanges,
      get changes() {
        changes ??= unpackChanges(packed);
        return changes;
      },
    };
  }
  let allErrors: ValidationError[] | undefined;
  return {
    summary: packed.summary,
    details: packed.details,
    get allErrors() {
      allErrors ??= unpackErrors(packed.allErrors);
      return allErrors;
    },
  };
}

function unpackChanges(packed: Extract<PackedOutcome, { added: PackedRows }>): PriceListChanges {
  const updatedOld = unpackRows(packed.updatedOld);
  return {
    added: unpackRows(packed.added),
    updated: unpackRows(packed.updatedNew).map((row, i) => ({ old: updatedOld[i]!, new: row })),
    removed: unpackRows(packed.removed),
  };
}

/** The template rows a worker job carries (article names as an array: few enough to clone). */
export const templateRowsOf = (job: { rows: PackedRows; articleNames: string[] }): TemplateRow[] =>
  unpackRows(job.rows).map((values, i) => ({ values, articleName: job.articleNames[i] || null }));

/** The buffers of an outcome that can be moved rather than copied. */
export function transferablesOf(packed: PackedOutcome): ArrayBuffer[] {
  const details = Object.values(packed.details).flatMap((chunks) =>
    chunks.map((chunk) => chunk.buffer as ArrayBuffer),
  );
  if ('allErrors' in packed) {
    const { rows, texts } = packed.allErrors;
    return [rows.buffer as ArrayBuffer, texts.lengths.buffer as ArrayBuffer, ...details];
  }
  const percents = packed.priceChanges ? [packed.priceChanges.percents.buffer as ArrayBuffer] : [];
  if ('added' in packed) {
    return [packed.added, packed.updatedOld, packed.updatedNew, packed.removed]
      .flatMap((rows) => [rows.numbers.buffer as ArrayBuffer, rows.texts.lengths.buffer as ArrayBuffer])
      .concat(details, percents);
  }
  return details.concat(percents);
}
