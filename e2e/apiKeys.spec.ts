import { type Page, request as playwrightRequest } from '@playwright/test';
import { chooseFromUserMenu, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { tabTo } from './keyboard';

const secretPattern = /^hmdb_[A-Za-z0-9_-]{43}$/;
const userMenuButton = (page: Page) => page.getByRole('button', { name: /Användarmeny/ });
const keyTable = (page: Page) => page.getByRole('table', { name: 'Dina API-nycklar' });

/** Presses Tab until `target` has the focus: the way a keyboard user gets there. */

/** A request context of a program: no cookies, only the key. */
async function asProgram(secret: string) {
  return playwrightRequest.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
}

test.beforeEach(async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'lev.admin');
});

test('by keyboard: from the user menu to a new key, shown once and copied, then revoked through the dialog', async ({
  page,
}) => {
  // The user menu's entry, by keyboard.
  await chooseFromUserMenu(page, 'API-nycklar');
  await expect(page).toHaveURL(/\/api-nycklar$/);
  await expect(page).toHaveTitle('API-nycklar – Hjälpmedelsdatabasen');
  await expect(page.getByRole('heading', { level: 1, name: 'API-nycklar' })).toBeFocused();
  await expect(page.getByText('Du har inga API-nycklar.')).toBeVisible();
  await expectNoAxeViolations(page, { bestPractice: true });

  // Sent empty: the field says what is missing and takes the focus; nothing is created.
  const name = page.getByLabel('Namn (obligatoriskt)');
  const days = page.getByLabel('Giltig i antal dagar (obligatoriskt)');
  await expect(days).toHaveValue('90');
  await tabTo(page, page.getByRole('button', { name: 'Skapa nyckel' }));
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/^Ange ett namn på nyckeln\./);
  await page.keyboard.type('Affärssystemet');
  await page.keyboard.press('Tab');
  await expect(days).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('400');
  await page.keyboard.press('Enter');
  await expect(days).toBeFocused();
  await expect(days).toHaveAccessibleDescription(
    /^Ange hur många dagar nyckeln ska gälla, ett heltal från 1 till 365\./,
  );
  await expect(name).not.toHaveAttribute('aria-invalid');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('30');
  await page.keyboard.press('Enter');

  // The secret, once: the panel takes the focus and says it will not be shown again.
  const panel = page.getByRole('region', { name: 'Nyckeln ”Affärssystemet” är skapad' });
  await expect(panel).toBeFocused();
  await expect(panel).toContainText('Nyckeln visas bara den här gången och går inte att visa igen.');
  const secretField = panel.getByLabel('Din nya API-nyckel');
  const secret = await secretField.inputValue();
  expect(secret).toMatch(secretPattern);
  await expect(secretField).toHaveAttribute('readonly', '');
  const row = keyTable(page).getByRole('row', { name: /Affärssystemet/ });
  await expect(row).toContainText(`hmdb_…${secret.slice(-4)}`);
  await expect(row).toContainText('Aldrig');
  await expectNoAxeViolations(page, { bestPractice: true });

  await tabTo(page, panel.getByRole('button', { name: 'Kopiera nyckeln' }));
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Nyckeln är kopierad.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // Never again: after a reload the page knows only the hint.
  await page.reload();
  await expect(keyTable(page).getByRole('row', { name: /Affärssystemet/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /är skapad/ })).toHaveCount(0);
  expect(await page.content()).not.toContain(secret.slice(5, -4));

  // Revoke: the dialog asks, "Avbryt" keeps the key and gives the focus back.
  const revoke = keyTable(page).getByRole('button', { name: 'Återkalla' });
  await expect(revoke).toHaveAccessibleDescription('Affärssystemet');
  await tabTo(page, revoke);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Vill du återkalla API-nyckeln?' });
  await expect(dialog).toHaveAccessibleDescription(
    `Nyckeln ”Affärssystemet” (hmdb_…${secret.slice(-4)}) slutar fungera direkt. Program som använder den kan inte längre nå Hjälpmedelsdatabasen med den. Det går inte att ångra.`,
  );
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Ja, återkalla' })).toHaveClass(/danger/);
  await expectNoAxeViolations(page, { bestPractice: true });
  // The focus stays inside the dialog.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Ja, återkalla' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Ja, återkalla' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const notice = page.getByRole('status').filter({ hasText: 'Nyckeln ”Affärssystemet” är återkallad.' });
  await expect(notice).toBeFocused();
  await expect(page.getByText('Du har inga API-nycklar.')).toBeVisible();
  await expectNoAxeViolations(page, { bestPractice: true });

  const program = await asProgram(secret);
  const refused = await program.get('/resources/v1/profile');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('API_KEY_REVOKED');
  await program.dispose();
});

test('by mouse: create a key, copy it, let a program use it, and revoke it', async ({ page }) => {
  await userMenuButton(page).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'API-nycklar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API-nycklar' })).toBeFocused();

  await page.getByLabel('Namn (obligatoriskt)').fill('Lagersystemet');
  await page.getByRole('button', { name: 'Skapa nyckel' }).click();
  const panel = page.getByRole('region', { name: 'Nyckeln ”Lagersystemet” är skapad' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Kopiera nyckeln' }).click();
  await expect(panel.getByRole('status')).toHaveText('Nyckeln är kopierad.');
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toMatch(secretPattern);
  await expect(panel).toContainText(/Nyckeln slutar gälla \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./);

  // A program with the key alone reads the profile and the price lists, and gets no cookie.
  const program = await asProgram(secret);
  const profile = await program.get('/resources/v1/profile');
  expect(profile.status()).toBe(200);
  expect(profile.headers()['set-cookie']).toBeUndefined();
  const organizationId: number = (await profile.json()).userEngagements[0].organizationId;
  const general = await program.get(`/resources/v1/organizations/${organizationId}/generalpricelists`);
  expect(general.status()).toBe(200);
  const lists = await program.get(`/resources/v1/pricelists/${organizationId}/${(await general.json()).id}`);
  expect((await lists.json()).pricelists.length).toBeGreaterThan(0);
  // The key management itself never takes a key.
  expect((await program.get('/resources/v1/api-keys')).status()).toBe(401);
  await program.dispose();

  await panel.getByRole('button', { name: 'Jag har sparat nyckeln' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Dina API-nycklar' })).toBeFocused();
  await page.reload();
  const row = keyTable(page).getByRole('row', { name: /Lagersystemet/ });
  await expect(row).not.toContainText('Aldrig');

  await row.getByRole('button', { name: 'Återkalla' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, återkalla' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Nyckeln ”Lagersystemet” är återkallad.' }),
  ).toBeVisible();
  await expect(keyTable(page)).toHaveCount(0);
});

test('a user who may neither import nor read every price list has no such menu entry and no such page', async ({
  page,
}) => {
  await page.context().clearCookies();
  await loginAs(page, 'region.tilldelat');
  await userMenuButton(page).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'API-nycklar' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/api-nycklar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ingen behörighet');
  await expect(page.getByRole('main')).toContainText('Du har inte behörighet till den här sidan.');
  await expectNoAxeViolations(page, { bestPractice: true });
});
