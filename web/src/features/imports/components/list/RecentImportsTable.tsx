import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateTime } from '../../../../ui/DateTime';
import { FileName } from '../../../../ui/FileName';
import { ScrollRegion } from '../../../../ui/ScrollRegion';
import { StatusTag } from '../../../../ui/StatusTag';
import { sv } from '../../../../ui/text/sv';
import {
  defaultRecentImportSort,
  nextRecentImportSort,
  type RecentImportColumn,
  type RecentImportRow,
  type RecentImportSort,
  sortRecentImports,
} from '../../recentImports';
import { importTexts } from '../../texts';

const columns: readonly RecentImportColumn[] = ['fileName', 'created', 'importedBy', 'fileType', 'status'];
const columnLabels: Record<RecentImportColumn, string> = {
  fileName: importTexts.columns.fileName,
  created: importTexts.columns.imported,
  importedBy: importTexts.columns.importedBy,
  fileType: importTexts.columns.fileType,
  status: importTexts.columns.status,
};

interface RecentImportsTableProps {
  rows: readonly RecentImportRow[] | undefined;
  isError: boolean;
}

/**
 * "Senaste 10 inläsningarna". A plain table: sorting by buttons in the headers with aria-sort, and
 * the file name as a link, so every row is reachable by keyboard; a click anywhere on a row opens it too.
 */
export function RecentImportsTable({ rows, isError }: RecentImportsTableProps) {
  const navigate = useNavigate();
  const [sort, setSort] = useState<RecentImportSort>(defaultRecentImportSort);
  const sorted = useMemo(() => sortRecentImports(rows ?? [], sort), [rows, sort]);

  return (
    <section className="recent" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{importTexts.recent}</h2>
      {isError && <p className="banner error">{sv.app.somethingWentWrong}</p>}
      <ScrollRegion label={importTexts.recent}>
        <table className="data-table recent-table" aria-labelledby="recent-heading">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" aria-sort={sort.column === column ? sort.direction : undefined}>
                  <button
                    type="button"
                    className="sort-button"
                    onClick={() => setSort((current) => nextRecentImportSort(current, column))}
                  >
                    {columnLabels[column]}
                    <span aria-hidden="true" className="sort-button__icon">
                      {sort.column !== column ? '↕' : sort.direction === 'ascending' ? '▲' : '▼'}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows === undefined && !isError && (
              <tr>
                <td colSpan={columns.length}>{sv.app.loading}</td>
              </tr>
            )}
            {rows?.length === 0 && (
              <tr>
                <td colSpan={columns.length}>{sv.app.emptyTable}</td>
              </tr>
            )}
            {sorted.map((row) => (
              // The link in the first cell is the keyboard's way in; the row click is the mouse's shortcut.
              <tr key={row.key} className="clickable-row" onClick={() => navigate(row.href)}>
                <td>
                  <Link to={row.href} onClick={(event) => event.stopPropagation()}>
                    <FileName name={row.fileName} />
                  </Link>
                </td>
                <td>
                  <DateTime iso={row.created} />
                </td>
                <td>{row.importedBy}</td>
                <td>{row.fileType}</td>
                <td>
                  <StatusTag status={row.statusCode} label={row.status} undone={row.undone ?? false} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
