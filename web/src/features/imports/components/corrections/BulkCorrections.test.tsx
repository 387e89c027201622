import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CorrectionDraftResponse } from '#contract/correctionDrafts';
import type { ImportCorrectionsResponse, ImportSummary, ValidationError } from '#contract/imports';
import { renderInApp } from '../../../../test/render';
import { json, stubFetch } from '../../../../test/stubFetch';
import { anImport } from '../../test/anImport';
import { ImportResult } from '../summary/ImportResult';

type ErrorsSummary = Extract<ImportSummary, { type: 'VALIDATION_ERRORS' }>;

const QUANTITY = 'Minsta beställningsantal';
const quantityMessage =
  'Värdet är inte ett tal. Minsta beställningsantal måste vara ett heltal större än eller lika med 1.';

const quantityError = (row: number, articleNumber?: string): ValidationError => ({
  row,
  ...(articleNumber && { articleNumber }),
  sheet: 'Prislista',
  column: QUANTITY,
  value: '0',
  message:
    'Värdet är mindre än 1. Minsta beställningsantal måste vara ett heltal större än eller lika med 1.',
  rule: 'LESS_THAN_ONE',
  cell: `D${row}`,
});

/** 150 quantities of 0 in all; the summary has the first two, one of them without an article number. */
const summary: ErrorsSummary = {
  type: 'VALIDATION_ERRORS',
  errorCount: 150,
  errors: [
    quantityError(2, 'HMD-0001'),
    {
      ...quantityError(3),
      articleName: 'Rollator Lätt',
      rowValues: [
        { column: 'Benämning', value: 'Rollator Lätt' },
        { column: 'Pris', value: '1 200' },
        { column: QUANTITY, value: '0' },
      ],
    },
  ],
  errorCounts: [
    { column: QUANTITY, rule: 'LESS_THAN_ONE', count: 150, label: `${QUANTITY}: 150 värden är mindre än 1` },
  ],
};
const corrections: ImportCorrectionsResponse = {
  version: 2,
  correctable: true,
  maxErrors: 1000,
  corrections: [],
  leftOut: [],
};

let draftAnswer: CorrectionDraftResponse;
let fetchMock: ReturnType<typeof stubFetch>;
const base = '/resources/v1/imports/1/7';

