import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportSummary } from '#contract/imports';
import { renderInApp } from '../../../test/render';
import { callsOf, json, stubFetch } from '../../../test/stubFetch';
import { anImport } from '../test/anImport';
import { blad1, exportSheet } from '../test/fileSheets';
import { ImportResult } from './ImportResult';

type InvalidFormat = Extract<ImportSummary, { type: 'INVALID_FORMAT' }>;

/** The file has its own headers: none of ours is there, and the server suggests what it found. */
const summary: InvalidFormat = {
  type: 'INVALID_FORMAT',
  missingColumns: [
    { column: 'Artikelnummer', sheets: ['Prislista'] },
    { column: 'Pris', sheets: ['Prislista'] },
  ],
  fileSheets: [blad1, exportSheet],
  // Pris from E, not C: the server's suggestion (a saved choice) wins over names that look alike.
  suggestedMapping: {
    sheet: 'Blad1',
    columns: { Artikelnummer: 'A', Pris: 'E', 'Minsta beställningsantal': 'D' },
  },
};

let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetchMock = stubFetch(async () => json({ importObject: anImport('VALIDATION_PENDING') }));
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(shown: InvalidFormat = summary) {
  const onValidatingAgain = vi.fn();
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_FAIL')}
      summary={shown}
      isLoading={false}
      isError={false}
      onValidatingAgain={onValidatingAgain}
    />,
  );
  return { onValidatingAgain };
}

