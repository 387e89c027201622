import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportStatus } from '#contract/domain';
import type {
  ImportAttempt,
  ImportCorrectionsResponse,
  ImportSummary,
  ValidationError,
} from '#contract/imports';
import { renderInApp } from '../../../../test/render';
import { callsOf, json, stubFetch } from '../../../../test/stubFetch';
import { formatDateTime } from '../../../../ui/format';
import { anImport } from '../../test/anImport';
import { ImportResult } from '../summary/ImportResult';

type ErrorsSummary = Extract<ImportSummary, { type: 'VALIDATION_ERRORS' }>;

const priceError = (row: number, articleNumber?: string): ValidationError => ({
  row,
  ...(articleNumber && { articleNumber }),
  sheet: 'Prislista',
  column: 'Pris',
  value: 'abc',
  message: 'Värdet är inte ett tal.',
  rule: 'NOT_A_NUMBER',
  cell: `C${row}`,
});
const quantityError = (row: number, articleNumber: string): ValidationError => ({
  row,
  articleNumber,
  sheet: 'Prislista',
  column: 'Minsta beställningsantal',
  value: '0',
  message: 'Värdet är mindre än 1.',
  rule: 'LESS_THAN_ONE',
  cell: `D${row}`,
});

/** Prices in rows 2, 3 and 5 (row 5 without an article number), a quantity in row 3. */
const errorsSummary: ErrorsSummary = {
  type: 'VALIDATION_ERRORS',
  errorCount: 4,
  errors: [priceError(2, 'HMD-0001'), priceError(3, 'HMD-0002'), priceError(5)],
  errorCounts: [
    { column: 'Pris', rule: 'NOT_A_NUMBER', count: 3, label: 'Pris: 3 värden är inte tal' },
    {
      column: 'Minsta beställningsantal',
      rule: 'LESS_THAN_ONE',
      count: 1,
      label: 'Minsta beställningsantal: 1 värde är mindre än 1',
    },
  ],
};

const noCorrections: ImportCorrectionsResponse = {
  version: 4,
  correctable: true,
  maxErrors: 1000,
  corrections: [],
  leftOut: [],
};

