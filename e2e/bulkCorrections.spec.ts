import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { exceljsWorkbook } from '../test-support/workbooks';
import { currentPricelist, expect, expectNoAxeViolations, loginAs, submitLogin, test } from './fixtures';
import { tabTo } from './keyboard';

/**
 * Corrections in bulk on the summary (decision 0043): 120 quantities of 0 (more than the table's
 * 100) set to 1 at once, the rows of unknown articles removed at once, a row without an article
 * number told by its Benämning and values and removed on its own; a value the validation would
 * refuse is refused at its field first. What is typed is a draft on the server: it survives a
 * reload, a session that ends (signing in again returns to the page) and another sign-in.
 * Once by mouse, once by keyboard, with axe at 375 and 1280 px.
 */

const jobTimeout = { timeout: 30_000 };
const xlsxMimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const QUANTITY = 'Minsta beställningsantal';

const countLabels = {
  all: 'Alla fel (123)',
  quantity: `${QUANTITY}: 120 värden är mindre än 1`,
  unknown: /^Artikelnummer: 2 /,
  missing: /^Artikelnummer: 1 värde saknas/,
};
/** The field of row n's quantity; the template's row n holds HMD-(n-1). */
const quantityField = (page: Page, row: number) =>
  page.getByRole('textbox', {
    name: `Nytt värde för ${QUANTITY}, artikel HMD-${String(row - 1).padStart(4, '0')}, cell D${row}`,
  });
const refusedQuantity =
  'Värdet är inte ett tal. Minsta beställningsantal måste vara ett heltal större än eller lika med 1.';
const NO_NUMBER_ROW = 404;

/**
 * The current list as its template gives it, with the quantities of its first 120 rows at 0, two
 * unknown articles (rows 402, 403) and a row without an article number (404), uploaded through the
 * API and validated.
 */
