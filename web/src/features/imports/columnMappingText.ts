import {
  type ColumnChoice,
  type FileColumn,
  type FileSheet,
  fileColumnLabel,
  suggestColumns,
} from '#contract/columnMapping';
import { type PriceListColumnHeader, priceListColumnHeaders } from '#contract/domain';
import type { ColumnMappingUsed, SavedColumnMapping } from '#contract/imports';
import { formatLongDate } from './format';
import { importTexts } from './texts';

const texts = importTexts.columnMapping;

const isOurHeader = (header: string): header is PriceListColumnHeader =>
  (priceListColumnHeaders as readonly string[]).includes(header);

/** "Art.nr → Artikelnummer, C → Pris": a column the file left without a header goes by its letter. */
export const usedPairs = (mapping: ColumnMappingUsed) =>
  mapping.columns
    .map(({ column, fileColumn, fileHeader }) =>
      texts.pair(fileHeader.trim() === '' ? fileColumn : fileHeader, column),
    )
    .join(', ');

export const savedPairs = (mapping: SavedColumnMapping) =>
  mapping.columns.map(({ column, fileHeader }) => texts.pair(fileHeader, column)).join(', ');

/** What the summary says of the mapping a validation used; nothing when the file's headers were ours. */
export function usedMappingText(mapping: ColumnMappingUsed): string | null {
  switch (mapping.source) {
    case 'SAVED_MAPPING':
      return texts.usedSaved(formatLongDate(mapping.savedMapping?.savedAt), usedPairs(mapping));
    case 'REQUEST':
      return texts.usedRequest(usedPairs(mapping));
    default:
      // Any other source (FILE_HEADERS) read the file's own headers, ours: nothing to tell.
      return null;
  }
}

/**
 * What the mapping form starts from: `wanted` (the server's suggestion, or the mapping last used)
 * when the file has its sheet, keeping only our columns and the letters that sheet has; otherwise
 * the first sheet, with names that look alike.
 */
export function initialChoice(
  sheets: readonly FileSheet[],
  wanted: { sheet: string; columns: Record<string, string> } | undefined,
): ColumnChoice | undefined {
  const sheet = sheets.find((candidate) => candidate.name === wanted?.sheet);
  if (!sheet || !wanted) return sheets[0] && suggestColumns(sheets[0]);
  const letters = new Set(sheet.columns.map((column) => column.column));
  const columns: ColumnChoice['columns'] = {};
  for (const [header, letter] of Object.entries(wanted.columns))
    if (isOurHeader(header) && letters.has(letter)) columns[header] = letter;
  return { sheet: sheet.name, columns };
}

/** The mapping a validation used, as the form's choice: our column to the file's letter. */
export const usedChoice = (mapping: ColumnMappingUsed) => ({
  sheet: mapping.sheet,
  columns: Object.fromEntries(mapping.columns.map(({ column, fileColumn }) => [column, fileColumn])),
});

/** A file column's first values, "t.ex. ”HMD-0001”, ”HMD-0002”"; null when it has none. */
export const samplesText = (column: FileColumn) =>
  column.samples && column.samples.length > 0 ? texts.samples(column.samples) : null;

/** A file column as a choice in the form: "C: Pris exkl. moms (t.ex. ”120”, ”99,50”)". */
export function fileColumnOption(column: FileColumn): string {
  const samples = samplesText(column);
  return samples === null ? fileColumnLabel(column) : texts.withSamples(fileColumnLabel(column), samples);
}

/** The sheet's columns none of ours is read from; a column with neither header nor values is no column. */
export const unusedFileColumns = (sheet: FileSheet, choice: ColumnChoice): FileColumn[] => {
  const chosen = new Set(Object.values(choice.columns));
  return sheet.columns.filter(
    (column) =>
      !chosen.has(column.column) && (column.header.trim() !== '' || (column.samples?.length ?? 0) > 0),
  );
};
