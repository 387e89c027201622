import { unescapeFormulaText } from './formulaEscape';
import { BOOLEAN, ERROR, NUMBER, type RowCells, TEXT } from './rowCells';

const DAY_MS = 86_400_000;
const epoch1900 = Date.UTC(1899, 11, 30);
const epoch1904 = Date.UTC(1904, 0, 1);

/**
 * An Excel date serial as ISO text: "2024-01-05", or "2024-01-05 13:30" with a time. In the
 * 1900 system serial 60 is Excel's fictitious 29 February 1900 and earlier serials are one
 * day off from a plain count, as in Excel.
 */
export function formatExcelDate(serial: number, date1904: boolean): string {
  if (!date1904 && serial >= 60 && serial < 61) return '1900-02-29';
  const days = !date1904 && serial < 60 ? serial + 1 : serial;
  const time = Math.round(((date1904 ? epoch1904 : epoch1900) + days * DAY_MS) / 1000) * 1000;
  const iso = new Date(time).toISOString();
  if (Number.isNaN(time) || iso.length !== 24) return String(serial);
  const clock = iso.slice(11, 19);
  if (clock === '00:00:00') return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${clock.endsWith(':00') ? clock.slice(0, 5) : clock}`;
}

/** A number as a person would read it back: integers as their digits (100000, never 1.0E+5). */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value.toFixed(0);
  return String(value);
}

/** What a cell holds, as text: for messages, for header names and for text columns. */
export function cellDisplayValue(cells: RowCells, i: number, date1904: boolean): string {
  const kind = cells.kinds[i];
  if (kind === TEXT) return unescapeFormulaText(cells.texts[i]!);
  if (kind === NUMBER) {
    const value = cells.numbers[i]!;
    return cells.dates[i] ? formatExcelDate(value, date1904) : formatNumber(value);
  }
  if (kind === BOOLEAN) return cells.numbers[i] ? 'SANT' : 'FALSKT';
  if (kind === ERROR) return cells.texts[i]!;
  return '';
}
