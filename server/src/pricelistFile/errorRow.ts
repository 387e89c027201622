import type { ValidationError } from '#contract';
import { priceListColumns } from '#contract/domain';
import { cellDisplayValue, type RowCells } from '../lib/xlsx';
import { shownSafely } from './storableText';

/** Longest of a row's values kept beside its errors (rowValues), before "…". */
const ROW_VALUE_LENGTH = 60;

/**
 * What the summary shows of a row beside its errors, so that a row without an article number can
 * be told (decision 0043): its Benämning, and its values in our columns, each shown safely and cut
 * short. `at` holds, for each of our columns, the index of its cell in the row, or -1.
 */
export function shownRow(
  cells: RowCells,
  at: Int32Array,
  date1904: boolean,
): Pick<ValidationError, 'articleName' | 'rowValues'> {
  const rowValues: NonNullable<ValidationError['rowValues']> = [];
  let articleName: string | undefined;
  priceListColumns.forEach((column, slot) => {
    const i = at[slot]!;
    if (i < 0) return;
    const text = cellDisplayValue(cells, i, date1904);
    if (text.trim() === '') return;
    if (column.key === 'articleName') articleName = shownSafely(text.trim());
    const cut = text.length > ROW_VALUE_LENGTH ? `${text.slice(0, ROW_VALUE_LENGTH)}…` : text;
    rowValues.push({ column: column.header, value: shownSafely(cut) });
  });
  return { ...(articleName !== undefined && { articleName }), ...(rowValues.length > 0 && { rowValues }) };
}
