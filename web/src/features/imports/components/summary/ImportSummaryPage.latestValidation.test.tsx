import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type {
  ImportCorrectionsResponse,
  ImportRisk,
  ImportSummary,
  ValidationError,
} from '#contract/imports';
import { renderRoutes } from '../../../../test/render';
import { callsOf, json } from '../../../../test/stubFetch';
import { blad1 } from '../../test/fileSheets';
import {
  article,
  type SummaryServer,
  serveSummary,
  stubIntersection,
  uploadAnswering,
} from '../../test/summaryServer';
import { ImportSummaryPage } from './ImportSummaryPage';

/**
 * Whatever validation the summary starts (a new column mapping, "Validera igen", "Läs in ny fil"),
 * every part of the page shows that validation's result once it ends: the user test's bug was
 * 400 changed rows counted above a table of "Visar 0–0 av 0", the form still open (decision 0042).
 * The server (../test/summaryServer.ts) is import 7: the result shown first, pending, the new one.
 */

let server: ReturnType<typeof serveSummary>;
const serve = (answers: SummaryServer) => {
  server = serveSummary(answers);
};
afterEach(() => vi.unstubAllGlobals());
beforeEach(stubIntersection);
// A poll (2 s) and the result's calls: longer than a component test's usual 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

/** The page's calls follow each other; a busy machine takes its time. */
const slow = { timeout: 8000 };
const renderPage = () => renderRoutes([{ path: '/import/:id', element: <ImportSummaryPage /> }], '/import/7');
const pendingNote = 'Filen behandlas. Sidan uppdateras av sig själv när resultatet är klart.';
const count = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
const heading = () => screen.getByRole('heading', { level: 1, name: /^Sammanfattning: / });

/** While the job runs: the pending note, and nothing of the old result or its buttons. Then it ends. */
async function expectPendingOnly() {
  expect(await screen.findByText(pendingNote, {}, slow)).toBeVisible();
  expect(screen.queryByRole('heading', { name: 'Resultat av valideringen' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Ändringar i prislistan' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Läs in' })).not.toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
}

type Confirm = Extract<ImportSummary, { type: 'CONFIRM' }>;
const mappedWith = (price: { column: string; header: string }): Confirm['columnMapping'] => ({
  source: 'REQUEST',
  sheet: 'Blad1',
  columns: [
    { column: 'Artikelnummer', fileColumn: 'A', fileHeader: 'Art.nr' },
    { column: 'Pris', fileColumn: price.column, fileHeader: price.header },
    { column: 'Minsta beställningsantal', fileColumn: 'D', fileHeader: 'Min. antal' },
  ],
});

