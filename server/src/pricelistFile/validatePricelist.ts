import type { ImportSummary, ValidationError } from '#contract';
import { PRICE_LIST_SHEET, priceListColumns, SUMMARY_ERROR_LIMIT } from '#contract/domain';
import { detectExcelFormat, type RowCells, readSheet, type SheetRead, type SheetRowSink } from '../lib/xlsx';
import { type HeaderMapping, mapHeader } from './columns';
import { PriceListDiff, type PriceListDiffResult, type StoredRows, storedRowsOf } from './diff';
import { ErrorTally } from './errorCounts';
import { ExcelFileError, inSwedish } from './fileErrors';
import { QueuedRows } from './queuedRows';
import { PriceListRowRules, VALID_ROW } from './rowRules';
import { shownSafely } from './storableText';
import type { PriceListValidationInput, PriceListValidationOutcome } from './types';

/**
 * `allErrors` keeps at most this many (errorCount still counts every one): beyond it a file is
 * simply wrong throughout, and an Excel sheet could not list them all anyway.
 */
export const MAX_REPORTED_ERRORS = 100_000;

const notExcel = () =>
  new ExcelFileError('NOT_EXCEL', 'Filen är inte en Excel-fil. Endast .xls och .xlsx kan läsas in.');

/**
 * Reads the uploaded file, checks every rule of docs/price-list-file.md and, when nothing is wrong,
 * compares the rows with the price list as it is. Asynchronous because the .xlsx reader
 * streams the sheet through node:zlib. Throws ExcelFileError when the file cannot be read.
 */
export async function validatePriceList(
  input: PriceListValidationInput,
): Promise<PriceListValidationOutcome> {
  const stored = input.existingRows;
  const outcome = await validateAgainst(input.content, input.fileName, {
    articleNumbers: input.articleNumbers,
    stored: storedRowsOf(stored),
  });
  if (!('diff' in outcome)) return outcome;
  const { added, updated, removed } = outcome.diff;
  return {
    summary: outcome.summary,
    changes: {
      added,
      updated: updated.map((update) => ({ old: stored[update.old]!, new: update.new })),
      removed: removed.map((index) => stored[index]!),
    },
  };
}

/** An outcome whose old and removed rows are indexes into the stored rows. */
export type ValidationOutcome =
  | { summary: Extract<ImportSummary, { type: 'CONFIRM' }>; diff: PriceListDiffResult }
  | Extract<PriceListValidationOutcome, { allErrors: unknown }>;

/** What a file is checked against: the supplier's article numbers and the price list's rows. */
export interface CheckData {
  articleNumbers: readonly string[];
  stored: StoredRows;
}

/**
 * validatePriceList against stored rows in columns: what the worker thread runs. The data may
 * still be on its way (a promise): the file is read meanwhile and its rows wait in a queue, so
 * reading the file and loading the data from the database overlap. A file that cannot be read
 * fails without waiting for the data.
 */
export async function validateAgainst(
  content: Uint8Array,
  fileName: string,
  data: CheckData | Promise<CheckData>,
): Promise<ValidationOutcome> {
  const format = detectExcelFormat(content, fileName);
  if (format === null) throw notExcel();
  const sink = new PriceListSink();
  const provided = Promise.resolve(data).then((ready) => sink.provide(ready));
  // Handled here so a file that fails to read leaves no rejection behind; awaited below.
  provided.catch(() => {});
  const read = await readSheet(content, format, PRICE_LIST_SHEET, sink).catch(inSwedish);
  await provided;
  if (read === null)
    return invalidFormat(
      priceListColumns.filter((c) => c.required).map((c) => c.header),
      sink.sheetNames,
    );
  const mapping = sink.mapping ?? mapHeader(null, read.sheetName, read.date1904);
  if (mapping.missingRequired.length > 0) return invalidFormat(mapping.missingRequired);

  const errors = sink.errors();
  const errorCount = mapping.duplicateErrors.length + (sink.rules?.errorCount ?? 0);
  if (errorCount > 0) {
    // Counted here, in the worker, from every error found (not only those kept).
    const tally = new ErrorTally();
    for (const error of mapping.duplicateErrors) tally.add(error.column, 'DUPLICATE_COLUMN');
    if (sink.rules) tally.addAll(sink.rules.tally());
    return {
      summary: {
        type: 'VALIDATION_ERRORS',
        errorCount,
        errors: errors.slice(0, SUMMARY_ERROR_LIMIT),
        errorCounts: tally.list(),
      },
      allErrors: errors,
    };
  }
  const diff = sink.diff!.finish();
  return {
    summary: {
      type: 'CONFIRM',
      added: diff.added.length,
      updated: diff.updated.length,
      removed: diff.removed.length,
      unchanged: diff.unchanged,
    },
    diff,
  };
}

