/** What a reader tells about the sheet it read. */
export interface SheetRead {
  /** The sheet's name as the workbook spells it. */
  sheetName: string;
  /** Date serial numbers count from 1904 (old Mac workbooks) instead of 1900. */
  date1904: boolean;
}

/**
 * The index of the sheet called `wanted`: an exact match first, otherwise the first name that
 * matches trimmed and case-insensitively (suppliers write "prislista" or "Prislista "). -1 if none.
 */
export function findSheet(names: readonly string[], wanted: string): number {
  const exact = names.indexOf(wanted);
  if (exact >= 0) return exact;
  const key = wanted.trim().toLowerCase();
  return names.findIndex((name) => name.trim().toLowerCase() === key);
}
