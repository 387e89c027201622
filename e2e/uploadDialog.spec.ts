import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { readWorkbook, validFile } from './importFiles';
import { chooseFile, chooseGeneralPricelist } from './uploadThroughDialog';

/** The dialog "Läs in fil" and the risk guard's explanations (issue 31, parts 2 and 7). */

const notExcel = 'Filen måste vara en Excel-fil (.xlsx eller .xls).';
const jobTimeout = { timeout: 30_000 };

async function openDialog(page: Page) {
  await page.goto('/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Inläsningar' })).toBeVisible();
  await page.getByRole('button', { name: 'Läs in fil' }).click();
  return page.getByRole('dialog', { name: 'Läs in fil' });
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'lev.admin');
});

test('the drop area has a Swedish name, and "Ladda ner mall" always gives a template and says which', async ({
  page,
}) => {
  const dialog = await openDialog(page);
  await expect(dialog.getByRole('button', { name: 'Släpp Excel-filen här' })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: /DropZone/ })).toHaveCount(0);

  // Before any choice: the empty template of a general price list, the only type there is.
  const template = dialog.getByRole('link', { name: 'Ladda ner mall' });
  await expect(template).toHaveAccessibleDescription(
    'Mallen är tom. Välj prislistenummer om du vill få mallen ifylld med prislistans rader.',
  );
  const empty = page.waitForEvent('download');
  await template.click();
  const emptySheets = await readWorkbook(await (await empty).path());
  expect(emptySheets.find((sheet) => sheet.name === 'Prislista')?.rows).toHaveLength(1);
  await expectNoAxeViolations(page);

  await chooseGeneralPricelist(page, '3 (Framtida)');
  await expect(template).toHaveAccessibleDescription('Mallen innehåller raderna i prislista 3.');
  const filled = page.waitForEvent('download');
  await template.click();
  const filledSheets = await readWorkbook(await (await filled).path());
  expect(filledSheets.find((sheet) => sheet.name === 'Prislista')?.rows).toHaveLength(101);
});

test('a file that is not Excel is named at the file field, and nothing is sent', async ({ page }) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/resources/v1/imports/'))
      uploads.push(request.url());
  });
  const dialog = await openDialog(page);
  await chooseGeneralPricelist(page);
  const field = dialog.getByRole('group', { name: 'Fil' });

  // A PDF with an Excel name: its first bytes tell.
  await chooseFile(page, {
    name: 'prislista.xlsx',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n'),
  });
  await expect(field).toContainText(notExcel);
  await expect(field).toContainText('Ingen fil vald.');
  await dialog.getByRole('button', { name: 'Ladda upp' }).click();
  await expect(dialog.getByRole('button', { name: 'Välj fil' })).toBeFocused();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A file of another kind by its name, dropped rather than chosen.
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['a;b'], 'prislista.csv', { type: 'text/csv' }));
    return transfer;
  });
  await dialog.locator('.file-drop').dispatchEvent('drop', { dataTransfer });
  await expect(field).toContainText(notExcel);

  // A real one clears the message.
  const file = await validFile('prislista-ok.xlsx', 10);
  await chooseFile(page, file);
  await expect(field).toContainText('Vald fil: prislista-ok.xlsx');
  await expect(field).not.toContainText(notExcel);
  expect(uploads).toEqual([]);
});

test('an unexpected failure keeps the specified message', async ({ page }) => {
  const dialog = await openDialog(page);
  await chooseGeneralPricelist(page);
  await chooseFile(page, await validFile('prislista-ok.xlsx', 10));
  await page.route('**/resources/v1/imports/*', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Ladda upp' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Ett oväntat fel uppstod när filen skulle laddas upp.',
  );
  await expect(dialog.getByRole('group', { name: 'Fil' })).not.toContainText(notExcel);
  await expectNoAxeViolations(page);
});

test('the guard explains a removal: the share, why, the first five articles and the undo', async ({
  page,
}) => {
  // 50 rows against price list 2's 400 (HMD-0001 … HMD-0400): HMD-0051 … HMD-0400 are removed.
  const dialog = await openDialog(page);
  await chooseGeneralPricelist(page);
  await chooseFile(page, await validFile('prislista-50.xlsx', 50));
  await dialog.getByRole('button', { name: 'Ladda upp' }).click();
  await expect(dialog).toBeHidden();
  const uploaded = page.getByRole('region', { name: 'Validering', exact: true }).getByRole('article', {
    name: 'prislista-50.xlsx',
  });
  await expect(uploaded).toContainText('Validering OK', jobTimeout);
  await uploaded.getByRole('link', { name: 'Granska' }).click();

  const removal =
    '350 av 400 rader (87,5 %) tas bort från prislista 2 (Aktuell): HMD-0051, HMD-0052, HMD-0053, HMD-0054, HMD-0055 och 345 till.';
  const why = 'Filen ska innehålla hela prislistan: rader som inte finns i filen tas bort.';
  const undo = 'Inläsningen kan ångras efteråt med ”Ångra inläsning”.';
  const box = page.getByRole('note', { name: 'Kontrollera innan du läser in' });
  for (const text of [removal, why, undo]) await expect(box).toContainText(text);

  await page.getByRole('button', { name: 'Läs in', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: 'Vill du läsa in filen ändå?' });
  for (const text of [removal, why, undo]) await expect(ask).toContainText(text);
  await expect(ask).toContainText('Inläsningen ändrar prislistan så här:');
  await expect(ask).not.toContainText('stora ändringar');
  await expect(ask.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Avbryt' }).click();
});
