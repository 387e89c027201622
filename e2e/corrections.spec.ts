import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { exceljsWorkbook } from '../test-support/workbooks';
import {
  type CurrentPricelist,
  currentPricelist,
  expect,
  expectNoAxeViolations,
  loginAs,
  test,
} from './fixtures';
import type { UploadFile } from './importFiles';
import { tabTo } from './keyboard';
import { uploadThroughDialog } from './uploadThroughDialog';

/**
 * Correcting a failed validation on the summary (issue 30): the errors counted by column and rule
 * filter the table; three cells are corrected and a row is left out; "Validera igen" validates the
 * same stored file to "Validering OK", with the attempt compared with the one before, the kept
 * corrections and the corrected file; "Läs in" applies it and the price list shows the corrected
 * values. Once by keyboard only, once by mouse. Every test starts from the demo data (./fixtures).
 */

/** Validation and import are jobs: their results come within seconds; the pages poll. */
const jobTimeout = { timeout: 30_000 };

const xlsxMimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The three faulty cells, the unknown article's row, and the values typed for them. */
const faults = {
  price: { article: 'HMD-0002', cell: 'C3', wrong: 'gratis', typed: '112,50', shown: /^112,50\s?kr$/ },
  quantity: { article: 'HMD-0003', cell: 'D4', wrong: 0, typed: '2', shown: '2' },
  delivery: { article: 'HMD-0004', cell: 'E5', wrong: -3, typed: '10', shown: '10' },
  unknown: { article: 'FINNS-INTE-1', row: 402 },
} as const;

const labels = {
  price: `Nytt värde för Pris, artikel ${faults.price.article}, cell ${faults.price.cell}`,
  quantity: `Nytt värde för Minsta beställningsantal, artikel ${faults.quantity.article}, cell ${faults.quantity.cell}`,
  delivery: `Nytt värde för Leveranstid (dagar), artikel ${faults.delivery.article}, cell ${faults.delivery.cell}`,
  leaveOut: `Ta bort artikeln ur prislistan, rad ${faults.unknown.row}, artikel ${faults.unknown.article}`,
};

const countLabels = {
  all: 'Alla fel (4)',
  unknown: 'Artikelnummer: 1 artikelnummer finns inte bland organisationens artiklar',
  price: 'Pris: 1 värde är inte ett tal',
  quantity: 'Minsta beställningsantal: 1 värde är mindre än 1',
  delivery: 'Leveranstid (dagar): 1 värde är negativt',
};

const comparison = 'Försök 2: 4 fel rättade, 0 nya fel, 0 kvar.';

/**
 * The current list as its template gives it ("Ladda ner mall": every row of price list 2), with
 * three faulty cells and an unknown article added at the end: confirming the corrected file changes
 * only the corrected values. Also returns HMD-0002's price in the list.
 */
async function fileFromCurrentList(page: Page, list: CurrentPricelist, name: string) {
  const response = await page.request.get(
    `/resources/v1/imports/${list.organizationId}/template?type=GENERAL_PRICELIST&pricelistId=${list.pricelistId}`,
  );
  expect(response.status()).toBe(200);
  const workbook = XLSX.read(await response.body(), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Prislista!, {
    header: 1,
    raw: true,
    defval: null,
  });
  expect(rows).toHaveLength(401);
  const rowOf = (article: string) => rows.find((row) => row[0] === article)!;
  expect(rows.indexOf(rowOf(faults.price.article))).toBe(2);
  const originalPrice = rowOf(faults.price.article)[2];
  rowOf(faults.price.article)[2] = faults.price.wrong;
  rowOf(faults.quantity.article)[3] = faults.quantity.wrong;
  rowOf(faults.delivery.article)[4] = faults.delivery.wrong;
  rows.push([faults.unknown.article, 'Okänd artikel', 150, 1, 5, null, null, null, null]);
  const buffer = await exceljsWorkbook({ Prislista: rows as (string | number | null)[][] });
  const file: UploadFile = { name, mimeType: xlsxMimeType, buffer };
  return { file, originalPrice };
}

