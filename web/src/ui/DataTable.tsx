import type { Key, ReactNode } from 'react';
import { ScrollRegion } from './ScrollRegion';

/** One column of a `DataTable`: its header, what each row shows in it, and how. */
export interface DataColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned in the header and the cells (`numeric`, components.css). */
  numeric?: boolean;
  /** The row's name: a row header (`th scope="row"`), which a screen reader says with each cell. */
  rowHeader?: boolean;
}

interface DataTableProps<Row> {
  /** What the table holds: its scroll region's name, and its hidden caption unless `labelledBy`. */
  label: string;
  /** The id of a heading on the page that names the table already: it then has no caption. */
  labelledBy?: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Classes beside `data-table`, for a table's own layout. */
  className?: string;
}

/**
 * A plain table of rows in its scroll region (components.css, `.data-table`): a header per column,
 * figures right-aligned, named by a hidden caption or by the heading above it. For tables whose rows
 * are all alike; a table with sorting, cards on narrow screens or rows of its own writes its markup.
 */
export function DataTable<Row>({ label, labelledBy, columns, rows, rowKey, className }: DataTableProps<Row>) {
  return (
    <ScrollRegion label={label}>
      <table className={className ? `data-table ${className}` : 'data-table'} aria-labelledby={labelledBy}>
        {!labelledBy && <caption className="visually-hidden">{label}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={numericClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={numericClass(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={numericClass(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const numericClass = (column: { numeric?: boolean | undefined }) => (column.numeric ? 'numeric' : undefined);