it('a new mapping by "Ändra kopplingen": the counts, the changes, the closed form and "Läs in" are the new validation\'s', async () => {
  serve({
    status: { first: 'VALIDATION_SUCCESS', pending: 'VALIDATION_PENDING', second: 'VALIDATION_SUCCESS' },
    summary: {
      first: {
        type: 'CONFIRM',
        added: 0,
        updated: 3,
        removed: 0,
        unchanged: 397,
        columnMapping: mappedWith({ column: 'C', header: 'Pris exkl. moms' }),
        fileSheets: [blad1],
      },
      second: {
        type: 'CONFIRM',
        added: 0,
        updated: 400,
        removed: 0,
        unchanged: 0,
        columnMapping: mappedWith({ column: 'F', header: '' }),
        fileSheets: [blad1],
      },
    },
    changes: {
      first: { total: 3, change: { field: 'price', oldValue: '100', newValue: '101' } },
      second: { total: 400, change: { field: 'deliveryTimeDays', oldValue: '5', newValue: '6' } },
    },
  });
  const user = userEvent.setup();
  renderPage();
  const updated = await screen.findByRole('region', { name: 'Ändrade rader' }, slow);
  expect(await within(updated).findByText('Visar 1–3 av 3', {}, slow)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Ändra kopplingen' }));
  const form = screen.getByRole('region', { name: 'Koppla filens kolumner' });
  await user.selectOptions(within(form).getByLabelText('Pris (obligatorisk)'), 'F');
  await user.click(within(form).getByRole('button', { name: 'Validera med de här kolumnerna' }));

  await expectPendingOnly();
  await waitFor(() => expect(heading()).toHaveFocus());
  server.endJob();

  // The new result, every part of it.
  expect(
    await screen.findByText(
      'Kolumnerna tolkades med kopplingen: Art.nr → Artikelnummer, F → Pris, Min. antal → Minsta beställningsantal.',
      {},
      slow,
    ),
  ).toBeInTheDocument();
  await waitFor(() => expect(count('Ändrade rader')).toHaveTextContent('400'));
  const updatedNow = await screen.findByRole('region', { name: 'Ändrade rader' }, slow);
  expect(await within(updatedNow).findByText('Visar 1–10 av 400', {}, slow)).toBeInTheDocument();
  expect(
    within(updatedNow)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(Array(10).fill('Leveranstid (dagar): 5 → 6'));
  expect(screen.queryByRole('region', { name: 'Koppla filens kolumner' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Ändra kopplingen' })).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByRole('button', { name: 'Läs in' })).toBeInTheDocument();
  expect(screen.queryByText(pendingNote)).not.toBeInTheDocument();
  // Nothing that belongs to a validation was read while the job ran.
  expect(server.readsWhilePending()).toEqual([]);
});

const priceError = (row: number, value: string): ValidationError => ({
  row,
  articleNumber: article(row - 1),
  sheet: 'Prislista',
  column: 'Pris',
  value,
  message: 'Värdet är inte ett tal.',
  rule: 'NOT_A_NUMBER',
  cell: `C${row}`,
});
const errorsOf = (errors: ValidationError[], attempt?: number): ImportSummary => ({
  type: 'VALIDATION_ERRORS',
  errorCount: errors.length,
  errors,
  errorCounts: [
    {
      column: 'Pris',
      rule: 'NOT_A_NUMBER',
      count: errors.length,
      label: `Pris: ${errors.length} ${errors.length === 1 ? 'värde är inte ett tal' : 'värden är inte tal'}`,
    },
  ],
  ...(attempt && {
    attempt: {
      number: attempt,
      comparison: {
        previous: attempt - 1,
        fixed: 1,
        new: 0,
        remaining: 1,
        message: `Försök ${attempt}: 1 fel rättade, 0 nya fel, 1 kvar.`,
      },
    },
  }),
});
const corrections = (version: number, cells: number): ImportCorrectionsResponse => ({
  version,
  correctable: true,
  maxErrors: 1000,
  corrections: Array.from({ length: cells }, () => ({
    row: 3,
    column: 'Pris',
    cell: 'C3',
    oldValue: 'gratis',
    newValue: '112,50',
    by: 'Anna Andersson',
    at: '2026-11-28T09:00:00.000Z',
  })),
  leftOut: [],
});

it('"Validera igen" that still fails: the new errors, every error shown, nothing typed or filtered kept', async () => {
  const first = [priceError(3, 'gratis'), priceError(4, 'x')];
  serve({
    status: { first: 'VALIDATION_FAIL', pending: 'VALIDATION_PENDING', second: 'VALIDATION_FAIL' },
    summary: { first: errorsOf(first), second: errorsOf([priceError(4, 'x')], 2) },
    corrections: { first: corrections(1, 0), second: corrections(2, 1) },
    // The filtered errors of the first validation; none while pending.
    errors: (at) => (at === 'first' ? json({ errors: first, total: 2 }) : json({}, 404)),
  });
  const user = userEvent.setup();
  renderPage();
  const twoWays =
    'Så går du vidare: rätta värdena i tabellen nedan och välj ”Validera igen”, eller rätta filen och läs in den med ”Läs in ny fil”.';
  expect(await screen.findByText(twoWays, {}, slow)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Pris: 2 värden är inte tal' }));
  expect(
    await screen.findByText('Tabellen visar felen ”Pris: 2 värden är inte tal”.', {}, slow),
  ).toBeInTheDocument();
  const c3 = await screen.findByRole(
    'textbox',
    { name: 'Nytt värde för Pris, artikel HMD-0002, cell C3' },
    slow,
  );
  await user.clear(c3);
  await user.type(c3, '112,50');
  await user.click(screen.getByRole('button', { name: 'Validera igen' }));

  await expectPendingOnly();
  server.endJob();
  expect(
    await screen.findByText('Försök 2: 1 fel rättade, 0 nya fel, 1 kvar.', {}, slow),
  ).toBeInTheDocument();
  // Every error of the new validation, not the old filter; the field holds the file's value again.
  expect(screen.getByRole('button', { name: 'Alla fel (1)' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('Tabellen visar alla fel.')).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Visar 1 av 1 fel' })).toBeInTheDocument();
  // Editable once the server has said the errors may be corrected (the corrections call).
  expect(await screen.findByRole('textbox', { name: /cell C4$/ }, slow)).toHaveValue('x');
  expect(screen.queryByRole('textbox', { name: /cell C3$/ })).not.toBeInTheDocument();
  expect(screen.getByText(twoWays)).toBeInTheDocument();
  // The kept corrections are the server's after the round.
  expect(await screen.findByRole('region', { name: 'Rättade värden' }, slow)).toHaveTextContent(
    'gratis → 112,50',
  );
  expect(screen.getByRole('button', { name: 'Läs in ny fil' })).toBeInTheDocument();
  expect(server.readsWhilePending()).toEqual([]);
});

const riskyNewFile: ImportRisk = {
  id: 'risk-2',
  pricelist: { number: '2', status: 'CURRENT' },
  priceIncreases: 0,
  largestIncrease: null,
  priceDecreases: 0,
  largestDecrease: null,
  medianChangePercent: null,
  pricesSetToZero: 0,
  removed: 12,
  removedByChoice: 0,
  storedRows: 400,
  warnings: [
    '12 av 400 rader (3 %) tas bort från prislista 2 (Aktuell): HMD-0389, HMD-0390, HMD-0391, HMD-0392, HMD-0393 och 7 till. Filen ska innehålla hela prislistan: rader som inte finns i filen tas bort. Inläsningen kan ångras efteråt med ”Ångra inläsning”.',
  ],
  clearedValues: [{ column: 'Garantivillkor', rows: 2, articleNumbers: ['HMD-0001', 'HMD-0002'] }],
};

it('"Läs in ny fil": the new file\'s result, a risky one approved as a warning with its risks first', async () => {
  serve({
    status: { first: 'VALIDATION_FAIL', pending: 'VALIDATION_PENDING', second: 'VALIDATION_SUCCESS' },
    fileName: { pending: 'ny-fil.xlsx', second: 'ny-fil.xlsx' },
    summary: {
      first: errorsOf([priceError(3, 'gratis')]),
      second: { type: 'CONFIRM', added: 0, updated: 0, removed: 12, unchanged: 388, risk: riskyNewFile },
    },
    corrections: { first: corrections(1, 0), second: corrections(1, 0) },
  });
  vi.stubGlobal('XMLHttpRequest', uploadAnswering(server.startFromUpload));
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Läs in ny fil' }, slow));
  const dialog = screen.getByRole('dialog', { name: 'Läs in ny fil' });
  await user.upload(
    dialog.querySelector('input[type="file"]') as HTMLInputElement,
    new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'ny-fil.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Ladda upp' }));

  // The server's answer is shown at once: the new file, pending.
  await waitFor(() => expect(heading()).toHaveTextContent('Sammanfattning: ny-fil.xlsx'));
  await expectPendingOnly();
  await waitFor(() => expect(document.activeElement?.outerHTML).toBe(heading().outerHTML));
  server.endJob();

  const approved = await screen.findByText(/^Filen är godkänd för inläsning\./, {}, slow);
  expect(approved).toHaveClass('banner', 'warning');
  expect(approved).not.toHaveClass('success');
  const risks = screen.getByRole('note', { name: 'Kontrollera innan du läser in' });
  const counts = screen.getByRole('heading', { level: 2, name: 'Resultat av valideringen' });
  expect(approved.compareDocumentPosition(risks) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(risks.compareDocumentPosition(counts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(count('Borttagna rader')).toHaveTextContent('12');
  // The facts name the emptied values even below the risk's threshold.
  expect(count('Värden som töms')).toHaveTextContent('2 rader förlorar Garantivillkor: HMD-0001, HMD-0002.');
  expect(screen.queryByText(/Så går du vidare/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Läs in ny fil' })).not.toBeInTheDocument();

  // "Läs in" asks, with the new validation's risks and what else it does.
  await user.click(screen.getByRole('button', { name: 'Läs in' }));
  const ask = screen.getByRole('alertdialog', { name: 'Vill du läsa in filen ändå?' });
  expect(ask).toHaveTextContent('12 av 400 rader (3 %) tas bort från prislista 2 (Aktuell)');
  expect(ask).toHaveTextContent('2 rader förlorar Garantivillkor: HMD-0001, HMD-0002.');
  expect(ask.textContent?.match(/tas bort/g)).toHaveLength(2);
  expect(callsOf(server.fetchMock)).not.toContain('POST /resources/v1/imports/1/7/confirm');
});
