import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ImportSummary, ValidationError } from '#contract/imports';
import { renderInApp } from '../../../../test/render';
import { json, stubFetch } from '../../../../test/stubFetch';
import { ValidationErrors } from './ValidationErrors';

type ErrorsSummary = Extract<ImportSummary, { type: 'VALIDATION_ERRORS' }>;

const priceError = (row: number): ValidationError => ({
  row,
  articleNumber: `HMD-${row}`,
  sheet: 'Prislista',
  column: 'Pris',
  value: 'abc',
  message:
    'Värdet är inte ett tal. Pris måste vara ett tal större än eller lika med 0 med högst två decimaler.',
  rule: 'NOT_A_NUMBER',
  cell: `C${row}`,
});
const quantityError = (row: number): ValidationError => ({
  row,
  articleNumber: `HMD-${row}`,
  sheet: 'Prislista',
  column: 'Minsta beställningsantal',
  value: '0',
  message:
    'Värdet är mindre än 1. Minsta beställningsantal måste vara ett heltal större än eller lika med 1.',
  rule: 'LESS_THAN_ONE',
  cell: `D${row}`,
});

/** 120 prices that are not numbers (rows 2–121) and 40 quantities below 1: 160 errors. */
const summary: ErrorsSummary = {
  type: 'VALIDATION_ERRORS',
  errorCount: 160,
  errors: Array.from({ length: 100 }, (_, i) => priceError(i + 2)),
  errorCounts: [
    { column: 'Pris', rule: 'NOT_A_NUMBER', count: 120, label: 'Pris: 120 värden är inte tal' },
    {
      column: 'Minsta beställningsantal',
      rule: 'LESS_THAN_ONE',
      count: 40,
      label: 'Minsta beställningsantal: 40 värden är mindre än 1',
    },
  ],
};

let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  fetchMock = stubFetch(async (request) => {
    const url = new URL(request.url);
    const rule = url.searchParams.get('rule');
    const errors = rule === 'LESS_THAN_ONE' ? Array.from({ length: 40 }, (_, i) => quantityError(i + 2)) : [];
    return json({ errors, total: errors.length });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderErrors = (shown: ErrorsSummary = summary) =>
  renderInApp(<ValidationErrors organizationId={1} importId={7} summary={shown} />);

it('shows the counts by column and rule as buttons above the table, all errors pressed', () => {
  renderErrors();
  const group = screen.getByRole('list', { name: 'Fel per kolumn och regel' });
  expect(
    within(group)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual([
    'Alla fel (160)',
    'Pris: 120 värden är inte tal',
    'Minsta beställningsantal: 40 värden är mindre än 1',
  ]);
  expect(screen.getByRole('button', { name: 'Alla fel (160)' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Pris: 120 värden är inte tal' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(screen.getByRole('status')).toHaveTextContent('Tabellen visar alla fel.');
  const table = screen.getByRole('table', { name: 'Visar 100 av 160 fel' });
  // The cell reference beside the row and the column.
  const first = within(table).getAllByRole('row')[1]!;
  expect(
    within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['2', 'HMD-2', '', 'Prislista', 'Pris', 'C2', 'abc', priceError(2).message]);
  expect(fetchMock).not.toHaveBeenCalled();
});

it('filters the table by a count from the errors call, by keyboard, and keeps the focus on the button', async () => {
  const user = userEvent.setup();
  renderErrors();
  const quantities = screen.getByRole('button', {
    name: 'Minsta beställningsantal: 40 värden är mindre än 1',
  });
  quantities.focus();
  await user.keyboard('{Enter}');

  const table = await screen.findByRole('table', { name: 'Visar 40 av 40 fel' });
  expect(within(table).getAllByRole('row')).toHaveLength(41);
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('D2');
  expect(quantities).toHaveAttribute('aria-pressed', 'true');
  expect(quantities).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Alla fel (160)' })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByRole('status')).toHaveTextContent(
    'Tabellen visar felen ”Minsta beställningsantal: 40 värden är mindre än 1”.',
  );
  const request = fetchMock.mock.calls[0]![0];
  const url = new URL(request.url);
  expect(url.pathname).toBe('/resources/v1/imports/1/7/errors');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    column: 'Minsta beställningsantal',
    rule: 'LESS_THAN_ONE',
    offset: '0',
    limit: '100',
  });

  // Pressing it again (Space) shows every error again, from the summary.
  await user.keyboard(' ');
  expect(screen.getByRole('table', { name: 'Visar 100 av 160 fel' })).toBeInTheDocument();
  expect(quantities).toHaveAttribute('aria-pressed', 'false');
  expect(quantities).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('Tabellen visar alla fel.');
});

it('counts only the filtered errors, at most 100 rows', async () => {
  const user = userEvent.setup();
  fetchMock.mockImplementation(
    async () =>
      new Response(
        JSON.stringify({ errors: Array.from({ length: 100 }, (_, i) => priceError(i + 2)), total: 120 }),
        { headers: { 'content-type': 'application/json' } },
      ),
  );
  renderErrors();
  await user.click(screen.getByRole('button', { name: 'Pris: 120 värden är inte tal' }));
  const table = await screen.findByRole('table', { name: 'Visar 100 av 120 fel' });
  expect(within(table).getAllByRole('row')).toHaveLength(101);
  // The specified banner still says the file has more than 100.
  expect(screen.getByText(/Filen innehåller fler än 100 felaktiga rader\./)).toBeInTheDocument();
});

it('says so when the filtered errors cannot be fetched', async () => {
  const user = userEvent.setup();
  fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
  renderErrors();
  await user.click(screen.getByRole('button', { name: 'Pris: 120 värden är inte tal' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Det gick inte att hämta felen.'));
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('shows a summary stored before errors were counted without buttons, and no cell when it has none', () => {
  const { errorCounts: _, ...old } = summary;
  renderErrors({ ...old, errors: [{ ...priceError(2), rule: undefined, cell: undefined }] });
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  const row = within(screen.getByRole('table', { name: 'Visar 1 av 160 fel' })).getAllByRole('row')[1]!;
  expect(within(row).getAllByRole('cell')[5]).toHaveTextContent('');
});

it("names the column as the supplier's file does under ours, when the file has its own names", () => {
  renderErrors({
    ...summary,
    errorCount: 2,
    errors: [{ ...priceError(2), fileColumn: 'Pris exkl. moms (kolumn C)' }, priceError(3)],
  });
  const table = screen.getByRole('table', { name: 'Visar 2 av 2 fel' });
  const [, first, second] = within(table).getAllByRole('row');
  const columnCell = within(first!).getAllByRole('cell')[4]!;
  expect(columnCell).toHaveTextContent('Pris i filen: Pris exkl. moms (kolumn C)');
  expect(within(columnCell).getByText('i filen: Pris exkl. moms (kolumn C)')).toHaveClass(
    'errors-table__file-column',
  );
  // The header cell stays "Kolumn"; an error in a column named as ours shows just our name.
  expect(within(table).getAllByRole('columnheader')[4]).toHaveTextContent('Kolumn');
  expect(within(second!).getAllByRole('cell')[4]!.textContent).toBe('Pris');
});
