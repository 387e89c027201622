import type { Page } from '@playwright/test';
import {
  chooseFromUserMenu,
  currentPricelist,
  expect,
  expectNoAxeViolations,
  loginAs,
  test,
} from './fixtures';
import { priceListFile, readWorkbook, validRow } from './importFiles';

/**
 * "Prisändringar" for a region's user: the supplier applies a file through the API (as its
 * program would), then the region's user finds the change, by keyboard, with its largest price
 * changes, filters it away and back, at 375 and 1280 px.
 */

/** lev.admin's program: upload, wait for the validation, confirm (risks acknowledged), wait for the apply. */
async function applyAsSupplier(page: Page, rows: Parameters<typeof priceListFile>[1]) {
  await loginAs(page, 'lev.admin');
  const list = await currentPricelist(page);
  const file = await priceListFile('prisjustering.xlsx', rows);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post(`/resources/v1/imports/${list.organizationId}`, {
    headers: { origin },
    multipart: {
      request: JSON.stringify({
        type: 'GENERAL_PRICELIST',
        metadata: { parent: list.generalPricelistId, id: list.pricelistId },
      }),
      file,
    },
  });
  expect(created.status()).toBe(201);
  const importId: number = (await created.json()).importObject.id;
  const url = `/resources/v1/imports/${list.organizationId}/${importId}`;
  const statusOf = async () => (await (await page.request.get(url)).json()).importObject.status as string;
  await expect.poll(statusOf, { timeout: 60_000 }).toBe('VALIDATION_SUCCESS');
  const risk = (await (await page.request.get(`${url}/summary`)).json()).result?.risk;
  const confirmed = await page.request.post(`${url}/confirm`, {
    headers: { origin },
    ...(risk?.warnings.length > 0 && { data: { acknowledgedRiskId: risk.id } }),
  });
  expect(confirmed.status()).toBe(200);
  await expect.poll(statusOf, { timeout: 60_000 }).toBe('IMPORT_SUCCESS');
  await page.context().clearCookies();
  return list;
}

test('a region finds the latest price changes by keyboard, filtered by supplier and day, at 375 and 1280 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Every article of the current list at a new price, so the change has five largest.
  const rows = Array.from({ length: 400 }, (_, i) => validRow(i + 1, 1000 + 3 * i));
  const list = await applyAsSupplier(page, rows);

  await loginAs(page, 'region.avtal');
  await chooseFromUserMenu(page, 'Prisändringar');
  await expect(page).toHaveURL(/\/prisandringar$/);
  await expect(page).toHaveTitle('Prisändringar – Hjälpmedelsdatabasen');
  await expect(page.getByRole('heading', { level: 1, name: 'Prisändringar' })).toBeFocused();
  const table = page.getByRole('table', { name: 'De senaste prisändringarna' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Hjälpmedel Demo AB');
  await expect(row).toContainText(`Prislista ${list.number}`);
  await expect(row).toContainText('Inläsning');
  await expect(row.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('status').filter({ hasText: /^Visar \d+ ändringa?r?\.$/ })).toBeVisible();
  await expectNoAxeViolations(page, { bestPractice: true });

  // Another supplier: nothing; the day of the change: it again. All by keyboard.
  const supplier = page.getByLabel('Leverantör');
  await supplier.focus();
  await expect(supplier.getByRole('option')).toHaveText(['Alla leverantörer', 'Hjälpmedel Demo AB']);
  const to = page.getByLabel('Till och med');
  await to.fill('2020-01-01');
  await to.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Det finns inga prisändringar för det du valde.' }),
  ).toBeVisible();
  await expect(table).toHaveCount(0);
  const from = page.getByLabel('Från och med');
  await from.fill('2020-02-01');
  await from.press('Enter');
  await expect(to).toBeFocused();
  await expect(to).toHaveAccessibleDescription(/^Till och med kan inte vara före från och med\./);
  await from.fill('');
  await to.fill('');
  await supplier.selectOption({ label: 'Hjälpmedel Demo AB' });
  await page.getByRole('button', { name: 'Visa' }).press('Enter');
  await expect(table.getByRole('row').nth(1)).toContainText('Hjälpmedel Demo AB');

  // The chosen supplier's changes as a workbook, from the link under the filters.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ladda ner som Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Prisändringar.xlsx');
  const [sheet] = await readWorkbook(await download.path());
  expect(sheet!.name).toBe('Prisändringar');
  expect(sheet!.rows[0]!.slice(0, 2)).toEqual(['Tid', 'Leverantör']);
  expect(sheet!.rows.slice(1).every((row) => row[1] === 'Hjälpmedel Demo AB')).toBe(true);
  expect(sheet!.rows.length).toBeGreaterThan(5);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page, { bestPractice: true });

  // The list's link leads to its rows, read as a buyer reads them: the new prices, no imports.
  await page.setViewportSize({ width: 1280, height: 900 });
  await table
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: `Prislista ${list.number}` })
    .press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Prislista ${list.number}` })).toBeVisible();
  const first = page.getByRole('table', { name: 'Rader' }).getByRole('row').nth(1);
  await expect(first).toContainText('HMD-0001');
  await expect(first).toContainText(/1\s000,00/);
  await expect(page.getByRole('heading', { name: 'Inläsningar till prislistan' })).toHaveCount(0);
  await expectNoAxeViolations(page, { bestPractice: true });
});

test('a user who may not read every supplier has no "Prisändringar"', async ({ page }) => {
  await loginAs(page, 'region.tilldelat');
  await page.goto('/prisandringar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ingen behörighet');
  await expectNoAxeViolations(page);
});
