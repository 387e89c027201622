import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Demo users' password (docs/product.md, "Demo data"). */
export const DEMO_PASSWORD = 'Demo-Losen-2026';

export const test = base.extend<{ resetData: undefined }>({
  // Every test starts from the demo data.
  resetData: [
    async ({ request }, use) => {
      const response = await request.get('/resources/v1/testability/reset');
      expect(response.status()).toBe(200);
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

/** Fills the form of the open login page and submits it. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Användarnamn (obligatoriskt)').fill(username);
  await page.getByLabel('Lösenord (obligatoriskt)').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

/** Signs in through the real login form and waits until the app has left /login. */
export async function loginAs(page: Page, username: string) {
  await page.goto('/login');
  await submitLogin(page, username);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Fails the test with the list of violations when the page breaks WCAG 2.1 AA rules (and, with
 * `bestPractice`, axe's best practices too).
 */
export async function expectNoAxeViolations(page: Page, { bestPractice = false } = {}) {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(bestPractice ? ['best-practice'] : [])];
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

/** Opens the user menu by keyboard and goes to one of its entries, as a keyboard user does. */
export async function chooseFromUserMenu(page: Page, entryName: string) {
  const button = page.getByRole('button', { name: /Användarmeny/ });
  await button.focus();
  await page.keyboard.press('Enter');
  const entry = page.getByRole('menu').getByRole('menuitem', { name: entryName });
  for (
    let presses = 0;
    presses < 10 && !(await entry.evaluate((e) => e === document.activeElement));
    presses++
  )
    await page.keyboard.press('ArrowDown');
  await expect(entry).toBeFocused();
  await page.keyboard.press('Enter');
}

export interface CurrentPricelist {
  organizationId: number;
  generalPricelistId: number;
  pricelistId: number;
  number: string;
  /** The general price list's page, and the current list's. */
  generalPath: string;
  path: string;
}

/** The signed-in supplier's current price list, as the pages find it, and its page's path. */
export async function currentPricelist(page: Page): Promise<CurrentPricelist> {
  const profile = await (await page.request.get('/resources/v1/profile')).json();
  const organizationId: number = profile.userEngagements[0].organizationId;
  const general = await (
    await page.request.get(`/resources/v1/organizations/${organizationId}/generalpricelists`)
  ).json();
  const lists = await (
    await page.request.get(`/resources/v1/pricelists/${organizationId}/${general.id}`)
  ).json();
  const current = lists.pricelists.find((p: { status: string }) => p.status === 'CURRENT');
  const generalPath = `/v1/organization/${organizationId}/generalpricelist/${general.id}`;
  return {
    organizationId,
    generalPricelistId: general.id,
    pricelistId: current.id,
    number: current.number,
    generalPath,
    path: `${generalPath}/pricelist/${current.id}`,
  };
}
