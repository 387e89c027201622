import {
  type ImportStatus,
  importStatusListLabels,
  importTypeLabels,
  legacyReadStatusToImportStatus,
} from '#contract/domain';
import type { Import, LegacyImportStatus } from '#contract/imports';
import { sv } from '../../ui/text/sv';
import { RECENT_LIST_LIMIT } from './limits';

/** One row of "Senaste 10 inläsningarna": a confirmed import or a legacy one. */
export interface RecentImportRow {
  key: string;
  href: string;
  fileName: string;
  /** ISO time the import was created (legacy: its start); the "Inläst" column. */
  created: string | null;
  importedBy: string;
  fileType: string;
  status: string;
  /** The status behind the label, for its tag's colour. */
  statusCode: ImportStatus;
  /** An applied import that was undone: "Ångrad". */
  undone?: boolean;
}

export type RecentImportColumn = 'fileName' | 'created' | 'importedBy' | 'fileType' | 'status';
export interface RecentImportSort {
  column: RecentImportColumn;
  direction: 'ascending' | 'descending';
}
export const defaultRecentImportSort: RecentImportSort = { column: 'created', direction: 'descending' };

const fromImport = (item: Import): RecentImportRow => ({
  key: `import-${item.id}`,
  href: `/import/${item.id}`,
  fileName: item.fileName,
  created: item.created,
  importedBy: item.importedBy.fullName,
  fileType: importTypeLabels[item.type],
  status: item.undone ? sv.undoImport.status : importStatusListLabels[item.status],
  statusCode: item.status,
  undone: item.undone !== undefined,
});

/** Legacy imports are the signed-in user's own (importStatus/{userId}), so they carry that user's name. */
const fromLegacy =
  (userFullName: string) =>
  (item: LegacyImportStatus): RecentImportRow => {
    const statusCode = legacyReadStatusToImportStatus(item.readStatus);
    return {
      key: `legacy-${item.uniqueId}`,
      href: `/import/legacy/${encodeURIComponent(item.uniqueId)}`,
      fileName: item.fileName,
      created: item.importStartDate,
      importedBy: userFullName,
      fileType: importTypeLabels.LEGACY,
      status: importStatusListLabels[statusCode],
      statusCode,
    };
  };

/** Oldest first; a missing or unreadable time counts as older than any other. */
function compareTimes(a: string | null, b: string | null) {
  const timeA = a ? Date.parse(a) : Number.NaN;
  const timeB = b ? Date.parse(b) : Number.NaN;
  if (Number.isNaN(timeA)) return Number.isNaN(timeB) ? 0 : -1;
  if (Number.isNaN(timeB)) return 1;
  return timeA - timeB;
}

/**
 * The table's content (docs/product.md, "Constants"): the confirmed imports merged with the legacy ones,
 * newest first by creation time, at most 10.
 */
export function mergeRecentImports(
  confirmed: readonly Import[],
  legacy: readonly LegacyImportStatus[],
  userFullName: string,
): RecentImportRow[] {
  return [...confirmed.map(fromImport), ...legacy.map(fromLegacy(userFullName))]
    .sort((a, b) => compareTimes(b.created, a.created))
    .slice(0, RECENT_LIST_LIMIT);
}

const collator = new Intl.Collator('sv-SE', { numeric: true, sensitivity: 'base' });

/** Sorts the rows by one column; ties keep the creation order. */
export function sortRecentImports(
  rows: readonly RecentImportRow[],
  sort: RecentImportSort,
): RecentImportRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const compare = (a: RecentImportRow, b: RecentImportRow) =>
    sort.column === 'created'
      ? compareTimes(a.created, b.created)
      : collator.compare(a[sort.column], b[sort.column]);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
}

/** A click on the sorted column turns it around; another column starts ascending. */
export function nextRecentImportSort(
  current: RecentImportSort,
  column: RecentImportColumn,
): RecentImportSort {
  if (current.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