async function uploadFaultyFile(page: Page, name: string) {
  const list = await currentPricelist(page);
  const template = await page.request.get(
    `/resources/v1/imports/${list.organizationId}/template?type=GENERAL_PRICELIST&pricelistId=${list.pricelistId}`,
  );
  const workbook = XLSX.read(await template.body(), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<(string | number | null)[]>(workbook.Sheets.Prislista!, {
    header: 1,
    raw: true,
    defval: null,
  });
  expect(rows).toHaveLength(401);
  for (let i = 1; i <= 120; i++) rows[i]![3] = 0;
  rows.push(['FINNS-INTE-1', 'Okänd 1', 150, 1, 5, null, null, null, null]);
  rows.push(['FINNS-INTE-2', 'Okänd 2', 150, 1, 5, null, null, null, null]);
  rows.push([null, 'Rad utan artikelnummer', 275, 2, 5, null, null, null, null]);
  const buffer = await exceljsWorkbook({ Prislista: rows });
  const created = await page.request.post(`/resources/v1/imports/${list.organizationId}`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      request: JSON.stringify({
        type: 'GENERAL_PRICELIST',
        metadata: { parent: list.generalPricelistId, id: list.pricelistId },
      }),
      file: { name, mimeType: xlsxMimeType, buffer },
    },
  });
  expect(created.status()).toBe(201);
  const importId: number = (await created.json()).importObject.id;
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/resources/v1/imports/${list.organizationId}/${importId}`)).json())
          .importObject.status,
      jobTimeout,
    )
    .toBe('VALIDATION_FAIL');
  return `/import/${importId}`;
}

const summaryFact = (page: Page, term: string) =>
  page.locator('dl.summary-facts dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
const countButton = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name: 'Fel per kolumn och regel' }).getByRole('button', { name, exact: true });
const bulkPanel = (page: Page) => page.getByRole('region', { name: /^Rätta alla: / });
const errorRows = (page: Page) => page.locator('table.errors-table tbody tr');
const removeAllButton = (page: Page) =>
  page.getByRole('button', { name: 'Ta bort alla rader med det här felet' });
const noNumberCheckbox = (page: Page) =>
  page.getByRole('checkbox', { name: `Ta bort artikeln ur prislistan, rad ${NO_NUMBER_ROW}`, exact: true });

/** axe at a phone's width and a desktop's; on the phone each error is a card, nothing scrolls sideways. */
async function expectNoAxeViolationsAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoAxeViolations(page);
}

/** The result of "Validera igen": valid, 120 cells corrected and three articles removed. */
async function expectValidatedAgain(page: Page) {
  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK', jobTimeout);
  const kept = page.getByRole('region', { name: 'Rättade värden', exact: true });
  await expect(kept.getByRole('table', { name: 'Rättade värden' }).locator('tbody tr')).toHaveCount(120);
  await expect(
    kept.getByRole('list', { name: 'Artiklar som tas bort ur prislistan' }).getByRole('listitem'),
  ).toHaveText([/^Rad 402 /, /^Rad 403 /, /^Rad 404 /]);
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'lev.admin');
});

test('by mouse: set all, remove every row of an error, and a draft that survives a reload, a time-out and another sign-in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const summaryPath = await uploadFaultyFile(page, 'alla-med-mus.xlsx');
  await page.goto(summaryPath);
  await expect(summaryFact(page, 'Status')).toHaveText('Valideringsfel');
  await expect(page.getByRole('table', { name: 'Visar 100 av 123 fel' })).toBeVisible();

  // "Sätt alla till 1": every quantity of 0, also the 20 beyond the table's first 100.
  await countButton(page, countLabels.quantity).click();
  await bulkPanel(page).getByRole('textbox', { name: 'Sätt alla till' }).fill('1');
  await bulkPanel(page).getByRole('button', { name: 'Sätt alla', exact: true }).click();
  await expect(bulkPanel(page).getByRole('status')).toHaveText(
    /^Alla 120 fel får värdet ”1” när filen valideras igen\./,
  );
  await expect(quantityField(page, 2)).toHaveValue('1');
  await expectNoAxeViolationsAtBothWidths(page);

  // "Ta bort alla rader med det här felet" for the unknown articles.
  await countButton(page, countLabels.unknown).click();
  await removeAllButton(page).click();
  await expect(removeAllButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('checkbox', { name: 'Ta bort artikeln ur prislistan, rad 402, artikel FINNS-INTE-1' }),
  ).toBeChecked();

  // The row without an article number: told by its Benämning and its values, removed on its own.
  await countButton(page, countLabels.missing).click();
  await expect(errorRows(page)).toHaveCount(1);
  await expect(errorRows(page)).toContainText('Rad utan artikelnummer');
  await errorRows(page).getByText('Visa radens värden').click();
  await expect(errorRows(page).locator('details dl dd')).toHaveText([
    'Rad utan artikelnummer',
    '275',
    '2',
    '5',
  ]);
  await noNumberCheckbox(page).check();
  await expectNoAxeViolationsAtBothWidths(page);
  await expect(page.getByText('Dina ändringar är sparade som utkast.')).toBeVisible();

  // A reload: the draft comes back.
  await page.reload();
  await expect(
    page.getByText('Dina ändringar från förra gången finns kvar.', { exact: false }),
  ).toBeVisible();
  await expect(quantityField(page, 3)).toHaveValue('1');
  await countButton(page, countLabels.missing).click();
  await expect(noNumberCheckbox(page)).toBeChecked();
  await countButton(page, countLabels.all).click();

  // The session ends behind the page's back; the next save finds it gone and the page goes to
  // /logout. Signing in again returns to the summary, with what was typed last.
  const logout = await page.request.post('/resources/v1/logout', { headers: { origin: baseURL! } });
  expect(logout.ok()).toBe(true);
  await quantityField(page, 3).fill('5');
  await expect(page).toHaveURL(/\/logout$/);
  await page.getByRole('button', { name: 'Till inloggning' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fimport%2F\d+$/);
  await submitLogin(page, 'lev.admin');
  await expect(page).toHaveURL(new RegExp(`${summaryPath}$`));
  await expect(quantityField(page, 3)).toHaveValue('5');
  await expect(page.getByText('Dina ändringar är sparade som utkast.')).toBeVisible();

  // Another sign-in, in another browser: the same draft, from the server.
  const elsewhere = await browser.newContext({ baseURL: baseURL!, locale: 'sv-SE' });
  const second = await elsewhere.newPage();
  await loginAs(second, 'lev.admin');
  await second.goto(summaryPath);
  await expect(quantityField(second, 3)).toHaveValue('5');
  await expect(quantityField(second, 4)).toHaveValue('1');
  await countButton(second, countLabels.unknown).click();
  await expect(removeAllButton(second)).toHaveAttribute('aria-pressed', 'true');
  await elsewhere.close();

  await page.getByRole('button', { name: 'Validera igen' }).click();
  await expectValidatedAgain(page);
  await expectNoAxeViolationsAtBothWidths(page);
});

test('by keyboard: a refused value at its field (in view at 200 % zoom), set all, remove all rows, validate again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const summaryPath = await uploadFaultyFile(page, 'alla-med-tangentbord.xlsx');
  await page.goto(summaryPath);
  await expect(summaryFact(page, 'Status')).toHaveText('Valideringsfel');

  // A 1280 px window at 200 %: 640 CSS px. "ett" in a quantity is refused at the field, with the
  // server's own words, and the field and its message are both in view.
  await page.setViewportSize({ width: 640, height: 720 });
  const field = quantityField(page, 2);
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('ett');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    '1 värde behöver rättas innan filen kan valideras igen. Felet står vid fältet.',
  );
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(
    new RegExp(`^${refusedQuantity.replace(/[.()]/g, '\\$&')}`),
  );
  const message = page.getByText(refusedQuantity, { exact: true });
  for (const box of [await field.boundingBox(), await message.boundingBox()]) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(640);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(640);
  await page.setViewportSize({ width: 1280, height: 720 });

  // "Sätt alla till 1" by keyboard: the refused value gives way to it.
  const quantityCount = countButton(page, countLabels.quantity);
  await tabTo(page, quantityCount, { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  const value = bulkPanel(page).getByRole('textbox', { name: 'Sätt alla till' });
  await tabTo(page, value);
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(bulkPanel(page).getByRole('status')).toHaveText(/^Alla 120 fel får värdet ”1”/);
  await expect(field).toHaveValue('1');
  await expect(field).not.toHaveAttribute('aria-invalid');

  // "Ta bort alla rader med det här felet" by Space; the focus stays on it.
  const unknownCount = countButton(page, countLabels.unknown);
  await tabTo(page, unknownCount, { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  await tabTo(page, removeAllButton(page));
  await page.keyboard.press('Space');
  await expect(removeAllButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(removeAllButton(page)).toBeFocused();

  // The row without an article number, by its count; its values by Enter on the disclosure.
  const missingCount = countButton(page, countLabels.missing);
  await tabTo(page, missingCount, { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  const disclosure = errorRows(page).locator('summary');
  await tabTo(page, disclosure);
  await page.keyboard.press('Enter');
  await expect(errorRows(page).locator('details dl dt')).toHaveText([
    'Benämning',
    'Pris',
    QUANTITY,
    'Leveranstid (dagar)',
  ]);
  await tabTo(page, noNumberCheckbox(page));
  await page.keyboard.press('Space');
  await expect(noNumberCheckbox(page)).toBeChecked();
  await expectNoAxeViolationsAtBothWidths(page);

  await tabTo(page, page.getByRole('button', { name: 'Validera igen' }));
  await page.keyboard.press('Enter');
  await expectValidatedAgain(page);
});
