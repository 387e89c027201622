import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { UploadFile } from './importFiles';

/** The dialog "Läs in fil", open on the imports page. */
export const uploadDialogOf = (page: Page) => page.getByRole('dialog', { name: 'Läs in fil' });

/** Chooses "Generell prislista" and a price list in the open dialog, with the mouse. */
export async function chooseGeneralPricelist(page: Page, pricelist = '2 (Aktuell)') {
  const dialog = uploadDialogOf(page);
  await dialog.getByRole('button', { name: /Filtyp/ }).click();
  await page.getByRole('option', { name: 'Generell prislista' }).click();
  await dialog.getByRole('button', { name: /Prislistenummer/ }).click();
  await page.getByRole('option', { name: pricelist }).click();
}

/** Chooses the file in the open dialog through "Välj fil" and the browser's file chooser. */
export async function chooseFile(page: Page, file: UploadFile) {
  const chooser = page.waitForEvent('filechooser');
  await uploadDialogOf(page).getByRole('button', { name: 'Välj fil' }).click();
  await (await chooser).setFiles(file);
}

/**
 * Opens "Läs in fil" on the imports page and fills it with the mouse: a general price list, the
 * price list, the file. Returns the dialog, ready for "Ladda upp".
 */
export async function fillUploadDialog(page: Page, file: UploadFile, pricelist = '2 (Aktuell)') {
  await page.getByRole('button', { name: 'Läs in fil' }).click();
  await chooseGeneralPricelist(page, pricelist);
  await chooseFile(page, file);
  const dialog = uploadDialogOf(page);
  await expect(dialog).toContainText(`Vald fil: ${file.name}`);
  return dialog;
}

/** Uploads the file through "Läs in fil" on the imports page, with the mouse, until the dialog closes. */
export async function uploadThroughDialog(page: Page, file: UploadFile, pricelist = '2 (Aktuell)') {
  const dialog = await fillUploadDialog(page, file, pricelist);
  await dialog.getByRole('button', { name: 'Ladda upp' }).click();
  await expect(dialog).toBeHidden();
}
