import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';

/** The rule sets of WCAG 2.1 AA and axe's best practices. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

const focusedH1 = (page: Page) => page.locator('h1:focus');

test.describe('pages that are not there', () => {
  test('an unknown path shows "Sidan finns inte" in Swedish inside the shell, with a link to Start', async ({
    page,
  }) => {
    await loginAs(page, 'lev.admin');
    for (const path of ['/finns-inte', '/importera', '/start/mer/djupt']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Sidan finns inte' })).toBeVisible();
      await expect(page).toHaveTitle('Sidan finns inte – Hjälpmedelsdatabasen');
      await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByText(/Unexpected Application Error|Hey developer|404 Not Found/)).toHaveCount(0);
    }
    await expectNoViolations(page);

    await page.getByRole('link', { name: 'Till startsidan' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Välkommen/ })).toBeVisible();
    // An import that is not there (or is another organisation's) is a page that is not there.
    await page.goto('/import/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Sidan finns inte' })).toBeVisible();
    await expect(page.getByText('Kunde inte läsa in import')).toHaveCount(0);
    await expectNoViolations(page);
  });

  test('a page that cannot load shows a Swedish error page that offers a reload', async ({ page }) => {
    await loginAs(page, 'lev.admin');
    // A chunk that fails to load: what an open tab meets after a new version is deployed.
    await page.route(/\/assets\/ImportListPage-[^/]+\.js$/, (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Huvudmeny' })
      .getByRole('link', { name: 'Inläsningar' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sidan kunde inte visas' })).toBeVisible();
    await expect(page).toHaveTitle('Sidan kunde inte visas – Hjälpmedelsdatabasen');
    await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
    await expect(page.getByText(/Unexpected Application Error|Hey developer/)).toHaveCount(0);
    await expectNoViolations(page);

    await page.unroute(/\/assets\/ImportListPage-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Ladda om sidan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inläsningar' })).toBeVisible();
  });

  test('a user without the permission is told so on /import, and its calls are not made', async ({
    page,
  }) => {
    await loginAs(page, 'region.avtal');
    const importCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/resources\/v1\/(imports|importStatus|organizations\/\d+\/imports)/.test(request.url()))
        importCalls.push(request.url());
    });
    for (const path of ['/import', '/import/1', '/import/legacy/legacy-0001']) {
      await page.goto(path);
      await expect(page.getByText('Du har inte behörighet till den här sidan.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Ingen behörighet' })).toBeVisible();
      await expect(page).toHaveTitle('Ingen behörighet – Hjälpmedelsdatabasen');
      await expect(page.getByRole('button', { name: 'Läs in fil' })).toHaveCount(0);
      await expect(page.getByText('Någonting gick fel.')).toHaveCount(0);
    }
    await expectNoViolations(page);
    expect(importCalls).toEqual([]);
  });
});

test.describe('titles and focus after navigation', () => {
  test("every page names the tab; after a link the focus is on the new page's h1", async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Logga in – Hjälpmedelsdatabasen');
    await page.getByRole('link', { name: 'Glömt lösenordet?' }).click();
    await expect(page).toHaveTitle('Återställ lösenord – Hjälpmedelsdatabasen');
    await expect(focusedH1(page)).toHaveText('Återställ lösenord');
    await page.getByRole('link', { name: 'Tillbaka till inloggningen' }).click();
    await expect(focusedH1(page)).toHaveText('Logga in');

    await loginAs(page, 'lev.admin');
    await expect(page).toHaveTitle('Start – Hjälpmedelsdatabasen');
    await expect(focusedH1(page)).toHaveText(/^Välkommen/);

    const menu = page.getByRole('navigation', { name: 'Huvudmeny' });
    await menu.getByRole('link', { name: 'Inläsningar' }).click();
    await expect(page).toHaveTitle('Inläsningar – Hjälpmedelsdatabasen');
    await expect(focusedH1(page)).toHaveText('Inläsningar');
    // The next Tab goes on from the page, not from the menu link that was left behind.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Läs in fil' })).toBeFocused();

    // The summary waits for its import before it has a heading: the focus follows when it shows.
    await page
      .getByRole('table', { name: 'Senaste 10 inläsningarna' })
      .getByRole('cell', { name: 'Lyckad', exact: true })
      .click();
    await expect(page).toHaveTitle('Sammanfattning: prislista_2024_host.xlsx – Hjälpmedelsdatabasen');
    // A legacy import's summary keeps the specified heading.
    await expect(focusedH1(page)).toHaveText('Sammanfattning');

    await page.getByRole('navigation', { name: 'Du är här' }).getByRole('link', { name: 'Start' }).click();
    await expect(page).toHaveTitle('Start – Hjälpmedelsdatabasen');
    await expect(focusedH1(page)).toHaveText(/^Välkommen/);

    await menu.getByRole('link', { name: 'Sök' }).click();
    await expect(page).toHaveTitle('Sök – Hjälpmedelsdatabasen');
    await expect(focusedH1(page)).toHaveText('Sök');

    // Back and forward are navigations too.
    await page.goBack();
    await expect(page).toHaveTitle('Start – Hjälpmedelsdatabasen');
    await expect(focusedH1(page)).toHaveText(/^Välkommen/);
  });

  test('the first page of a visit, or a reload, leaves the focus to the browser', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // After client-side navigation the history entry has a key; loading it again is still a first page.
    await loginAs(page, 'lev.admin');
    await expect(focusedH1(page)).toHaveText(/^Välkommen/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^Välkommen/ })).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});

test.describe('layout at the breakpoints', () => {
  test("superadmin's menu stays one row from md up; content grows at xxl", async ({ page }) => {
    await loginAs(page, 'superadmin');
    const links = page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link');
    for (const width of [640, 768, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      // Sök, Generell prislista (once its target is known), Utbud, Organisation, Administration, Kategorier.
      await expect(links).toHaveCount(6);
      await expect(links.first()).toBeVisible();
      const boxes = await links.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect()).map(({ top, right }) => ({ top, right })),
      );
      expect(new Set(boxes.map((box) => Math.round(box.top))).size, `one row at ${width} px`).toBe(1);
      // Room left for a classic 17 px scroll bar and a slightly wider system font (24 px):
      // at 640 px the menu ended at 620 px before its md padding was narrowed, 568 px after.
      expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(width - 17 - 24);
    }
    await page.setViewportSize({ width: 1920, height: 1000 });
    const mainWidth = await page
      .getByRole('main')
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(mainWidth).toBeGreaterThan(1280);
  });
});
