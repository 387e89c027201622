import { priceListColumns } from '#contract/domain';
import type { PricelistRow, PricelistRowSort } from '#contract/pricelists';
import { type DataColumn, DataTable } from '../../ui/DataTable';
import { formatCount, formatPrice } from '../../ui/format';
import type { PagerProps } from '../../ui/Pager';
import { pricelistTexts } from './texts';
import type { RowSort } from './usePricelistRows';

const headerOf = Object.fromEntries(priceListColumns.map((column) => [column.key, column.header])) as Record<
  keyof PricelistRow,
  string
>;
const sortable: readonly string[] = ['articleNumber', 'articleName', 'price'] satisfies PricelistRowSort[];
const isSortable = (column: keyof PricelistRow): column is PricelistRowSort => sortable.includes(column);
const shownColumns: (keyof PricelistRow)[] = [
  'articleNumber',
  'articleName',
  'price',
  'minimumOrderQuantity',
  'deliveryTimeDays',
  'warrantyQuantity',
  'warrantyUnit',
  'warrantyValidFrom',
  'warrantyTerms',
];
const numericColumns = new Set<keyof PricelistRow>([
  'price',
  'minimumOrderQuantity',
  'deliveryTimeDays',
  'warrantyQuantity',
]);

function cellText(row: PricelistRow, column: keyof PricelistRow): string {
  const value = row[column];
  if (value === null) return '';
  if (column === 'price') return formatPrice(value);
  return typeof value === 'number' ? formatCount(value) : value;
}

const columns: DataColumn<PricelistRow, PricelistRowSort>[] = shownColumns.map((column) => ({
  header: headerOf[column],
  numeric: numericColumns.has(column),
  ...(isSortable(column) && { sortKey: column }),
  cell: (row) => cellText(row, column),
}));

interface PricelistRowsTableProps {
  rows: readonly PricelistRow[];
  sort: RowSort;
  /** A page is on its way: the table says it is busy. */
  isFetching: boolean;
  onSort: (by: PricelistRowSort) => void;
  pager: PagerProps;
}

/** One page of the price list's rows, and its pager; the article number, name and price sort it (on the server). */
export function PricelistRowsTable({ rows, sort, isFetching, onSort, pager }: PricelistRowsTableProps) {
  return (
    <DataTable
      label={pricelistTexts.rowsHeading}
      labelledBy="rows-heading"
      className="pricelist-rows"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.articleNumber}
      sort={{ column: sort.by, direction: sort.direction === 'asc' ? 'ascending' : 'descending' }}
      onSort={onSort}
      busy={isFetching}
      pager={pager}
    />
  );
}
