import { priceListColumns } from '#contract/domain';
import type { PricelistRow, PricelistRowSort } from '#contract/pricelists';
import { formatCount, formatPrice } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { pricelistTexts } from './texts';
import type { RowSort } from './usePricelistRows';

const headerOf = Object.fromEntries(priceListColumns.map((column) => [column.key, column.header])) as Record<
  keyof PricelistRow,
  string
>;
const sortable: readonly PricelistRowSort[] = ['articleNumber', 'articleName', 'price'];
const columns: (keyof PricelistRow)[] = [
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

interface PricelistRowsTableProps {
  rows: readonly PricelistRow[];
  sort: RowSort;
  /** A page is on its way: the table says it is busy. */
  isFetching: boolean;
  onSort: (by: PricelistRowSort) => void;
}

/** One page of the price list's rows; the article number, name and price sort it. */
export function PricelistRowsTable({ rows, sort, isFetching, onSort }: PricelistRowsTableProps) {
  return (
    <ScrollRegion label={pricelistTexts.rowsHeading}>
      <table className="data-table pricelist-rows" aria-labelledby="rows-heading" aria-busy={isFetching}>
        <thead>
          <tr>
            {columns.map((column) => (
              <ColumnHeader key={column} column={column} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.articleNumber}>
              {columns.map((column) => (
                <td key={column} className={numericColumns.has(column) ? 'numeric' : undefined}>
                  {cellText(row, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** A column's header: a button that sorts by it, for a column that can be sorted by. */
function ColumnHeader({
  column,
  sort,
  onSort,
}: {
  column: keyof PricelistRow;
  sort: RowSort;
  onSort: (by: PricelistRowSort) => void;
}) {
  const canSort = (sortable as readonly string[]).includes(column);
  const sorted = canSort && sort.by === column;
  return (
    <th
      scope="col"
      className={numericColumns.has(column) ? 'numeric' : undefined}
      aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {canSort ? (
        <button type="button" className="sort-button" onClick={() => onSort(column as PricelistRowSort)}>
          {headerOf[column]}
          <span aria-hidden="true" className="sort-button__icon">
            {!sorted ? '↕' : sort.direction === 'asc' ? '▲' : '▼'}
          </span>
        </button>
      ) : (
        headerOf[column]
      )}
    </th>
  );
}