const summaryFact = (page: Page, term: string) =>
  page.locator('dl.summary-facts dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
const countButtons = (page: Page) => page.getByRole('list', { name: 'Fel per kolumn och regel' });
const countButton = (page: Page, name: string) =>
  countButtons(page).getByRole('button', { name, exact: true });
/** The error table, named by its caption: "Visar 1 av 1 fel". */
const errorTable = (page: Page, shown: number, total: number) =>
  page.getByRole('table', { name: `Visar ${shown} av ${total} fel`, exact: true });
const tableStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Tabellen visar' });
/** The folded "Tidigare försök": its <summary> opens it. */
const earlierSummary = (page: Page) =>
  page.locator('details.attempts > summary', { hasText: 'Tidigare försök' });
const recentTable = (page: Page) => page.getByRole('table', { name: 'Senaste 10 inläsningarna' });

/** Presses Tab (or Shift+Tab, to go back up) until `target` has the focus: the way a keyboard user gets there. */

/** axe at a phone's width and a desktop's, then back to the desktop; no sideways scrolling on the phone. */
async function expectNoAxeViolationsAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoAxeViolations(page);
}

/** The summary of the first attempt: four errors, counted, each with a field or a checkbox. */
async function expectErrorsToCorrect(page: Page, file: UploadFile) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sammanfattning' })).toBeVisible();
  await expect(summaryFact(page, 'Filnamn')).toHaveText(file.name);
  await expect(summaryFact(page, 'Status')).toHaveText('Valideringsfel', jobTimeout);
  await expect(page.getByText('Valideringen misslyckad.', { exact: false })).toBeVisible();
  await expect(countButtons(page).getByRole('button')).toHaveText([
    countLabels.all,
    countLabels.unknown,
    countLabels.price,
    countLabels.quantity,
    countLabels.delivery,
  ]);
  await expect(countButton(page, countLabels.all)).toHaveAttribute('aria-pressed', 'true');
  await expect(errorTable(page, 4, 4).locator('tbody tr')).toHaveCount(4);
  await expect(page.getByRole('textbox', { name: labels.price })).toHaveValue(faults.price.wrong);
  await expect(page.getByRole('textbox', { name: labels.quantity })).toHaveValue('0');
  await expect(page.getByRole('textbox', { name: labels.delivery })).toHaveValue('-3');
  await expect(page.getByRole('checkbox', { name: labels.leaveOut })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Validera igen' })).toBeVisible();
  // A first attempt: nothing to compare, nothing kept.
  await expect(page.getByRole('heading', { name: 'Rättade värden' })).toHaveCount(0);
}

