import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../test/render';
import { importListApi } from '../../api/importListApi';
import { anImport } from '../../test/anImport';
import type { UploadFile, UploadOutcome } from '../../upload';
import { ImportFileDialog } from './ImportFileDialog';

const excelFile = () => new File(['PK'], 'prislista.xlsx', { type: 'application/vnd.ms-excel' });

/** An upload the test drives: it reports progress and ends when the test says so. */
function controlledUpload() {
  let progress: (percent: number) => void = () => {};
  let finish: (outcome: UploadOutcome) => void = () => {};
  const upload = vi.fn<UploadFile>((_request, onProgress) => {
    progress = onProgress;
    return new Promise((resolve) => {
      finish = resolve;
    });
  });
  return {
    upload,
    progress: (percent: number) => progress(percent),
    finish: (o: UploadOutcome) => finish(o),
  };
}

function renderCreateDialog(upload: UploadFile, pricelists = true) {
  const onUploaded = vi.fn();
  const view = renderInApp(<ImportFileDialog organizationId={1} onUploaded={onUploaded} upload={upload} />);
  view.store.dispatch(importListApi.util.upsertQueryData('getImportGeneralPricelist', 1, { id: 5 }));
  view.store.dispatch(
    importListApi.util.upsertQueryData(
      'getImportActivePricelists',
      1,
      pricelists
        ? [
            { id: 2, number: '2', status: 'CURRENT' },
            { id: 3, number: '3', status: 'FUTURE' },
          ]
        : [],
    ),
  );
  return { ...view, onUploaded };
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the dialog "Läs in fil"', () => {
  it('gives the form messages (docs/product.md, "Forms") for a missing type, price list number and file', async () => {
    const user = userEvent.setup();
    renderCreateDialog(vi.fn<UploadFile>());
    await user.click(screen.getByRole('button', { name: 'Läs in fil' }));
    const dialog = screen.getByRole('dialog', { name: 'Läs in fil' });
    await user.click(within(dialog).getByRole('button', { name: 'Ladda upp' }));
    expect(dialog).toHaveTextContent('Du måste välja typ av fil.');
    expect(dialog).toHaveTextContent('Du måste välja en fil.');

    await choose(user, /Filtyp/, 'Generell prislista');
    expect(dialog).not.toHaveTextContent('Du måste välja typ av fil.');
    expect(dialog).toHaveTextContent('Du måste välja ett prislistenummer.');
  });

  it('offers only "Generell prislista", and the active price lists as "number (status)"', async () => {
    const user = userEvent.setup();
    renderCreateDialog(vi.fn<UploadFile>());
    await user.click(screen.getByRole('button', { name: 'Läs in fil' }));
    await user.click(screen.getByRole('button', { name: /Filtyp/ }));
    expect(screen.getByRole('option', { name: 'Produkter & artiklar' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // It says why it cannot be chosen.
    expect(screen.getByRole('option', { name: 'Produkter & artiklar' })).toHaveAccessibleDescription(
      'Kommer senare: produkter och artiklar kan inte läsas in här ännu.',
    );
    await user.click(screen.getByRole('option', { name: 'Generell prislista' }));
    await user.click(screen.getByRole('button', { name: /Prislistenummer/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '2 (Aktuell)',
      '3 (Framtida)',
    ]);
  });

  it('says so when there are no current or future price lists', async () => {
    const user = userEvent.setup();
    renderCreateDialog(vi.fn<UploadFile>(), false);
    await user.click(screen.getByRole('button', { name: 'Läs in fil' }));
    await choose(user, /Filtyp/, 'Generell prislista');
    expect(screen.getByRole('alert')).toHaveTextContent('Det finns inga aktuella eller framtida prislistor.');
    // Beside the specified sentence, the way on.
    expect(screen.getByText(/Skapa först en prislista under ”Generell prislista” i menyn/)).toBeVisible();
  });

  it('refuses a file that is not .xls or .xlsx', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderCreateDialog(vi.fn<UploadFile>());
    await user.click(screen.getByRole('button', { name: 'Läs in fil' }));
    const input = screen.getByRole('dialog').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'prislista.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Filen måste vara en Excel-fil (.xlsx eller .xls).');
  });

  it('names a file that only has an Excel name at the file field, and sends nothing', async () => {
    const user = userEvent.setup();
    const upload = vi.fn<UploadFile>();
    renderCreateDialog(upload);
    await user.click(screen.getByRole('button', { name: 'Läs in fil' }));
    await choose(user, /Filtyp/, 'Generell prislista');
    await choose(user, /Prislistenummer/, '2 (Aktuell)');
    const input = screen.getByRole('dialog').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.7'], 'prislista.xlsx', { type: 'application/pdf' }));
    const fieldset = screen.getByRole('group', { name: 'Fil' });
    await waitFor(() =>
      expect(fieldset).toHaveTextContent('Filen måste vara en Excel-fil (.xlsx eller .xls).'),
    );
    expect(fieldset).toHaveTextContent('Ingen fil vald.');
    await user.click(screen.getByRole('button', { name: 'Ladda upp' }));
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Välj fil' })).toHaveFocus();
    // An .xls must be an OLE2 container.
    await user.upload(input, new File(['PK'], 'prislista.xls', { type: 'application/vnd.ms-excel' }));
    await waitFor(() =>
      expect(fieldset).toHaveTextContent('Filen måste vara en Excel-fil (.xlsx eller .xls).'),
    );
    await user.upload(input, excelFile());
    await waitFor(() => expect(fieldset).toHaveTextContent('Vald fil: prislista.xlsx'));
    expect(fieldset).not.toHaveTextContent('Filen måste vara en Excel-fil');
  });

  it('names the drop area in Swedish, and says what the template holds', async () => {
    const user = userEvent.setup();
    renderCreateDialog(vi.fn<UploadFile>());
    await user.click(screen.getByRole('button', { name: 'Läs in fil' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText(/DropZone/)).toBeNull();
    expect(within(dialog).getByLabelText('Släpp Excel-filen här')).toBeInTheDocument();
    const template = within(dialog).getByRole('link', { name: 'Ladda ner mall' });
    expect(template).toHaveAttribute('href', '/resources/v1/imports/1/template?type=GENERAL_PRICELIST');
    expect(template).toHaveAccessibleDescription(
      'Mallen är tom. Välj prislistenummer om du vill få mallen ifylld med prislistans rader.',
    );
    await choose(user, /Filtyp/, 'Generell prislista');
    await choose(user, /Prislistenummer/, '3 (Framtida)');
    expect(template).toHaveAccessibleDescription('Mallen innehåller raderna i prislista 3.');
  });

  it('uploads the file with the chosen price list, shows the progress, cannot be dismissed meanwhile, then closes', async () => {
    const user = userEvent.setup();
    const { upload, progress, finish } = controlledUpload();
    const { onUploaded } = renderCreateDialog(upload);
    await user.click(screen.getByRole('button', { name: 'Läs in fil' }));
    await choose(user, /Filtyp/, 'Generell prislista');
    await choose(user, /Prislistenummer/, '2 (Aktuell)');
    expect(screen.getByRole('link', { name: 'Ladda ner mall' })).toHaveAttribute(
      'href',
      '/resources/v1/imports/1/template?type=GENERAL_PRICELIST&pricelistId=2',
    );
    await user.upload(
      screen.getByRole('dialog').querySelector('input[type="file"]') as HTMLInputElement,
      excelFile(),
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('Vald fil: prislista.xlsx');
    await user.click(screen.getByRole('button', { name: 'Ladda upp' }));

    expect(upload).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/resources/v1/imports/1',
        request: { type: 'GENERAL_PRICELIST', metadata: { parent: 5, id: 2 } },
      }),
      expect.any(Function),
    );
    progress(42);
    const bar = await screen.findByRole('progressbar', { name: 'Uppladdning' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(bar).toHaveTextContent(/42\s?%/);
    expect(screen.getByRole('dialog')).toHaveTextContent('Vänligen vänta medan filen laddas upp.');
    expect(screen.queryByRole('button', { name: 'Avbryt' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    finish({ ok: true, importObject: anImport('VALIDATION_PENDING') });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onUploaded).toHaveBeenCalledWith(anImport('VALIDATION_PENDING'));
  });

  it("shows the upload failure text and the server's reason, and lets the user try again", async () => {
    const user = userEvent.setup();
    const { upload, finish } = controlledUpload();
    const onUploaded = vi.fn();
    renderInApp(
      <ImportFileDialog
        organizationId={1}
        replacing={anImport('VALIDATION_FAIL')}
        onUploaded={onUploaded}
        upload={upload}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Läs in ny fil' }));
    const dialog = screen.getByRole('dialog', { name: 'Läs in ny fil' });
    expect(dialog).toHaveTextContent('Generell prislista');
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, excelFile());
    await user.click(within(dialog).getByRole('button', { name: 'Ladda upp' }));
    expect(upload).toHaveBeenCalledWith(
      { url: '/resources/v1/imports/1/7', file: expect.any(File) },
      expect.any(Function),
    );

    finish({ ok: false, status: 413, reason: 'Filen är större än 25 MB.' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ett oväntat fel uppstod när filen skulle laddas upp.');
    expect(alert).toHaveTextContent('Filen är större än 25 MB.');
    expect(within(dialog).getByRole('button', { name: 'Ladda upp' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
