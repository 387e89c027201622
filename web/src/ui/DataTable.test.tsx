import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataTable } from './DataTable';

interface Row {
  id: number;
  name: string;
  count: number;
}

const columns: DataColumn<Row>[] = [
  { header: 'Namn', rowHeader: true, cell: (row) => row.name },
  { header: 'Antal', numeric: true, cell: (row) => row.count },
];
const rows: Row[] = [
  { id: 1, name: 'Rullstol', count: 3 },
  { id: 2, name: 'Rollator', count: 12 },
];

describe('DataTable', () => {
  it('writes the markup the tables wrote by hand: caption, column and row headers, numeric cells', () => {
    const { container } = render(
      <DataTable label="Artiklar" className="extra" columns={columns} rows={rows} rowKey={(row) => row.id} />,
    );
    expect(container.querySelector('table')?.outerHTML).toBe(
      '<table class="data-table extra"><caption class="visually-hidden">Artiklar</caption>' +
        '<thead><tr><th scope="col">Namn</th><th scope="col" class="numeric">Antal</th></tr></thead>' +
        '<tbody><tr><th scope="row">Rullstol</th><td class="numeric">3</td></tr>' +
        '<tr><th scope="row">Rollator</th><td class="numeric">12</td></tr></tbody></table>',
    );
  });

  it('is named by the heading it is given instead of a caption of its own', () => {
    const { container } = render(
      <DataTable
        label="Artiklar"
        labelledBy="rows-heading"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
      />,
    );
    const table = container.querySelector('table');
    expect(table?.getAttribute('aria-labelledby')).toBe('rows-heading');
    expect(table?.className).toBe('data-table');
    expect(table?.querySelector('caption')).toBeNull();
  });
});