/** The summary after "Validera igen": OK, the comparison, the kept corrections and the earlier attempt. */
async function expectValidatedAgain(page: Page) {
  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK', jobTimeout);
  await expect(page.getByText('Filen är godkänd för inläsning.', { exact: false })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Försök 2' })).toHaveText(comparison);
  await expect(page.getByRole('button', { name: 'Validera igen' })).toHaveCount(0);
  // Only HMD-0002, HMD-0003 and HMD-0004 change; the unknown article is not added.
  const counts = page.locator('dl.counts');
  await expect(counts).toContainText('Tillagda rader0');
  await expect(counts).toContainText('Ändrade rader3');
  await expect(counts).toContainText('Borttagna rader0');
  await expect(counts).toContainText('Oförändrade rader397');

  const kept = page.getByRole('region', { name: 'Rättade värden', exact: true });
  await expect(kept.getByRole('heading', { level: 2, name: 'Rättade värden' })).toBeVisible();
  const keptRows = kept.getByRole('table', { name: 'Rättade värden' }).locator('tbody tr');
  await expect(keptRows).toHaveCount(3);
  await expect(kept.getByRole('row', { name: new RegExp(`^${faults.price.cell} Pris`) })).toContainText(
    `gratis → ${faults.price.typed}`,
  );
  await expect(kept.getByRole('row', { name: new RegExp(`^${faults.quantity.cell} `) })).toContainText(
    `0 → ${faults.quantity.typed}`,
  );
  await expect(kept.getByRole('row', { name: new RegExp(`^${faults.delivery.cell} `) })).toContainText(
    `-3 → ${faults.delivery.typed}`,
  );
  await expect(keptRows.first()).toContainText('Lena Lindqvist');
  await expect(
    kept.getByRole('list', { name: 'Artiklar som tas bort ur prislistan' }).getByRole('listitem'),
  ).toHaveText([new RegExp(`^Rad ${faults.unknown.row} \\(Lena Lindqvist, `)]);
  await expect(kept.getByRole('link', { name: 'Ladda ner rättad fil' })).toBeVisible();
  await expect(earlierSummary(page)).toBeVisible();
}

/** The opened "Tidigare försök": the first attempt, its file, no corrections and its four errors. */
async function expectEarlierAttempt(page: Page, file: UploadFile) {
  const earlier = page.getByRole('table', { name: 'Tidigare försök' });
  await expect(earlier.locator('tbody tr')).toHaveCount(1);
  const first = earlier.locator('tbody tr').first();
  await expect(first.getByRole('cell')).toHaveText([
    '1',
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    'Lena Lindqvist',
    file.name,
    '0',
    '4 fel',
  ]);
}

/** "Ladda ner rättad fil": the supplier's workbook with the three cells written in and the row gone. */
async function expectCorrectedFile(page: Page, link: () => Promise<void>, file: UploadFile) {
  const download = page.waitForEvent('download');
  await link();
  const corrected = await download;
  expect(corrected.suggestedFilename()).toBe(file.name.replace(/\.xlsx$/, '_rattad.xlsx'));
  const workbook = XLSX.read(await readFile(await corrected.path()), { type: 'buffer' });
  const sheet = workbook.Sheets.Prislista!;
  expect(sheet[faults.price.cell]?.v).toBe(112.5);
  expect(sheet[faults.quantity.cell]?.v).toBe(2);
  expect(sheet[faults.delivery.cell]?.v).toBe(10);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
  expect(rows).toHaveLength(401);
  expect(rows.some((row) => row[0] === faults.unknown.article)).toBe(false);
}

/** The price list's row of an article, found by the page's search. */
const pricelistRow = (page: Page, article: string) =>
  page.getByRole('table', { name: 'Rader' }).getByRole('row', { name: new RegExp(`^${article} `) });

/** The applied list: the corrected price, order quantity and delivery time, and no unknown article. */
async function expectCorrectedValuesInList(page: Page, search: (text: string) => Promise<void>) {
  await expect(page.getByRole('heading', { level: 1, name: 'Prislista 2' })).toBeVisible();
  await search('HMD-000');
  const rows = page.getByRole('table', { name: 'Rader' });
  await expect(rows.getByRole('row')).toHaveCount(10);
  await expect(pricelistRow(page, faults.price.article).getByRole('cell').nth(2)).toHaveText(
    faults.price.shown,
  );
  await expect(pricelistRow(page, faults.quantity.article).getByRole('cell').nth(3)).toHaveText(
    faults.quantity.shown,
  );
  await expect(pricelistRow(page, faults.delivery.article).getByRole('cell').nth(4)).toHaveText(
    faults.delivery.shown,
  );
  await search(faults.unknown.article);
  await expect(page.getByText(`Inga rader matchar ”${faults.unknown.article}”.`)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'lev.admin');
});