/** INVALID_FORMAT; without the sheet, also the sheets the file has, so the page can say what is wrong. */
const MAX_LISTED_SHEETS = 50;

const invalidFormat = (columns: string[], sheetsInFile?: readonly string[]): ValidationOutcome => ({
  summary: {
    type: 'INVALID_FORMAT',
    missingColumns: columns.map((column) => ({ column, sheets: [PRICE_LIST_SHEET] })),
    // Names come from the file: shown safely, and not more of them than a page can list.
    ...(sheetsInFile && {
      missingSheet: PRICE_LIST_SHEET,
      sheetsInFile: sheetsInFile.slice(0, MAX_LISTED_SHEETS).map(shownSafely),
    }),
  },
  allErrors: [],
});

/**
 * Receives the rows as the reader streams them: the header row first, then each data row. Rows
 * that come before the data to check against is provided wait in `queued`.
 */
class PriceListSink implements SheetRowSink {
  columnFilter: Uint8Array | null = null;
  /** Every sheet of the workbook, as the reader found them. */
  sheetNames: readonly string[] = [];

  sheets(names: readonly string[]) {
    this.sheetNames = names;
  }
  mapping: HeaderMapping | null = null;
  rules: PriceListRowRules | null = null;
  diff: PriceListDiff | null = null;
  private articleIndex: Map<string, number> | null = null;
  private queued: QueuedRows | null = new QueuedRows();
  private sheetName = PRICE_LIST_SHEET;
  private date1904 = false;

  start(read: SheetRead) {
    this.sheetName = read.sheetName;
    this.date1904 = read.date1904;
  }

  /** The data to check against: builds the rules and the diff, then checks the rows that waited. */
  provide({ articleNumbers, stored }: CheckData) {
    const articleIndex = new Map<string, number>();
    for (const articleNumber of articleNumbers) {
      if (!articleIndex.has(articleNumber)) articleIndex.set(articleNumber, articleIndex.size);
    }
    this.articleIndex = articleIndex;
    this.diff = new PriceListDiff(stored, articleIndex);
    if (this.mapping) this.rules = this.rulesFor(this.mapping, articleIndex);
    const queued = this.queued!;
    this.queued = null;
    queued.replay((rowNumber, cells) => this.check(rowNumber, cells));
  }

  row(rowNumber: number, cells: RowCells) {
    if (this.mapping === null) {
      this.mapping = mapHeader(rowNumber === 1 ? cells : null, this.sheetName, this.date1904);
      this.columnFilter = this.mapping.filter;
      if (this.articleIndex) this.rules = this.rulesFor(this.mapping, this.articleIndex);
      if (rowNumber === 1) return;
    }
    if (this.mapping.missingRequired.length > 0) return;
    if (this.queued) this.queued.push(rowNumber, cells);
    else this.check(rowNumber, cells);
  }

  private rulesFor(mapping: HeaderMapping, articleIndex: ReadonlyMap<string, number>) {
    return new PriceListRowRules(this.sheetName, this.date1904, articleIndex, mapping, MAX_REPORTED_ERRORS);
  }

  private check(rowNumber: number, cells: RowCells) {
    const rules = this.rules!;
    const checked = rules.check(rowNumber, cells);
    // Once a row is wrong the file will not be confirmed: no need to keep comparing.
    if (checked === VALID_ROW && rules.errorCount === 0 && this.mapping!.duplicateErrors.length === 0) {
      this.diff!.add(rules.row);
    }
  }

  errors(): ValidationError[] {
    const duplicates = this.mapping?.duplicateErrors ?? [];
    const rows = this.rules?.errors ?? [];
    return duplicates.length === 0 ? rows : [...duplicates, ...rows].slice(0, MAX_REPORTED_ERRORS);
  }
}
