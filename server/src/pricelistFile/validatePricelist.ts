import type {
  ColumnChoice,
  ColumnMappingSource,
  ColumnMappingUsed,
  FileSheet,
  ImportSummary,
  MappedColumn,
  PriceListColumnHeader,
  SavedChoice,
  SavedFileColumn,
  SavedMappingMismatch,
} from '#contract';
// Values from the contract's modules without zod: the worker thread does not load zod.
import {
  columnChoiceProblems,
  fileColumnOf,
  findSavedColumn,
  headerSetKey,
  suggestColumns,
} from '#contract/columnMapping';
import { PRICE_LIST_SHEET, priceListColumns, SUMMARY_ERROR_LIMIT } from '#contract/domain';
import { columnName, detectExcelFormat, type ExcelFormat, readSheet } from '../lib/xlsx';
import type { HeaderMapping } from './columns';
import { type PriceListDiffResult, storedRowsOf } from './diff';
import { ErrorTally } from './errorCounts';
import { ExcelFileError, inSwedish } from './fileErrors';
import { readFileSheets, SamplingSink } from './fileSheets';
import { detectCatalogue } from './peppol/detect';
import { DOCTYPE_REFUSED } from './peppol/readCatalogue';
import { validateCatalogue } from './peppol/validateCatalogue';
import { PriceListSink } from './priceListSink';
import { bestSavedFit } from './savedMappingMismatch';
import { shownSafely } from './storableText';
import type {
  CheckData,
  FileCorrections,
  PriceListValidationInput,
  PriceListValidationOutcome,
  ReadOptions,
} from './types';

export { MAX_REPORTED_ERRORS } from './priceListSink';

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
  const outcome = await validateAgainst(
    input.content,
    input.fileName,
    {
      articleNumbers: input.articleNumbers,
      stored: storedRowsOf(stored),
      ...(input.period && { period: input.period }),
    },
    input.columns,
  );
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

export type { CheckData } from './types';

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
  columns: ReadOptions = {},
): Promise<ValidationOutcome> {
  const format = detectExcelFormat(content, fileName);
  if (format === null) {
    // A Peppol catalogue has its own element names: a column mapping never applies to it.
    const xml = detectCatalogue(content);
    if (xml === 'catalogue') return validateCatalogue(content, data, columns.corrections);
    if (xml === 'doctype') throw new ExcelFileError('DOCTYPE', DOCTYPE_REFUSED);
    throw notExcel();
  }
  if (columns.chosen) {
    const known: FileSheet[] = [];
    const outcome = await readAndCheck(content, format, data, columns.chosen, columns.corrections, known);
    // The chosen sheet's header row was read with it; only other sheets are read for theirs.
    const fileSheets = await readFileSheets(content, format, known);
    if (outcome.summary.type !== 'INVALID_FORMAT') return withFileSheets(outcome, fileSheets, 'REQUEST');
    return mappingStep(outcome, fileSheets, columns);
  }
  const own = await readAndCheck(content, format, data, null, columns.corrections);
  if (own.summary.type !== 'INVALID_FORMAT') return own;
  // Not our headers: perhaps a mapping the organisation saved for exactly these.
  const fileSheets = await readFileSheets(content, format);
  for (const saved of columns.saved ?? []) {
    const sheet = fileSheets.find((candidate) => headerSetKey(candidate) === saved.key);
    const choice = sheet && choiceOfSaved(sheet, saved.choice);
    if (!sheet || !choice || columnChoiceProblems(choice, sheet).size > 0) continue;
    const outcome = await readAndCheck(content, format, data, choice, columns.corrections);
    if (outcome.summary.type === 'INVALID_FORMAT') continue;
    return withFileSheets(outcome, fileSheets, 'SAVED_MAPPING', { id: saved.id, savedAt: saved.savedAt });
  }
  return mappingStep(own, fileSheets, columns);
}

/** A saved mapping's columns as letters of this sheet; null when one of its headers is not there. */
function choiceOfSaved(sheet: FileSheet, saved: SavedChoice): ColumnChoice | null {
  const columns: ColumnChoice['columns'] = {};
  for (const [header, savedColumn] of Object.entries(saved.columns) as [
    PriceListColumnHeader,
    SavedFileColumn,
  ][]) {
    const letter = findSavedColumn(sheet, savedColumn);
    if (letter === undefined) return null;
    columns[header] = letter;
  }
  return { sheet: sheet.name, columns };
}

/** A validation with mapped columns: where they came from, and the file's sheets to change them. */
function withFileSheets(
  outcome: ValidationOutcome,
  fileSheets: FileSheet[],
  source: ColumnMappingSource,
  savedMapping?: { id: number; savedAt: string },
): ValidationOutcome {
  const summary = outcome.summary;
  if (summary.type === 'INVALID_FORMAT' || !summary.columnMapping) return outcome;
  const columnMapping = { ...summary.columnMapping, source, ...(savedMapping && { savedMapping }) };
  return { ...outcome, summary: { ...summary, columnMapping, fileSheets } } as ValidationOutcome;
}