test('by keyboard only: filter the errors, correct three cells, leave out a row, validate again, confirm', async ({
  page,
}) => {
  // Long by nature (every step by Tab, axe at two widths five times): more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const list = await currentPricelist(page);
  const { file, originalPrice } = await fileFromCurrentList(page, list, 'rattas-med-tangentbord.xlsx');
  expect(originalPrice).not.toBe(112.5);

  // Upload through the dialog by keyboard; the notice's link leads to the summary.
  await page.goto('/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Inläsningar' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Läs in fil' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Läs in fil' });
  await tabTo(page, dialog.getByRole('button', { name: /Filtyp/ }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: /Filtyp/ })).toContainText('Generell prislista');
  await tabTo(page, dialog.getByRole('button', { name: /Prislistenummer/ }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: '2 (Aktuell)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Välj fil' }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
  await tabTo(page, dialog.getByRole('button', { name: 'Ladda upp' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Uploaded, or already validated: the one message is replaced when the result is there.
  await expect(page.getByRole('status').filter({ hasText: `Filen ”${file.name}”` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Visa sammanfattningen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectErrorsToCorrect(page, file);
  await expectNoAxeViolationsAtBothWidths(page);

  // Filter by the price's count: the table shows its error, the button keeps the focus.
  const priceCount = countButton(page, countLabels.price);
  await tabTo(page, priceCount);
  await page.keyboard.press('Enter');
  await expect(priceCount).toHaveAttribute('aria-pressed', 'true');
  await expect(priceCount).toBeFocused();
  await expect(countButton(page, countLabels.all)).toHaveAttribute('aria-pressed', 'false');
  await expect(tableStatus(page)).toHaveText(`Tabellen visar felen ”${countLabels.price}”.`);
  await expect(errorTable(page, 1, 1).locator('tbody tr')).toHaveText([/C3/]);
  await expect(page.getByRole('textbox', { name: labels.quantity })).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(page);

  // Correct the price in the filtered table: Tab to its field, select what is there, type.
  const priceField = page.getByRole('textbox', { name: labels.price });
  await tabTo(page, priceField);
  await expect(priceField).toHaveAccessibleDescription(/Pris måste vara ett tal/);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(faults.price.typed);
  await expect(priceField).toHaveValue(faults.price.typed);

  // The order quantity's count, by Shift+Tab back up to the counts and Space.
  const quantityCount = countButton(page, countLabels.quantity);
  await tabTo(page, quantityCount, { key: 'Shift+Tab' });
  await page.keyboard.press('Space');
  await expect(quantityCount).toHaveAttribute('aria-pressed', 'true');
  await expect(priceCount).toHaveAttribute('aria-pressed', 'false');
  await expect(errorTable(page, 1, 1).locator('tbody tr')).toHaveText([/D4/]);
  const quantityField = page.getByRole('textbox', { name: labels.quantity });
  await tabTo(page, quantityField);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(faults.quantity.typed);

  // Pressed again, the count lets go: every error, the price still as typed.
  await tabTo(page, quantityCount, { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  await expect(quantityCount).toHaveAttribute('aria-pressed', 'false');
  await expect(countButton(page, countLabels.all)).toHaveAttribute('aria-pressed', 'true');
  await expect(tableStatus(page)).toHaveText('Tabellen visar alla fel.');
  await expect(errorTable(page, 4, 4)).toBeVisible();
  await expect(priceField).toHaveValue(faults.price.typed);
  await expect(quantityField).toHaveValue(faults.quantity.typed);

  const deliveryField = page.getByRole('textbox', { name: labels.delivery });
  await tabTo(page, deliveryField);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(faults.delivery.typed);

  // Leave out the unknown article's row: Space on its checkbox; its field is then not used.
  const leaveOut = page.getByRole('checkbox', { name: labels.leaveOut });
  await tabTo(page, leaveOut);
  await page.keyboard.press('Space');
  await expect(leaveOut).toBeChecked();
  await expect(
    page.getByRole('textbox', {
      name: `Nytt värde för Artikelnummer, artikel ${faults.unknown.article}, cell A402`,
    }),
  ).toBeDisabled();

  // "Validera igen": the page follows the new validation, the heading has the focus.
  await tabTo(page, page.getByRole('button', { name: 'Validera igen' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Sammanfattning' })).toBeFocused();
  await expectValidatedAgain(page);

  // "Tidigare försök" opens by Enter on its summary.
  await tabTo(page, earlierSummary(page));
  await page.keyboard.press('Enter');
  await expectEarlierAttempt(page, file);
  await expectNoAxeViolationsAtBothWidths(page);

  // The corrected file, by Enter on its link.
  const correctedLink = page.getByRole('link', { name: 'Ladda ner rättad fil' });
  await tabTo(page, correctedLink);
  await expectCorrectedFile(page, () => page.keyboard.press('Enter'), file);

  // "Läs in" applies it (no risk: one price up by a few per cent); the notice has the focus.
  // It comes after everything the summary shows.
  await tabTo(page, page.getByRole('button', { name: 'Läs in', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/import$/);
  // One message, replaced when the import has gone in.
  const notice = page.getByRole('status').filter({ hasText: `Filen ”${file.name}”` });
  await expect(notice).toHaveText(/läses in i prislista 2|är inläst i prislista 2/);
  await expect(notice).toBeFocused();
  await expect(recentTable(page).getByRole('row', { name: new RegExp(file.name) })).toContainText(
    'Lyckad',
    jobTimeout,
  );
  await expectNoAxeViolationsAtBothWidths(page);
  await tabTo(page, notice.getByRole('link', { name: 'Visa prislista 2' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Prislista 2' })).toBeFocused();
  await expectCorrectedValuesInList(page, async (text) => {
    const search = page.getByRole('searchbox', { name: 'Sök på artikelnummer eller benämning' });
    await tabTo(page, search);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  });
  await expectNoAxeViolationsAtBothWidths(page);
});

test('by mouse: filter the errors, correct three cells, leave out a row, validate again, confirm', async ({
  page,
}) => {
  const list = await currentPricelist(page);
  const { file } = await fileFromCurrentList(page, list, 'rattas-med-mus.xlsx');

  await page.goto('/import');
  await uploadThroughDialog(page, file);
  await page.getByRole('link', { name: 'Visa sammanfattningen' }).click();
  await expectErrorsToCorrect(page, file);

  // Each count shows only its errors; the delivery time is corrected while filtered.
  await countButton(page, countLabels.unknown).click();
  await expect(errorTable(page, 1, 1).locator('tbody tr')).toHaveText([
    new RegExp(`${faults.unknown.article}.*A402`),
  ]);
  await page.getByRole('checkbox', { name: labels.leaveOut }).click();
  await countButton(page, countLabels.delivery).click();
  await expect(countButton(page, countLabels.delivery)).toHaveAttribute('aria-pressed', 'true');
  await expect(countButton(page, countLabels.unknown)).toHaveAttribute('aria-pressed', 'false');
  await expect(tableStatus(page)).toHaveText(`Tabellen visar felen ”${countLabels.delivery}”.`);
  await expect(errorTable(page, 1, 1).locator('tbody tr')).toHaveText([/E5/]);
  await page.getByRole('textbox', { name: labels.delivery }).fill(faults.delivery.typed);
  await expectNoAxeViolationsAtBothWidths(page);

  // "Alla fel": the other two cells; the checkbox and the typed value kept across the filters.
  await countButton(page, countLabels.all).click();
  await expect(errorTable(page, 4, 4)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: labels.leaveOut })).toBeChecked();
  await expect(page.getByRole('textbox', { name: labels.delivery })).toHaveValue(faults.delivery.typed);
  await page.getByRole('textbox', { name: labels.price }).fill(faults.price.typed);
  await page.getByRole('textbox', { name: labels.quantity }).fill(faults.quantity.typed);
  await expectNoAxeViolationsAtBothWidths(page);

  await page.getByRole('button', { name: 'Validera igen' }).click();
  await expectValidatedAgain(page);
  await earlierSummary(page).click();
  await expectEarlierAttempt(page, file);
  await expectNoAxeViolationsAtBothWidths(page);

  await expectCorrectedFile(
    page,
    () => page.getByRole('link', { name: 'Ladda ner rättad fil' }).click(),
    file,
  );

  await page.getByRole('button', { name: 'Läs in', exact: true }).click();
  await expect(page).toHaveURL(/\/import$/);
  const notice = page.getByRole('status').filter({ hasText: `Filen ”${file.name}”` });
  await expect(notice).toHaveText(/läses in i prislista 2|är inläst i prislista 2/);
  await expect(recentTable(page).getByRole('row', { name: new RegExp(file.name) })).toContainText(
    'Lyckad',
    jobTimeout,
  );
  await expectNoAxeViolationsAtBothWidths(page);
  await notice.getByRole('link', { name: 'Visa prislista 2' }).click();
  await expectCorrectedValuesInList(page, async (text) => {
    await page.getByLabel('Sök på artikelnummer eller benämning').fill(text);
    await page.getByRole('button', { name: 'Sök', exact: true }).click();
  });
  await expectNoAxeViolationsAtBothWidths(page);
});
