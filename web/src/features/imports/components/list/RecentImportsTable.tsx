import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '../../../../ui/DataTable';
import { DateTime } from '../../../../ui/DateTime';
import { FileName } from '../../../../ui/FileName';
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

const columns: DataColumn<RecentImportRow, RecentImportColumn>[] = [
  {
    header: importTexts.columns.fileName,
    sortKey: 'fileName',
    // The link is the keyboard's way in; the row click is the mouse's shortcut.
    cell: (row) => (
      <Link to={row.href} onClick={(event) => event.stopPropagation()}>
        <FileName name={row.fileName} />
      </Link>
    ),
  },
  { header: importTexts.columns.imported, sortKey: 'created', cell: (row) => <DateTime iso={row.created} /> },
  { header: importTexts.columns.importedBy, sortKey: 'importedBy', cell: (row) => row.importedBy },
  { header: importTexts.columns.fileType, sortKey: 'fileType', cell: (row) => row.fileType },
  {
    header: importTexts.columns.status,
    sortKey: 'status',
    cell: (row) => <StatusTag status={row.statusCode} label={row.status} undone={row.undone ?? false} />,
  },
];

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
      <DataTable
        label={importTexts.recent}
        labelledBy="recent-heading"
        className="recent-table"
        columns={columns}
        rows={sorted}
        rowKey={(row) => row.key}
        sort={sort}
        onSort={(column) => setSort((current) => nextRecentImportSort(current, column))}
        emptyMessage={rows === undefined ? (isError ? undefined : sv.app.loading) : sv.app.emptyTable}
        rowProps={(row) => ({ className: 'clickable-row', onClick: () => navigate(row.href) })}
      />
    </section>
  );
}
