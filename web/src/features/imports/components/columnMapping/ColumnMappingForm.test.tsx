import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportSummary } from '#contract/imports';
import { renderInApp } from '../../../../test/render';
import { callsOf, json, stubFetch } from '../../../../test/stubFetch';
import { anImport } from '../../test/anImport';
import { blad1, exportSheet } from '../../test/fileSheets';
import { ImportResult } from '../summary/ImportResult';

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
    // An optional column left out keeps what the price list has.
    expect(optionsOf('Garantivillkor')[0]).toBe('Behåll nuvarande värden');
    expect(select('Garantivillkor')).toHaveDisplayValue('Behåll nuvarande värden');
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

  it('says what each choice does, and which of the file’s columns will not be read', async () => {
    const user = userEvent.setup();
    renderForm();
    const group = screen.getByRole('group', { name: 'Våra kolumner' });
    const keep =
      'Behåll nuvarande värden: artiklar som redan finns i prislistan behåller sina värden i kolumnen, nya artiklar får den tom.';
    const chosen =
      'En vald kolumn i filen ger artiklarna sina värden. Är en cell i den tom, töms artikelns värde i prislistan.';
    // Read with the group of choices, and shown under it.
    expect(group).toHaveAccessibleDescription(expect.stringContaining(keep));
    expect(group).toHaveAccessibleDescription(expect.stringContaining(chosen));
    // B (Benämning) and C are not chosen; F has neither header nor values.
    expect(screen.getByText('Används inte: B: Benämning, C: Pris exkl. moms')).toBeInTheDocument();
    await user.selectOptions(select('Benämning'), 'B: Benämning');
    expect(screen.getByText('Används inte: C: Pris exkl. moms')).toBeInTheDocument();
    await user.selectOptions(select('Garantivillkor'), 'C: Pris exkl. moms');
    expect(screen.getByText('Alla kolumner i filen används.')).toBeInTheDocument();
    expect(screen.queryByText(/^Används inte:/)).not.toBeInTheDocument();
  });

  it("shows each file column's first values in the header row and in every choice", async () => {
    renderForm({
      ...summary,
      fileSheets: [
        {
          name: 'Blad1',
          columns: [
            { column: 'A', header: 'Art.nr', samples: ['HMD-0001', 'HMD-0002', 'HMD-0003'] },
            { column: 'B', header: 'Pris', samples: ['120', '99,50'] },
            { column: 'C', header: 'Min. antal', samples: ['1'] },
            { column: 'D', header: 'Kommentar' },
            { column: 'E', header: '', samples: ['Lager 3'] },
          ],
        },
      ],
      suggestedMapping: {
        sheet: 'Blad1',
        columns: { Artikelnummer: 'A', Pris: 'B', 'Minsta beställningsantal': 'C' },
      },
    });
    expect(
      within(screen.getByRole('list', { name: 'Rubrikraden på fliken Blad1' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'A: Art.nr t.ex. ”HMD-0001”, ”HMD-0002”, ”HMD-0003”',
      'B: Pris t.ex. ”120”, ”99,50”',
      'C: Min. antal t.ex. ”1”',
      'D: Kommentar',
      'E t.ex. ”Lager 3”',
    ]);
    // The values are part of each option's text: a screen reader reads them with the column.
    expect(optionsOf('Leveranstid (dagar)')).toEqual([
      'Behåll nuvarande värden',
      'A: Art.nr (t.ex. ”HMD-0001”, ”HMD-0002”, ”HMD-0003”)',
      'B: Pris (t.ex. ”120”, ”99,50”)',
      'C: Min. antal (t.ex. ”1”)',
      'D: Kommentar',
      'E (t.ex. ”Lager 3”)',
    ]);
    expect(
      screen.getByRole('option', { name: 'B: Pris (t.ex. ”120”, ”99,50”)', selected: true }),
    ).toBeInTheDocument();
    // A column without a header but with values is a column of the file that is not read.
    expect(screen.getByText('Används inte: D: Kommentar, E')).toBeInTheDocument();
  });

  it('says why the saved mapping was not used, header by header, beside the mapping step', () => {
    renderForm({
      ...summary,
      savedMappingMismatch: {
        sheet: 'Blad1',
        missingHeaders: ['Pris exkl. moms'],
        newHeaders: ['Nettopris', 'Kampanj'],
      },
    });
    const notice = screen.getByRole('region', { name: 'Den sparade kopplingen används inte' });
    expect(notice).toHaveTextContent(
      'Er sparade koppling för fliken Blad1 används bara för en fil med samma kolumner som när den sparades. Den här filens kolumner skiljer sig:',
    );
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Kolumnen ”Pris exkl. moms” finns inte längre i filen.',
      'Kolumnen ”Nettopris” är ny i filen.',
      'Kolumnen ”Kampanj” är ny i filen.',
    ]);
    expect(notice).toHaveTextContent(
      'Välj kolumnerna nedan. Kopplingen sparas för de nya kolumnerna när filen har validerats.',
    );
    // Before the form it explains.
    const form = screen.getByRole('region', { name: 'Koppla filens kolumner' });
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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
