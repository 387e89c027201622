import type { ColumnChoice, ValidationError } from '#contract';
import { type PriceListColumnKey, priceListColumns } from '#contract/domain';
import { ruleMessages } from '#contract/ruleMessages';
import { cellDisplayValue, columnIndex, columnName, MAX_COLUMNS, type RowCells } from '../lib/xlsx';

/** Slot of each column in the row being validated: the index in priceListColumns. */
export const slot = Object.fromEntries(
  priceListColumns.map((column, index) => [column.key, index]),
) as Record<PriceListColumnKey, number>;

/** Header names are compared trimmed, case-insensitively and with runs of white space as one space. */
export const headerKey = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

const columnByHeader = new Map(priceListColumns.map((column, index) => [headerKey(column.header), index]));

export interface HeaderMapping {
  /** For each sheet column (0-based): 1 if it is one of ours. The reader decodes only these. */
  filter: Uint8Array;
  /** For each sheet column: its slot, or -1. */
  slotOfColumn: Int8Array;
  /** For each slot: the sheet column, or -1 when the sheet lacks it. */
  columnOfSlot: number[];
  missingRequired: string[];
  /** A known column that appears more than once: which copy is meant cannot be known. */
  duplicateErrors: ValidationError[];
}

/** Maps the header row (row 1) onto our columns. Extra columns are left out and ignored. */
export function mapHeader(cells: RowCells | null, sheet: string, date1904: boolean): HeaderMapping {
  const filter = new Uint8Array(MAX_COLUMNS);
  const slotOfColumn = new Int8Array(MAX_COLUMNS).fill(-1);
  const columnOfSlot = priceListColumns.map(() => -1);
  const duplicateErrors: ValidationError[] = [];
  for (let i = 0; cells !== null && i < cells.count; i++) {
    const text = cellDisplayValue(cells, i, date1904);
    const index = columnByHeader.get(headerKey(text));
    if (index === undefined) continue;
    const column = priceListColumns[index]!;
    if (columnOfSlot[index] !== -1) {
      if (column.key !== 'articleName') {
        duplicateErrors.push({
          row: 1,
          sheet,
          column: column.header,
          value: text,
          message: ruleMessages.DUPLICATE_COLUMN(column.header),
          rule: 'DUPLICATE_COLUMN',
          cell: `${columnName(cells.columns[i]!)}1`,
        });
      }
      continue;
    }
    columnOfSlot[index] = cells.columns[i]!;
    slotOfColumn[cells.columns[i]!] = index;
    filter[cells.columns[i]!] = 1;
  }
  const missingRequired = priceListColumns
    .filter((column, index) => column.required && columnOfSlot[index] === -1)
    .map((column) => column.header);
  return { filter, slotOfColumn, columnOfSlot, missingRequired, duplicateErrors };
}

/**
 * The columns a chosen mapping names (by letter) as a HeaderMapping: whatever row 1 says. The
 * choice has been checked (columnChoiceProblems): every required column is there, none twice.
 */
export function mapChosenColumns(choice: ColumnChoice): HeaderMapping {
  const filter = new Uint8Array(MAX_COLUMNS);
  const slotOfColumn = new Int8Array(MAX_COLUMNS).fill(-1);
  const columnOfSlot = priceListColumns.map((column, index) => {
    const letter = choice.columns[column.header];
    const sheetColumn = letter === undefined ? -1 : columnIndex(letter);
    if (sheetColumn >= 0) {
      filter[sheetColumn] = 1;
      slotOfColumn[sheetColumn] = index;
    }
    return sheetColumn;
  });
  const missingRequired = priceListColumns
    .filter((column, index) => column.required && columnOfSlot[index] === -1)
    .map((column) => column.header);
  return { filter, slotOfColumn, columnOfSlot, missingRequired, duplicateErrors: [] };
}
