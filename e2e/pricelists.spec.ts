import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { tabTo } from './keyboard';

/** The organisation and general price list of the signed-in supplier, as the header finds them. */
async function ownGeneralPricelist(page: Page) {
  const profile = await (await page.request.get('/resources/v1/profile')).json();
  const organizationId: number = profile.userEngagements[0].organizationId;
  const general = await (
    await page.request.get(`/resources/v1/organizations/${organizationId}/generalpricelists`)
  ).json();
  return { organizationId, generalPricelistId: general.id as number };
}

test('the general price list lists its price lists, each leading to its rows', async ({ page }) => {
  await loginAs(page, 'lev.admin');
  await page
    .getByRole('navigation', { name: 'Huvudmeny' })
    .getByRole('link', { name: 'Generell prislista' })
    .click();
  await expect(page).toHaveTitle('Generell prislista – Hjälpmedelsdatabasen');
  await expect(page.getByRole('heading', { level: 1, name: 'Generell prislista' })).toBeFocused();
  const table = page.getByRole('table', { name: 'Generell prislista' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row', { name: /Prislista 2/ })).toContainText('Aktuell');
  await expect(table.getByRole('row', { name: /Prislista 1/ })).toContainText('Historisk');
  await expect(table.getByRole('row', { name: /Prislista 3/ })).toContainText('Framtida');
  // Row counts in sv-SE.
  await expect(table.getByRole('row', { name: /Prislista 2/ })).toContainText(/\d/);
  await expectNoAxeViolations(page);

  await table.getByRole('link', { name: 'Prislista 2' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prislista 2' })).toBeFocused();
  await expect(page).toHaveTitle('Prislista 2 – Hjälpmedelsdatabasen');
});

test('a price list: rows with sv-SE prices, search, sorting by keyboard, pages, the download and the history', async ({
  page,
}) => {
  await loginAs(page, 'lev.admin');
  const { organizationId, generalPricelistId } = await ownGeneralPricelist(page);
  const lists = await (
    await page.request.get(`/resources/v1/pricelists/${organizationId}/${generalPricelistId}`)
  ).json();
  const current = lists.pricelists.find((p: { status: string }) => p.status === 'CURRENT');
  await page.goto(
    `/v1/organization/${organizationId}/generalpricelist/${generalPricelistId}/pricelist/${current.id}`,
  );

  await expect(page.getByRole('heading', { level: 1, name: `Prislista ${current.number}` })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Rader' });
  await expect(rows.getByRole('row')).toHaveCount(51);
  await expect(page.getByText(/^Visar rad 1–50 av \d/)).toBeVisible();
  await expect(rows.getByRole('cell', { name: /^\d[\d\s]*,\d{2} kr$/ }).first()).toBeVisible();
  await expect(rows.getByRole('columnheader', { name: /Artikelnummer/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(rows.getByRole('row').nth(1)).toContainText('HMD-0001');
  await expectNoAxeViolations(page);

  // Sort by price, by keyboard: Tab to the header's button and press Enter; again for descending.
  const priceHeader = rows.getByRole('button', { name: /Pris/ });
  await priceHeader.focus();
  await page.keyboard.press('Enter');
  await expect(rows.getByRole('columnheader', { name: /Pris/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Enter');
  await expect(rows.getByRole('columnheader', { name: /Pris/ })).toHaveAttribute('aria-sort', 'descending');

  // The next page, and back.
  await page.getByRole('button', { name: 'Nästa sida' }).click();
  await expect(page.getByText(/^Visar rad 51–100 av/)).toBeVisible();
  await page.getByRole('button', { name: 'Föregående sida' }).click();
  await expect(page.getByText(/^Visar rad 1–50 av/)).toBeVisible();

  // Search by the start of an article number.
  await page.getByLabel('Sök på artikelnummer eller benämning').fill('HMD-012');
  await page.getByRole('button', { name: 'Sök', exact: true }).click();
  await expect(rows.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('Visar rad 1–10')).toBeVisible();
  await page.getByLabel('Sök på artikelnummer eller benämning').fill('finns-inte-%');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Inga rader matchar ”finns-inte-%”.')).toBeVisible();
  await page.getByRole('button', { name: 'Visa alla rader' }).click();
  await expect(rows.getByRole('row')).toHaveCount(51);

  // "Ladda ner som Excel" is the template with the list's rows.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Ladda ner som Excel' }).click();
  expect((await download).suggestedFilename()).toBe(`Generell prislista ${current.number}.xlsx`);

  await expect(page.getByRole('heading', { level: 2, name: 'Inläsningar till prislistan' })).toBeVisible();
});

test('a region user who reads every price list reads this one as a buyer: rows, no imports', async ({
  page,
}) => {
  await loginAs(page, 'region.avtal');
  await page.goto('/v1/organization/1/generalpricelist/1/pricelist/2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prislista 2');
  await expect(page.getByRole('table', { name: 'Rader' }).getByRole('row').nth(1)).toContainText('HMD-');
  await expect(page.getByRole('link', { name: 'Ladda ner som Peppol-katalog' })).toBeVisible();
  // The supplier's own parts: the template and the imports.
  await expect(page.getByRole('link', { name: 'Ladda ner som Excel' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Inläsningar till prislistan' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a region user without either permission sees the /v1 placeholder, never a refusal', async ({
  page,
}) => {
  await loginAs(page, 'region.tilldelat');
  await page.goto('/v1/organization/1/generalpricelist/1/pricelist/2');
  // What any other /v1 path shows: the separate application's page, named by its area.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prislista');
  await expect(page.getByRole('main')).toContainText(
    'Den här sidan hör till den separata applikationen för Hjälpmedelsdatabasen och visas inte här.',
  );
  await expect(page.getByRole('main')).not.toContainText('Du har inte behörighet');
  // Its own calls are not made for this user.
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('by keyboard only: from the general price list to a price list, a search and the next page', async ({
  page,
}) => {
  await loginAs(page, 'lev.admin');
  const { organizationId, generalPricelistId } = await ownGeneralPricelist(page);
  await page.goto(`/v1/organization/${organizationId}/generalpricelist/${generalPricelistId}`);
  const tabToRole = (name: string | RegExp, role: 'link' | 'button' | 'searchbox') =>
    tabTo(page, page.getByRole(role, { name }));
  await tabToRole('Prislista 2', 'link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Prislista 2' })).toBeFocused();
  await tabToRole('Sök på artikelnummer eller benämning', 'searchbox');
  await page.keyboard.type('HMD-00');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Visar rad 1–50')).toBeVisible();
  await tabToRole('Nästa sida', 'button');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Visar rad 51–99')).toBeVisible();
});
