import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

describe('DataTable sorting', () => {
  const sortable: DataColumn<Row, 'name' | 'count'>[] = [
    { header: 'Namn', sortKey: 'name', cell: (row) => row.name },
    { header: 'Antal', numeric: true, sortKey: 'count', cell: (row) => row.count },
    { header: 'Id', cell: (row) => row.id },
  ];

  it('makes a sortable header a button with an arrow, and says the order with aria-sort', () => {
    render(
      <DataTable
        label="Artiklar"
        columns={sortable}
        rows={rows}
        rowKey={(row) => row.id}
        sort={{ column: 'count', direction: 'descending' }}
        onSort={() => {}}
      />,
    );
    const [name, count, id] = screen.getAllByRole('columnheader');
    expect(name).not.toHaveAttribute('aria-sort');
    expect(within(name!).getByRole('button', { name: 'Namn' })).toHaveTextContent('Namn↕');
    expect(count).toHaveAttribute('aria-sort', 'descending');
    expect(count).toHaveClass('numeric');
    expect(within(count!).getByRole('button', { name: 'Antal' })).toHaveTextContent('Antal▼');
    expect(within(id!).queryByRole('button')).toBeNull();
  });

  it('leaves the order to its owner: a header asks for it by its key, by mouse or keyboard', async () => {
    const onSort = vi.fn();
    render(
      <DataTable
        label="Artiklar"
        columns={sortable}
        rows={rows}
        rowKey={(row) => row.id}
        sort={{ column: 'name', direction: 'ascending' }}
        onSort={onSort}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Namn/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('button', { name: 'Namn' })).toHaveTextContent('Namn▲');
    await userEvent.click(screen.getByRole('button', { name: 'Antal' }));
    screen.getByRole('button', { name: 'Namn' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSort.mock.calls).toEqual([['count'], ['name']]);
    // The rows stay as they were given.
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Rullstol',
      '3',
      '1',
      'Rollator',
      '12',
      '2',
    ]);
  });
});

describe('DataTable on narrow screens', () => {
  it('labels each cell of a card with its header, except the row header and a cell that needs none', () => {
    const withAction: DataColumn<Row>[] = [
      ...columns,
      { header: 'Åtgärd', cardLabel: false, cell: () => <button type="button">Ta bort</button> },
    ];
    const { container } = render(
      <DataTable
        label="Artiklar"
        cardsWhenNarrow
        columns={withAction}
        rows={rows}
        rowKey={(row) => row.id}
      />,
    );
    expect(container.querySelector('table')).toHaveClass('data-table', 'data-table--cards');
    const [firstRow] = container.querySelectorAll('tbody tr');
    expect([...firstRow!.children].map((cell) => cell.getAttribute('data-label'))).toEqual([
      null,
      'Antal',
      null,
    ]);
  });

  it('writes no card labels for a table that stays a table', () => {
    const { container } = render(
      <DataTable label="Artiklar" columns={columns} rows={rows} rowKey={(row) => row.id} />,
    );
    expect(container.querySelector('[data-label]')).toBeNull();
    expect(container.querySelector('.data-table--cards')).toBeNull();
  });

  it('has the card layout in the shared styles, below md only', () => {
    const css = readFileSync(path.join(__dirname, 'components.css'), 'utf8');
    expect(css).toMatch(/@media \(max-width: 639\.98px\) \{\s*\.data-table--cards thead/);
    expect(css).toContain('.data-table--cards td[data-label]::before');
  });
});

describe('DataTable rows and pager', () => {
  it('says why there are no rows in a row of its own, across every column', () => {
    render(
      <DataTable
        label="Artiklar"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        emptyMessage="Laddar …"
      />,
    );
    expect(screen.getByRole('cell', { name: 'Laddar …' })).toHaveAttribute('colspan', '2');
  });

  it('gives a row its own attributes, is busy while told so, and has its pager under it', async () => {
    const onNext = vi.fn();
    const { container } = render(
      <DataTable
        label="Artiklar"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        busy
        rowProps={(row, index) => ({ className: index === 1 ? 'second' : undefined, 'data-id': row.id })}
        pager={{ info: 'Visar 1–2 av 4', onNext }}
      />,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('tr.second')).toHaveAttribute('data-id', '2');
    expect(screen.getByText('Visar 1–2 av 4')).toHaveAttribute('aria-live', 'polite');
    expect(container.querySelector('.table-scroll + .pager')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Nästa sida' }));
    expect(onNext).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Föregående sida' })).toHaveAttribute('aria-disabled', 'true');
  });
});