const select = (name: string) => screen.getByRole('combobox', { name });
const optionsOf = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the column mapping on an INVALID_FORMAT summary', () => {
  it('keeps the banner and the missing columns, and preselects the suggested mapping below them', () => {
    renderForm();
    expect(screen.getByText(/Filen saknar kolumner eller flikar/)).toBeInTheDocument();
    expect(screen.getByText('Kolumnen ”Pris” saknas på fliken ”Prislista”.')).toBeInTheDocument();

    const section = screen.getByRole('region', { name: 'Koppla filens kolumner' });
    expect(section).toHaveTextContent(
      'Filen har egna kolumnnamn. Välj vilken kolumn i filen som motsvarar var och en av våra kolumner. Kopplingen sparas för organisationen och används nästa gång en fil med samma kolumner läses in.',
    );
    expect(select('Flik')).toHaveValue('Blad1');
    expect(optionsOf('Flik')).toEqual(['Blad1', 'Export']);
    // The header row, compactly; a column without a header goes by its letter.
    expect(
      within(screen.getByRole('list', { name: 'Rubrikraden på fliken Blad1' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'A: Art.nr',
      'B: Benämning',
      'C: Pris exkl. moms',
      'D: Min. antal',
      'E: Pris exkl. moms',
      'F',
    ]);

    expect(select('Artikelnummer (obligatorisk)')).toHaveValue('A');
    expect(select('Pris (obligatorisk)')).toHaveValue('E');
    expect(select('Minsta beställningsantal (obligatorisk)')).toHaveValue('D');
    // Not suggested, so not used, though a header looks like it.
    expect(select('Benämning')).toHaveValue('');
    // Duplicated headers are told apart by their letters.
    expect(optionsOf('Pris (obligatorisk)')).toEqual([
      'Välj kolumn',
      'A: Art.nr',
      'B: Benämning',
      'C: Pris exkl. moms',
      'D: Min. antal',
      'E: Pris exkl. moms',
      'F',
    ]);
    expect(optionsOf('Garantivillkor')[0]).toBe('Används inte');
    // Every one of our columns, in order.
    const group = screen.getByRole('group', { name: 'Våra kolumner' });
    expect([...group.querySelectorAll('label')].map((label) => label.textContent)).toEqual([
      'Artikelnummer (obligatorisk)',
      'Benämning',
      'Pris (obligatorisk)',
      'Minsta beställningsantal (obligatorisk)',
      'Leveranstid (dagar)',
      'Garanti antal',
      'Garanti enhet',
      'Garanti gäller från',
      'Garantivillkor',
    ]);
    expect(within(group).getAllByRole('combobox')).toHaveLength(9);
  });

  it('suggests again, by names that look alike, when another sheet is chosen', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(select('Flik'), 'Export');
    expect(screen.getByRole('list', { name: 'Rubrikraden på fliken Export' })).toHaveTextContent('A: SKU');
    expect(select('Artikelnummer (obligatorisk)')).toHaveValue('A');
    expect(select('Pris (obligatorisk)')).toHaveValue('B');
    expect(select('Minsta beställningsantal (obligatorisk)')).toHaveValue('C');
    expect(optionsOf('Pris (obligatorisk)')).toEqual(['Välj kolumn', 'A: SKU', 'B: Price', 'C: MOQ']);

    // Back on the first sheet, the server's suggestion again.
    await user.selectOptions(select('Flik'), 'Blad1');
    expect(select('Pris (obligatorisk)')).toHaveValue('E');
  });

  it('names a column chosen twice and a required one left out at their fields, and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(select('Pris (obligatorisk)'), 'A: Art.nr');
    await user.selectOptions(select('Minsta beställningsantal (obligatorisk)'), 'Välj kolumn');
    await user.click(screen.getByRole('button', { name: 'Validera med de här kolumnerna' }));

    const duplicate =
      'Kolumnen A: Art.nr är redan vald för Artikelnummer. Varje kolumn i filen kan bara användas en gång.';
    const missing = 'Välj vilken kolumn i filen som är Minsta beställningsantal.';
    expect(select('Pris (obligatorisk)')).toHaveAttribute('aria-invalid', 'true');
    expect(select('Pris (obligatorisk)')).toHaveAccessibleDescription(duplicate);
    expect(select('Minsta beställningsantal (obligatorisk)')).toHaveAttribute('aria-invalid', 'true');
    expect(select('Minsta beställningsantal (obligatorisk)')).toHaveAccessibleDescription(missing);
    expect(select('Artikelnummer (obligatorisk)')).not.toHaveAttribute('aria-invalid');

    // The summary at the top takes the focus and links to each field.
    const problems = screen.getByRole('heading', { name: 'Kopplingen behöver rättas' }).parentElement!;
    await waitFor(() => expect(problems).toHaveFocus());
    expect(
      within(problems)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([duplicate, missing]);
    await user.click(within(problems).getByRole('link', { name: missing }));
    expect(select('Minsta beställningsantal (obligatorisk)')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the chosen columns by letter, leaving unused ones out, and follows the import', async () => {
    const user = userEvent.setup();
    const { onValidatingAgain } = renderForm();
    await user.selectOptions(select('Benämning'), 'B: Benämning');
    await user.click(screen.getByRole('button', { name: 'Validera med de här kolumnerna' }));

    await waitFor(() => expect(onValidatingAgain).toHaveBeenCalledTimes(1));
    expect(callsOf(fetchMock)).toEqual(['POST /resources/v1/imports/1/7/column-mapping']);
    expect(await fetchMock.mock.calls[0]![0].json()).toEqual({
      columnMapping: {
        sheet: 'Blad1',
        columns: {
          Artikelnummer: { column: 'A' },
          Benämning: { column: 'B' },
          Pris: { column: 'E' },
          'Minsta beställningsantal': { column: 'D' },
        },
      },
    });
  });

  it("shows the server's field errors at the fields, and its message when it cannot validate now", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementationOnce(async () =>
      json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Kopplingen kan inte användas.',
            errors: { Pris: 'Kolumnen E finns inte längre på fliken Blad1.' },
          },
        },
        400,
      ),
    );
    const { onValidatingAgain } = renderForm();
    const submit = screen.getByRole('button', { name: 'Validera med de här kolumnerna' });
    await user.click(submit);
    await waitFor(() =>
      expect(select('Pris (obligatorisk)')).toHaveAccessibleDescription(
        'Kolumnen E finns inte längre på fliken Blad1.',
      ),
    );
    expect(select('Pris (obligatorisk)')).toHaveAttribute('aria-invalid', 'true');

    fetchMock.mockImplementationOnce(async () =>
      json({ error: { code: 'CONFLICT', message: 'Inläsningen valideras redan.' } }, 409),
    );
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Inläsningen valideras redan.');
    expect(select('Pris (obligatorisk)')).not.toHaveAttribute('aria-invalid');
    expect(onValidatingAgain).not.toHaveBeenCalled();
  });

  it('is not offered when the import cannot be validated again, or the file has no sheets', () => {
    const { unmount } = renderInApp(
      <ImportResult
        organizationId={1}
        item={anImport('VALIDATION_FAIL')}
        summary={summary}
        isLoading={false}
        isError={false}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Koppla filens kolumner' })).not.toBeInTheDocument();
    unmount();
    renderForm({ ...summary, fileSheets: [] });
    expect(screen.queryByRole('region', { name: 'Koppla filens kolumner' })).not.toBeInTheDocument();
    expect(screen.getByText(/Filen saknar kolumner eller flikar/)).toBeInTheDocument();
  });
});
