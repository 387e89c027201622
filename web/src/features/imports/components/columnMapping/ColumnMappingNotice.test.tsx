import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColumnMappingUsed, ImportSummary } from '#contract/imports';
import { renderInApp } from '../../../../test/render';
import { callsOf, json, stubFetch } from '../../../../test/stubFetch';
import { anImport } from '../../test/anImport';
import { blad1, exportSheet } from '../../test/fileSheets';
import { ImportResult } from '../summary/ImportResult';

const columns: ColumnMappingUsed['columns'] = [
  { column: 'Artikelnummer', fileColumn: 'A', fileHeader: 'Art.nr' },
  { column: 'Pris', fileColumn: 'C', fileHeader: 'Pris exkl. moms' },
  { column: 'Minsta beställningsantal', fileColumn: 'F', fileHeader: '' },
];
const savedMapping: ColumnMappingUsed = {
  source: 'SAVED_MAPPING',
  sheet: 'Blad1',
  columns,
  savedMapping: { id: 12, savedAt: '2026-11-20T10:00:00.000Z' },
};
const requestMapping: ColumnMappingUsed = { source: 'REQUEST', sheet: 'Blad1', columns };

const confirmSummary = (columnMapping: ColumnMappingUsed): ImportSummary => ({
  type: 'CONFIRM',
  added: 3,
  updated: 0,
  removed: 0,
  unchanged: 0,
  columnMapping,
  fileSheets: [blad1, exportSheet],
});

let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetchMock = stubFetch(async () => new Response(null, { status: 204 }));
});
afterEach(() => vi.unstubAllGlobals());

function renderResult(summary: ImportSummary, open = true) {
  const onValidatingAgain = vi.fn();
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport(summary.type === 'CONFIRM' ? 'VALIDATION_SUCCESS' : 'VALIDATION_FAIL')}
      summary={summary}
      isLoading={false}
      isError={false}
      {...(open && { onValidatingAgain })}
    />,
  );
  return { onValidatingAgain };
}

describe('the mapping a validation used', () => {
  it('says which saved mapping read the columns, from when, above the counts', () => {
    renderResult(confirmSummary(savedMapping));
    const notice = screen.getByText(/^Kolumnerna tolkades/);
    expect(notice).toHaveTextContent(
      'Kolumnerna tolkades med er sparade koppling från 20 november 2026: Art.nr → Artikelnummer, Pris exkl. moms → Pris, F → Minsta beställningsantal.',
    );
    expect(
      notice.compareDocumentPosition(screen.getByRole('heading', { name: 'Resultat av valideringen' })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getByRole('button', { name: 'Ändra kopplingen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Glöm den sparade kopplingen' })).toBeInTheDocument();
  });

  it('says which mapping was sent, with no saved mapping to forget, on a summary with errors', () => {
    renderResult({
      type: 'VALIDATION_ERRORS',
      errorCount: 0,
      errors: [],
      columnMapping: requestMapping,
      fileSheets: [blad1],
    });
    expect(
      screen.getByText(
        'Kolumnerna tolkades med kopplingen: Art.nr → Artikelnummer, Pris exkl. moms → Pris, F → Minsta beställningsantal.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ändra kopplingen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Glöm den sparade kopplingen' })).not.toBeInTheDocument();
  });

  it('offers no buttons once the import cannot be validated again', () => {
    renderResult(confirmSummary(savedMapping), false);
    expect(screen.getByText(/^Kolumnerna tolkades med er sparade koppling/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ändra kopplingen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Glöm den sparade kopplingen' })).not.toBeInTheDocument();
  });

  it('forgets the saved mapping, says so, and keeps the result', async () => {
    const user = userEvent.setup();
    renderResult(confirmSummary(savedMapping));
    await user.click(screen.getByRole('button', { name: 'Glöm den sparade kopplingen' }));

    const message = 'Den sparade kopplingen är borttagen. Nästa fil med samma kolumner behöver kopplas igen.';
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(message));
    expect(callsOf(fetchMock)).toEqual(['DELETE /resources/v1/imports/1/column-mappings/12']);
    await waitFor(() => expect(screen.getByText(message)).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Glöm den sparade kopplingen' })).not.toBeInTheDocument();
    expect(screen.getByText('Tillagda rader').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText(/^Kolumnerna tolkades med er sparade koppling/)).toBeInTheDocument();
  });

  it('takes a mapping already gone (404) as forgotten, and says why when forgetting fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementationOnce(async () =>
      json({ error: { code: 'SERVER_ERROR', message: 'Kopplingen kunde inte tas bort.' } }, 500),
    );
    fetchMock.mockImplementationOnce(async () =>
      json({ error: { code: 'NOT_FOUND', message: 'Kopplingen finns inte.' } }, 404),
    );
    renderResult(confirmSummary(savedMapping));
    await user.click(screen.getByRole('button', { name: 'Glöm den sparade kopplingen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kopplingen kunde inte tas bort.');

    await user.click(screen.getByRole('button', { name: 'Glöm den sparade kopplingen' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/är borttagen/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('"Ändra kopplingen" opens the form with the mapping used, and "Avbryt" closes it', async () => {
    const user = userEvent.setup();
    renderResult(confirmSummary(requestMapping));
    const change = screen.getByRole('button', { name: 'Ändra kopplingen' });
    expect(change).toHaveAttribute('aria-expanded', 'false');
    await user.click(change);

    expect(change).toHaveAttribute('aria-expanded', 'true');
    const heading = screen.getByRole('heading', { name: 'Koppla filens kolumner' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Flik' })).toHaveValue('Blad1');
    expect(screen.getByRole('combobox', { name: 'Artikelnummer (obligatorisk)' })).toHaveValue('A');
    expect(screen.getByRole('combobox', { name: 'Pris (obligatorisk)' })).toHaveValue('C');
    expect(screen.getByRole('combobox', { name: 'Minsta beställningsantal (obligatorisk)' })).toHaveValue(
      'F',
    );
    expect(screen.getByRole('combobox', { name: 'Benämning' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Avbryt' }));
    expect(screen.queryByRole('heading', { name: 'Koppla filens kolumner' })).not.toBeInTheDocument();
    await waitFor(() => expect(change).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('validates this import again with the changed mapping', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json({ importObject: anImport('VALIDATION_PENDING') }));
    const { onValidatingAgain } = renderResult(confirmSummary(savedMapping));
    await user.click(screen.getByRole('button', { name: 'Ändra kopplingen' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Pris (obligatorisk)' }),
      'E: Pris exkl. moms',
    );
    await user.click(screen.getByRole('button', { name: 'Validera med de här kolumnerna' }));

    await waitFor(() => expect(onValidatingAgain).toHaveBeenCalledTimes(1));
    expect(callsOf(fetchMock)).toEqual(['POST /resources/v1/imports/1/7/column-mapping']);
    expect(await fetchMock.mock.calls[0]![0].json()).toEqual({
      columnMapping: {
        sheet: 'Blad1',
        columns: {
          Artikelnummer: { column: 'A' },
          Pris: { column: 'E' },
          'Minsta beställningsantal': { column: 'F' },
        },
      },
    });
  });
});
