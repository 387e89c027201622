import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { renderInApp } from '../../../../test/render';
import { mergeRecentImports } from '../../recentImports';
import { anImport } from '../../test/anImport';
import { RecentImportsTable } from './RecentImportsTable';

const rows = mergeRecentImports(
  [
    anImport('IMPORT_SUCCESS', { id: 1, fileName: 'b.xlsx', created: '2026-03-02T09:00:00.000Z' }),
    anImport('IMPORT_FAIL', { id: 2, fileName: 'c.xlsx', created: '2026-03-01T09:00:00.000Z' }),
  ],
  [
    {
      uniqueId: 'L1',
      readStatus: 1,
      // The API gives UTC; the page shows Swedish time (CET, one hour ahead in March).
      importStartDate: '2026-03-03T09:00:00.000Z',
      importEndDate: null,
      fileName: 'a.xls',
    },
  ],
  'Lena Leverantör',
);
const fileNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

it('shows the columns of "Senaste 10 inläsningarna", newest first, with the list labels', () => {
  renderInApp(<RecentImportsTable rows={rows} isError={false} />);
  expect(
    screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[↕▲▼]/g, '')),
  ).toEqual(['Filnamn', 'Inläst', 'Inläst av', 'Filtyp', 'Status']);
  expect(screen.getByRole('columnheader', { name: /Inläst$/ })).toHaveAttribute('aria-sort', 'descending');
  expect(fileNames()).toEqual(['a.xls', 'b.xlsx', 'c.xlsx']);
  const [legacyRow] = screen.getAllByRole('row').slice(1);
  expect(legacyRow).toHaveTextContent('2026-03-03 10:00');
  expect(legacyRow).toHaveTextContent('Lena Leverantör');
  expect(legacyRow).toHaveTextContent('-');
  expect(legacyRow).toHaveTextContent('Lyckad');
  expect(screen.getByRole('link', { name: 'a.xls' })).toHaveAttribute('href', '/import/legacy/L1');
  expect(screen.getByRole('link', { name: 'c.xlsx' })).toHaveAttribute('href', '/import/2');
});

it('sorts every column by keyboard, with aria-sort on the sorted one', async () => {
  const user = userEvent.setup();
  renderInApp(<RecentImportsTable rows={rows} isError={false} />);
  screen.getByRole('button', { name: /Status/ }).focus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('columnheader', { name: /Status/ })).toHaveAttribute('aria-sort', 'ascending');
  expect(screen.getByRole('columnheader', { name: /Inläst$/ })).not.toHaveAttribute('aria-sort');
  expect(fileNames()).toEqual(['a.xls', 'b.xlsx', 'c.xlsx']);
  await user.keyboard(' ');
  expect(screen.getByRole('columnheader', { name: /Status/ })).toHaveAttribute('aria-sort', 'descending');
  expect(fileNames()).toEqual(['c.xlsx', 'a.xls', 'b.xlsx']);

  await user.click(screen.getByRole('button', { name: /Filnamn/ }));
  expect(fileNames()).toEqual(['a.xls', 'b.xlsx', 'c.xlsx']);
  await user.click(screen.getByRole('button', { name: /Filnamn/ }));
  expect(fileNames()).toEqual(['c.xlsx', 'b.xlsx', 'a.xls']);
});

it('opens a row by clicking anywhere on it', async () => {
  const user = userEvent.setup();
  const { router } = renderInApp(<RecentImportsTable rows={rows} isError={false} />);
  await user.click(screen.getByRole('cell', { name: 'Misslyckad' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/import/2'));
});

it('says when there are no rows', () => {
  renderInApp(<RecentImportsTable rows={[]} isError={false} />);
  expect(screen.getByRole('cell', { name: 'Det finns inga rader att visa.' })).toBeInTheDocument();
});

it('shows each status as a tag with its text and a tone, never colour alone', () => {
  renderInApp(<RecentImportsTable rows={rows} isError={false} />);
  const statusCells = screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[4]!);
  const tags = statusCells.map((cell) => cell.querySelector('.status-tag'));
  expect(tags.map((tag) => [tag?.textContent, tag?.getAttribute('data-tone')])).toEqual([
    ['Lyckad', 'success'],
    ['Lyckad', 'success'],
    ['Misslyckad', 'error'],
  ]);
});