/**
 * INVALID_FORMAT as it was, with what the mapping step needs: the file's sheets and a suggested
 * mapping (the choices of the organisation's saved mapping for the sheet whose headers differ
 * least, where the names still fit, then look-alike names), on the sheet that fits best; and,
 * when that saved mapping was not used because the headers differ, how they differ.
 */
function mappingStep(
  outcome: ValidationOutcome,
  fileSheets: FileSheet[],
  columns: ReadOptions,
): ValidationOutcome {
  if (outcome.summary.type !== 'INVALID_FORMAT' || fileSheets.length === 0) return outcome;
  let best: ColumnChoice | null = null;
  let bestScore = -1;
  const mismatches: SavedMappingMismatch[] = [];
  for (const sheet of fileSheets) {
    const fit = bestSavedFit(sheet, columns.saved);
    const chosenForSheet = columns.chosen?.sheet === sheet.name ? columns.chosen : undefined;
    const suggestion = chosenForSheet ?? suggestColumns(sheet, fit?.saved.choice);
    const score = Object.keys(suggestion.columns).length + (chosenForSheet ? 100 : 0);
    if (score > bestScore) [best, bestScore] = [suggestion, score];
    const differs = fit && fit.mismatch.missingHeaders.length + fit.mismatch.newHeaders.length > 0;
    if (differs) mismatches.push(fit.mismatch);
  }
  // Why a saved mapping was not used, when no mapping was chosen: for the suggested sheet first.
  const savedMappingMismatch = columns.chosen
    ? undefined
    : (mismatches.find((mismatch) => mismatch.sheet === best!.sheet) ?? mismatches[0]);
  return {
    allErrors: [],
    summary: {
      ...outcome.summary,
      fileSheets,
      suggestedMapping: best!,
      ...(savedMappingMismatch && { savedMappingMismatch }),
    },
  };
}

/** Reads the sheet (ours, or the chosen mapping's) and checks every row against the data. */
async function readAndCheck(
  content: Uint8Array,
  format: ExcelFormat,
  data: CheckData | Promise<CheckData>,
  chosen: ColumnChoice | null,
  corrections: FileCorrections | undefined,
  /** Receives the sheet's header row as read. */
  headerRows: FileSheet[] = [],
): Promise<ValidationOutcome> {
  const sink = new PriceListSink(chosen, corrections);
  const provided = Promise.resolve(data).then((ready) => sink.provide(ready));
  // Handled here so a file that fails to read leaves no rejection behind; awaited below.
  provided.catch(() => {});
  // A chosen sheet's header row is the mapping step's too: its samples are taken as it is read.
  const sampled = chosen ? new SamplingSink(sink) : null;
  const read = await readSheet(content, format, chosen?.sheet ?? PRICE_LIST_SHEET, sampled ?? sink).catch(
    inSwedish,
  );
  await provided;
  if (read === null)
    return invalidFormat(
      priceListColumns.filter((c) => c.required).map((c) => c.header),
      sink.sheetNames,
    );
  headerRows.push({
    name: shownSafely(read.sheetName),
    columns: sampled?.samples?.on(sink.headerRow) ?? sink.headerRow,
  });
  const mapping = sink.mapping ?? sink.mapHeaderRow(null);
  if (mapping.missingRequired.length > 0) return invalidFormat(mapping.missingRequired);
  // Only a mapped file's summary names its columns (withFileSheets says where they came from).
  const columnMapping: ColumnMappingUsed | undefined = chosen
    ? { source: 'REQUEST', sheet: read.sheetName, columns: mappedColumnsOf(mapping, sink.headerRow) }
    : undefined;

  const errors = sink.errors();
  const errorCount = mapping.duplicateErrors.length + (sink.rules?.errorCount ?? 0);
  if (errorCount > 0) {
    // Counted here, in the worker, from every error found (not only those kept).
    const tally = new ErrorTally();
    for (const error of mapping.duplicateErrors) tally.add(error.column, 'DUPLICATE_COLUMN');
    if (sink.rules) tally.addAll(sink.rules.tally());
    // The summary's errors name the file's own columns; the rest get them when they are read.
    const shown = errors.slice(0, SUMMARY_ERROR_LIMIT).map((error) => {
      const fileColumn = fileColumnOf(columnMapping?.columns, error.column);
      return fileColumn === undefined ? error : { ...error, fileColumn };
    });
    return {
      summary: {
        type: 'VALIDATION_ERRORS',
        errorCount,
        errors: shown,
        errorCounts: tally.list(),
        columnMapping,
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
      ...(columnMapping && { columnMapping }),
    },
    diff,
  };
}

/** Each of our columns the sheet has: its letter and the header row's text there. */
function mappedColumnsOf(mapping: HeaderMapping, headerRow: FileSheet['columns']): MappedColumn[] {
  const mapped: MappedColumn[] = [];
  priceListColumns.forEach((column, slot) => {
    const sheetColumn = mapping.columnOfSlot[slot]!;
    if (sheetColumn < 0) return;
    const fileColumn = columnName(sheetColumn);
    mapped.push({
      column: column.header,
      fileColumn,
      fileHeader: headerRow.find((c) => c.column === fileColumn)?.header ?? '',
    });
  });
  return mapped;
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
