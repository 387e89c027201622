import { type ColumnChoice, type FileSheet, suggestColumns } from '#contract/columnMapping';
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
