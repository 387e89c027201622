import type { ComponentPropsWithRef, Key, ReactNode } from 'react';
import { Pager, type PagerProps } from './Pager';
import { ScrollRegion } from './ScrollRegion';

export type SortDirection = 'ascending' | 'descending';

/** The column a table is sorted by, and which way (said by the header's `aria-sort`). */
export interface TableSort<SortKey extends string = string> {
  column: SortKey;
  direction: SortDirection;
}

/** One column of a `DataTable`: its header, what each row shows in it, and how. */
export interface DataColumn<Row, SortKey extends string = string> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned in the header and the cells (`numeric`, components.css). */
  numeric?: boolean;
  /** The row's name: a row header (`th scope="row"`), which a screen reader says with each cell. */
  rowHeader?: boolean;
  /** The table can be sorted by this column: its header is a button that asks for it (`onSort`). */
  sortKey?: SortKey;
  /** Classes of the column's cells (not its header), for a table's own look. */
  className?: string;
  /** The cell's id, for a control elsewhere in the row to be described by it. */
  cellId?: (row: Row) => string;
  /** As a card the cell says its header first ("Nyckel: …"); false for a cell that needs none, a button. */
  cardLabel?: boolean;
}

interface DataTableProps<Row, SortKey extends string = string> {
  /** What the table holds: its scroll region's name, and its hidden caption unless `labelledBy`. */
  label: string;
  /** The id of a heading on the page that names the table already: it then has no caption. */
  labelledBy?: string;
  columns: readonly DataColumn<Row, SortKey>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Classes beside `data-table`, for a table's own layout. */
  className?: string;
  /**
   * The order the rows are in. The table does not sort them: its owner does (on the server, or
   * with its own rules for empty values) when a header's button calls `onSort` with its `sortKey`.
   */
  sort?: TableSort<SortKey>;
  onSort?: (column: SortKey) => void;
  /** Below md each row is a card: its row header first, then each value with its column's name. */
  cardsWhenNarrow?: boolean;
  /** Said in a row of its own while there are no rows: "Laddar …", or that there are none. */
  emptyMessage?: ReactNode;
  /** New rows are on their way (`aria-busy`). */
  busy?: boolean;
  /** Attributes of a row of its own: a click, or a ref for the focus. */
  rowProps?: (row: Row, index: number) => ComponentPropsWithRef<'tr'>;
  /** The table's Pager, under it. */
  pager?: PagerProps;
}

/**
 * A table of alike rows in its scroll region (components.css, `.data-table`): a header per column,
 * figures right-aligned, named by a hidden caption or by the heading above it; on demand, headers
 * that sort, cards on narrow screens and the Pager under it. A table whose rows hold fields to
 * fill in, each with its own message and card layout, writes its markup (ErrorTable).
 */
export function DataTable<Row, SortKey extends string = string>(props: DataTableProps<Row, SortKey>) {
  const { label, labelledBy, columns, rows, rowKey, className, cardsWhenNarrow } = props;
  const classes = ['data-table', cardsWhenNarrow && 'data-table--cards', className].filter(Boolean).join(' ');
  return (
    <>
      <ScrollRegion label={label}>
        <table className={classes} aria-labelledby={labelledBy} aria-busy={props.busy}>
          {!labelledBy && <caption className="visually-hidden">{label}</caption>}
          <thead>
            <tr>
              {columns.map((column) => (
                <ColumnHeader key={column.header} column={column} sort={props.sort} onSort={props.onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && props.emptyMessage && (
              <tr>
                <td colSpan={columns.length}>{props.emptyMessage}</td>
              </tr>
            )}
            {rows.map((row, index) => (
              <tr key={rowKey(row)} {...props.rowProps?.(row, index)}>
                {columns.map((column) => (
                  <Cell key={column.header} column={column} row={row} asCard={cardsWhenNarrow ?? false} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {props.pager && <Pager {...props.pager} />}
    </>
  );
}

/** A column's header; for a column the table sorts by, a button that asks for it, with an arrow. */
function ColumnHeader<Row, SortKey extends string>({
  column,
  sort,
  onSort,
}: {
  column: DataColumn<Row, SortKey>;
  sort: TableSort<SortKey> | undefined;
  onSort: ((column: SortKey) => void) | undefined;
}) {
  const { sortKey } = column;
  const sorted = sortKey !== undefined && sort?.column === sortKey;
  return (
    <th scope="col" className={numericClass(column)} aria-sort={sorted ? sort.direction : undefined}>
      {sortKey === undefined ? (
        column.header
      ) : (
        <button type="button" className="sort-button" onClick={() => onSort?.(sortKey)}>
          {column.header}
          <span aria-hidden="true" className="sort-button__icon">
            {!sorted ? '↕' : sort.direction === 'ascending' ? '▲' : '▼'}
          </span>
        </button>
      )}
    </th>
  );
}

function Cell<Row, SortKey extends string>({
  column,
  row,
  asCard,
}: {
  column: DataColumn<Row, SortKey>;
  row: Row;
  asCard: boolean;
}) {
  const id = column.cellId?.(row);
  const className = [numericClass(column), column.className].filter(Boolean).join(' ') || undefined;
  if (column.rowHeader)
    return (
      <th scope="row" id={id} className={className}>
        {column.cell(row)}
      </th>
    );
  // The label of a card's line (components.css, `.data-table--cards`).
  const cardLabel = asCard && column.cardLabel !== false ? column.header : undefined;
  return (
    <td id={id} className={className} data-label={cardLabel}>
      {column.cell(row)}
    </td>
  );
}

const numericClass = (column: { numeric?: boolean | undefined }) => (column.numeric ? 'numeric' : undefined);