beforeEach(() => {
  draftAnswer = { draft: null, dropped: 0 };
  fetchMock = stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === `${base}/corrections`)
      return request.method === 'POST'
        ? json({ importObject: anImport('VALIDATION_PENDING') })
        : json(corrections);
    if (path === `${base}/corrections/draft`)
      return request.method === 'PUT' ? new Response(null, { status: 204 }) : json(draftAnswer);
    if (path === `${base}/errors`) return json({ errors: summary.errors, total: 150 });
    if (path === `${base}/attempts`) return json({ attempts: [] });
    return json({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderResult() {
  const onValidatingAgain = vi.fn();
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_FAIL')}
      summary={summary}
      isLoading={false}
      isError={false}
      onValidatingAgain={onValidatingAgain}
    />,
  );
  return { onValidatingAgain };
}

const sent = (method: string) =>
  fetchMock.mock.calls.map(([request]) => request).filter((request) => request.method === method);
const quantityField = (name: string) =>
  screen.findByRole('textbox', { name: `Nytt värde för ${QUANTITY}, ${name}` });

describe('each value checked at its field, as the server would', () => {
  it('refuses "ett" in a quantity with the server\'s words, and sends nothing', async () => {
    const user = userEvent.setup();
    const { onValidatingAgain } = renderResult();
    const field = await quantityField('artikel HMD-0001, cell D2');
    await user.clear(field);
    await user.type(field, 'ett');
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`${quantityMessage} ${quantityError(2).message}`);

    await user.click(screen.getByRole('button', { name: 'Validera igen' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 värde behöver rättas innan filen kan valideras igen. Felet står vid fältet.',
    );
    await waitFor(() => expect(field).toHaveFocus());
    expect(sent('POST')).toHaveLength(0);
    expect(onValidatingAgain).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '1');
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});

describe('"Sätt alla till …" and "Ta bort alla rader med det här felet"', () => {
  it('sets every error of the rule to one value, checked first, and sends it for all 150', async () => {
    const user = userEvent.setup();
    const { onValidatingAgain } = renderResult();
    await user.click(await screen.findByRole('button', { name: `${QUANTITY}: 150 värden är mindre än 1` }));
    const panel = await screen.findByRole('region', {
      name: `Rätta alla: ${QUANTITY}: 150 värden är mindre än 1`,
    });
    const value = within(panel).getByRole('textbox', { name: 'Sätt alla till' });
    await user.type(value, 'ett');
    await user.click(within(panel).getByRole('button', { name: 'Sätt alla' }));
    expect(value).toHaveAccessibleDescription(quantityMessage);

    await user.clear(value);
    await user.type(value, '1{Enter}');
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'Alla 150 fel får värdet ”1” när filen valideras igen.',
    );
    expect(await quantityField('artikel HMD-0001, cell D2')).toHaveValue('1');
    expect(await quantityField('rad 3, cell D3')).toHaveValue('1');
    // A value typed on its own goes before it.
    const own = await quantityField('rad 3, cell D3');
    await user.clear(own);
    await user.type(own, '4');

    await user.click(screen.getByRole('button', { name: 'Validera igen' }));
    await waitFor(() => expect(onValidatingAgain).toHaveBeenCalled());
    expect(await sent('POST')[0]!.json()).toEqual({
      basedOn: 2,
      corrections: [{ row: 3, column: QUANTITY, value: '4' }],
      leaveOut: [],
      setAll: [{ column: QUANTITY, rule: 'LESS_THAN_ONE', value: '1' }],
    });
  });

  it('removes every row with the error, can be undone, and keeps the draft on the server as it is typed', async () => {
    const user = userEvent.setup();
    renderResult();
    await user.click(await screen.findByRole('button', { name: `${QUANTITY}: 150 värden är mindre än 1` }));
    const removeAll = await screen.findByRole('button', { name: 'Ta bort alla rader med det här felet' });
    await user.click(removeAll);
    expect(removeAll).toHaveAttribute('aria-pressed', 'true');
    expect(removeAll).toHaveFocus();
    const checkbox = await screen.findByRole('checkbox', {
      name: 'Ta bort artikeln ur prislistan, rad 2, artikel HMD-0001',
    });
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeDisabled();
    expect(checkbox).toHaveAccessibleDescription('Tas bort med alla rader med samma fel.');

    await waitFor(() => expect(sent('PUT')).not.toHaveLength(0));
    expect(await sent('PUT').at(-1)!.json()).toEqual({
      corrections: [],
      leaveOut: [],
      setAll: [],
      leaveOutAll: [{ column: QUANTITY, rule: 'LESS_THAN_ONE' }],
    });
    await user.click(removeAll);
    expect(removeAll).toHaveAttribute('aria-pressed', 'false');
    expect(checkbox).not.toBeChecked();
  });
});

describe('the draft, and the row recognised without its article number', () => {
  it('comes back as it was typed, and says so', async () => {
    draftAnswer = {
      draft: {
        corrections: [{ row: 3, column: QUANTITY, value: '7' }],
        leaveOut: [2],
        setAll: [],
        leaveOutAll: [],
        savedAt: '2026-11-28T10:00:00.000Z',
      },
      dropped: 1,
    };
    renderResult();
    await waitFor(async () => expect(await quantityField('rad 3, cell D3')).toHaveValue('7'));
    expect(
      screen.getByRole('checkbox', { name: 'Ta bort artikeln ur prislistan, rad 2, artikel HMD-0001' }),
    ).toBeChecked();
    expect(
      screen.getByText('Dina ändringar från förra gången finns kvar. Validera igen när du är klar.'),
    ).toBeVisible();
    expect(
      screen.getByText('1 ändring i utkastet gällde fel som inte finns längre och har tagits bort.'),
    ).toBeVisible();
  });

  it("shows the Benämning, and the row's values on demand", async () => {
    const user = userEvent.setup();
    renderResult();
    // Once the fields are there: the table is in the form from then on.
    await quantityField('rad 3, cell D3');
    const table = screen.getByRole('table', { name: 'Visar 2 av 150 fel' });
    const row = within(table).getAllByRole('row')[2]!;
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(/^Rollator Lätt/);
    await user.click(within(row).getByText('Visa radens värden'));
    expect(within(row).getByRole('group')).toBeVisible();
    expect(within(row).getByText('1 200')).toBeVisible();
  });
});