let corrections: ImportCorrectionsResponse;
let saveAnswer: () => Response;
let attempts: ImportAttempt[];
let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  corrections = noCorrections;
  saveAnswer = () => json({ importObject: anImport('VALIDATION_PENDING') });
  attempts = [];
  fetchMock = stubFetch(async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path === '/resources/v1/imports/1/7/corrections')
      return request.method === 'POST' ? saveAnswer() : json(corrections);
    if (path === '/resources/v1/imports/1/7/corrections/draft')
      return request.method === 'PUT'
        ? new Response(null, { status: 204 })
        : json({ draft: null, dropped: 0 });
    if (path === '/resources/v1/imports/1/7/attempts') return json({ attempts });
    if (path === '/resources/v1/imports/1/7/errors')
      return json({ errors: [quantityError(3, 'HMD-0002')], total: 1 });
    return json({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderResult(summary: ImportSummary = errorsSummary, status: ImportStatus = 'VALIDATION_FAIL') {
  const onValidatingAgain = vi.fn();
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport(status)}
      summary={summary}
      isLoading={false}
      isError={false}
      onValidatingAgain={onValidatingAgain}
    />,
  );
  return { onValidatingAgain };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const posted = () => fetchMock.mock.calls.filter(([request]) => request.method === 'POST');

describe('correcting the errors and validating again', () => {
  it('labels each value by its article, column and cell, and leaves a whole row out', async () => {
    const user = userEvent.setup();
    renderResult();
    const price = await screen.findByRole('textbox', {
      name: 'Nytt värde för Pris, artikel HMD-0002, cell C3',
    });
    expect(price).toHaveValue('abc');
    expect(field('Nytt värde för Pris, rad 5, cell C5')).toHaveValue('abc');
    expect(
      screen.getByText(
        'Rätta värdena här och validera filen igen, utan att ladda upp den på nytt. Rättelserna sparas för importen.',
      ),
    ).toBeInTheDocument();
    // The field is described by the error's message.
    expect(price).toHaveAccessibleDescription('Värdet är inte ett tal.');

    const leaveOut = screen.getByRole('checkbox', {
      name: 'Ta bort artikeln ur prislistan, rad 3, artikel HMD-0002',
    });
    await user.click(leaveOut);
    expect(leaveOut).toBeChecked();
    expect(price).toBeDisabled();
    expect(field('Nytt värde för Pris, artikel HMD-0001, cell C2')).toBeEnabled();
  });

  it('sends only the changed cells and the rows left out, and follows the new validation', async () => {
    const user = userEvent.setup();
    const { onValidatingAgain } = renderResult();
    const price = await screen.findByRole('textbox', {
      name: 'Nytt värde för Pris, artikel HMD-0001, cell C2',
    });
    await user.clear(price);
    await user.type(price, '125,50');
    // Typed and typed back: not a change.
    const other = field('Nytt värde för Pris, rad 5, cell C5');
    await user.type(other, 'x');
    await user.type(other, '{Backspace}');
    await user.click(
      screen.getByRole('checkbox', { name: 'Ta bort artikeln ur prislistan, rad 3, artikel HMD-0002' }),
    );
    await user.click(screen.getByRole('button', { name: 'Validera igen' }));

    await waitFor(() => expect(onValidatingAgain).toHaveBeenCalledTimes(1));
    const [request] = posted().map(([call]) => call);
    expect(await request!.json()).toEqual({
      basedOn: 4,
      corrections: [{ row: 2, column: 'Pris', value: '125,50' }],
      leaveOut: [3],
    });
  });

  it('keeps the typed values while the table is filtered by a count', async () => {
    const user = userEvent.setup();
    renderResult();
    const price = await screen.findByRole('textbox', {
      name: 'Nytt värde för Pris, artikel HMD-0002, cell C3',
    });
    await user.clear(price);
    await user.type(price, '99');
    await user.click(
      screen.getByRole('button', { name: 'Minsta beställningsantal: 1 värde är mindre än 1' }),
    );
    const quantity = await screen.findByRole('textbox', {
      name: 'Nytt värde för Minsta beställningsantal, artikel HMD-0002, cell D3',
    });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Alla fel (4)' }));
    expect(field('Nytt värde för Pris, artikel HMD-0002, cell C3')).toHaveValue('99');

    await user.click(screen.getByRole('button', { name: 'Validera igen' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(await posted()[0]![0].json()).toEqual({
      basedOn: 4,
      corrections: [
        { row: 3, column: 'Pris', value: '99' },
        { row: 3, column: 'Minsta beställningsantal', value: '2' },
      ],
      leaveOut: [],
    });
  });

  it('sends nothing when nothing was changed, and says so at the button', async () => {
    const user = userEvent.setup();
    const { onValidatingAgain } = renderResult();
    await user.click(await screen.findByRole('button', { name: 'Validera igen' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Du har inte ändrat något värde eller tagit bort någon artikel ur prislistan. Inget har skickats.',
    );
    expect(posted()).toHaveLength(0);
    expect(onValidatingAgain).not.toHaveBeenCalled();
  });

  it('keeps the typed values and shows the message when someone else saved meanwhile (409)', async () => {
    const user = userEvent.setup();
    const message =
      'Någon annan har sparat rättelser för filen medan du skrev. Dina ändringar är inte sparade men finns kvar på sidan.';
    saveAnswer = () => json({ error: { code: 'CONFLICT', message } }, 409);
    const { onValidatingAgain } = renderResult();
    const price = await screen.findByRole('textbox', {
      name: 'Nytt värde för Pris, artikel HMD-0001, cell C2',
    });
    await user.clear(price);
    await user.type(price, '10');
    const leaveOut = screen.getByRole('checkbox', { name: 'Ta bort artikeln ur prislistan, rad 5' });
    await user.click(leaveOut);
    const submit = screen.getByRole('button', { name: 'Validera igen' });
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onValidatingAgain).not.toHaveBeenCalled();
    expect(price).toHaveValue('10');
    expect(leaveOut).toBeChecked();
    expect(submit).toHaveFocus();
  });

  it('offers no fields when the file has too many errors, and says how to correct them', async () => {
    corrections = { ...noCorrections, correctable: false };
    renderResult({ ...errorsSummary, errorCount: 1200 });
    expect(
      await screen.findByText(
        // The normalizer reads the no-break space of "1 000" as a space.
        'Filen har fler än 1 000 fel. Rätta dem i Excel med hjälp av felen som Excel-fil, och läs in filen igen.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Validera igen' })).not.toBeInTheDocument();
  });

  it('offers no fields to a user who may not import, and asks for nothing', () => {
    renderInApp(
      <ImportResult
        organizationId={1}
        item={anImport('VALIDATION_FAIL')}
        summary={errorsSummary}
        isLoading={false}
        isError={false}
      />,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the corrections kept, and the attempts', () => {
  const kept: ImportCorrectionsResponse = {
    version: 5,
    correctable: false,
    maxErrors: 1000,
    corrections: [
      {
        row: 2,
        column: 'Pris',
        cell: 'C2',
        oldValue: 'abc',
        newValue: '125,50',
        by: 'Anna Andersson',
        at: '2026-03-02T09:05:00.000Z',
      },
    ],
    leftOut: [{ row: 3, by: 'Anna Andersson', at: '2026-03-02T09:05:00.000Z' }],
  };
  const confirmed: ImportSummary = {
    type: 'CONFIRM',
    added: 2,
    updated: 5,
    removed: 0,
    unchanged: 10,
    attempt: {
      number: 3,
      comparison: {
        previous: 98,
        fixed: 97,
        new: 2,
        remaining: 1,
        message: 'Försök 3: 97 fel rättade, 2 nya fel, 1 kvar.',
      },
    },
  };

  it('shows the corrected values, the rows left out and the corrected file after a good validation', async () => {
    corrections = kept;
    renderResult(confirmed, 'VALIDATION_SUCCESS');
    const table = await screen.findByRole('table', { name: 'Rättade värden' });
    expect(
      within(within(table).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['C2', 'Pris', 'abc → 125,50', 'Anna Andersson', formatDateTime('2026-03-02T09:05:00.000Z')]);
    expect(screen.getByRole('list', { name: 'Artiklar som tas bort ur prislistan' })).toHaveTextContent(
      `Rad 3 (Anna Andersson, ${formatDateTime('2026-03-02T09:05:00.000Z')})`,
    );
    const link = screen.getByRole('link', { name: 'Ladda ner rättad fil' });
    expect(link).toHaveAttribute('href', '/resources/v1/imports/1/7/corrected-file');
    expect(link).toHaveAttribute('download');
  });

  it('shows the attempt and how it moved, and the earlier attempts folded away', async () => {
    const user = userEvent.setup();
    corrections = { ...kept, corrections: [], leftOut: [] };
    attempts = [
      {
        number: 1,
        at: '2026-03-02T08:00:00.000Z',
        by: 'Lena Leverantör',
        fileName: 'prislista.xlsx',
        corrections: 0,
        result: 'INVALID_FORMAT',
        errorCount: 0,
        counts: null,
        comparison: null,
      },
      {
        number: 2,
        at: '2026-03-02T08:30:00.000Z',
        by: 'Lena Leverantör',
        fileName: 'prislista2.xlsx',
        corrections: 0,
        result: 'VALIDATION_ERRORS',
        errorCount: 98,
        counts: null,
        comparison: null,
      },
      {
        number: 3,
        at: '2026-03-02T09:05:00.000Z',
        by: 'Anna Andersson',
        fileName: 'prislista2.xlsx',
        corrections: 3,
        result: 'CONFIRM',
        errorCount: 0,
        counts: { added: 2, updated: 5, removed: 0, unchanged: 10 },
        comparison: null,
      },
    ];
    renderResult(confirmed, 'VALIDATION_SUCCESS');
    expect(screen.getByRole('status')).toHaveTextContent('Försök 3: 97 fel rättade, 2 nya fel, 1 kvar.');

    await user.click(await screen.findByText('Tidigare försök'));
    const table = await screen.findByRole('table', { name: 'Tidigare försök' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      [
        '1',
        formatDateTime('2026-03-02T08:00:00.000Z'),
        'Lena Leverantör',
        'prislista.xlsx',
        '0',
        'Fel format',
      ],
      ['2', formatDateTime('2026-03-02T08:30:00.000Z'), 'Lena Leverantör', 'prislista2.xlsx', '0', '98 fel'],
    ]);
    // No corrections kept: no list and no download.
    expect(screen.queryByRole('link', { name: 'Ladda ner rättad fil' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).toEqual(
      expect.arrayContaining([
        'GET /resources/v1/imports/1/7/attempts',
        'GET /resources/v1/imports/1/7/corrections',
      ]),
    );
  });

  it('names the attempt when there is nothing to compare it with', () => {
    renderResult({ ...confirmed, attempt: { number: 1, comparison: null } }, 'VALIDATION_SUCCESS');
    expect(screen.getByRole('status')).toHaveTextContent('Försök 1');
    expect(screen.queryByText('Tidigare försök')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the result of a good attempt by its counts', async () => {
    const { attemptResult } = await import('./ImportAttempts');
    expect(
      attemptResult({
        ...attempts[0]!,
        result: 'CONFIRM',
        counts: { added: 2, updated: 5, removed: 0, unchanged: 1 },
      } as ImportAttempt),
    ).toBe('Validering OK: 2 tillagda, 5 ändrade, 0 borttagna');
  });
});
