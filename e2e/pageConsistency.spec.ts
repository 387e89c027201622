import type { Page } from '@playwright/test';
import { shortSessionPort } from '../playwright.config';
import { currentPricelist, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { validFile } from './importFiles';
import { uploadThroughDialog } from './uploadThroughDialog';

/** Uploads a valid file through the dialog "Läs in fil" and returns its summary's path once validated. */
async function uploadedImportPath(page: Page) {
  await page.goto('/import');
  const file = await validFile('prislista-stil.xlsx', 20);
  await uploadThroughDialog(page, file);
  const review = page.getByRole('article', { name: file.name }).getByRole('link', { name: 'Granska' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  return (await review.getAttribute('href'))!;
}

/** The elements whose look tells a styled page from an unstyled one. */
const keySelectors = [
  'main h1',
  'main p',
  'main a.button',
  'main button',
  '.page-heading',
  '.facts',
  '.facts dt',
  '.facts dd',
  '.sort-button',
  '.sort-button__icon',
  '.data-table th',
  '.data-table td',
  '.data-table .numeric',
  '.banner',
  '.status-tag',
  '.pager',
  '.table-scroll',
];
const keyProperties = [
  'display',
  'textAlign',
  'backgroundColor',
  'color',
  'fontWeight',
  'fontSize',
  'textDecorationLine',
  'paddingTop',
  'paddingLeft',
  'borderTopWidth',
  'whiteSpace',
  'marginTop',
] as const;

/** The computed key styles of the first element each selector finds on the page. */
function keyStyles(page: Page) {
  return page.evaluate(
    ([selectors, properties]) =>
      Object.fromEntries(
        selectors.flatMap((selector) => {
          const element = document.querySelector(selector);
          if (!element) return [];
          const style = getComputedStyle(element);
          return [
            [selector, Object.fromEntries(properties.map((p) => [p, style[p as keyof CSSStyleDeclaration]]))],
          ];
        }),
      ),
    [keySelectors, keyProperties as unknown as string[]] as const,
  );
}

/** A navigation inside the SPA (as a link does), without loading the page again. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
}

test('every main page looks the same opened directly as reached by navigation', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'lev.admin');
  const ids = await currentPricelist(page);
  const summaryPath = await uploadedImportPath(page);
  const routes = [
    '/',
    '/import',
    summaryPath,
    '/import/legacy/legacy-0001',
    ids.generalPath,
    ids.path,
    '/api-nycklar',
    '/v1/search',
  ];

  // Opened directly (a reload, a bookmark): only the page's own chunks are loaded.
  const direct: Record<string, Awaited<ReturnType<typeof keyStyles>>> = {};
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    direct[route] = await keyStyles(page);
    expect(Object.keys(direct[route]!).length, route).toBeGreaterThan(1);
  }
  // The price-list page has its facts and sort buttons to compare.
  expect(Object.keys(direct[ids.path]!)).toEqual(
    expect.arrayContaining(['.facts', '.facts dt', '.sort-button', '.data-table .numeric']),
  );
  expect(direct[ids.path]!['.sort-button']!.backgroundColor).toBe('rgba(0, 0, 0, 0)');
  expect(direct[ids.path]!['.facts']!.display).toBe('grid');
  expect(direct[ids.path]!['.data-table .numeric']!.textAlign).toBe('right');

  // Reached by navigation after every other page has been seen (so every feature's styles are loaded).
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  for (const route of routes) {
    await navigateInApp(page, route);
    await expect(page.locator('main h1')).toBeVisible();
  }
  for (const route of routes) {
    await navigateInApp(page, route);
    await expect.poll(() => keyStyles(page), { message: route, timeout: 10_000 }).toEqual(direct[route]);
  }
});

const demoUsernames = [
  'lev.admin',
  'lev.ny',
  'lev2.admin',
  'region.avtal',
  'region.utbud',
  'region.tilldelat',
  'superadmin',
];
const refusal = 'Du har inte behörighet';

for (const username of demoUsernames) {
  test(`${username}: every link of the menus leads to a page, never to a refusal`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, username);
    const mainMenu = page.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(mainMenu.getByRole('link').first()).toBeVisible();
    const labels = await mainMenu.getByRole('link').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      await mainMenu.getByRole('link', { name: label, exact: true }).click();
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main h1'), `${username}: ${label}`).not.toHaveText(new RegExp(refusal));
      await expect(page.getByText(refusal)).toHaveCount(0);
    }
    // The user menu's entries inside the SPA (not "Hjälp", which leaves it, nor "Logga ut").
    const userMenuButton = page.getByRole('button', { name: /Användarmeny/ });
    await userMenuButton.click();
    await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeVisible();
    const entries = await page.getByRole('menu').getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    for (const entry of entries.filter((e) => !['Hjälp', 'Logga ut'].includes(e))) {
      await userMenuButton.click();
      await page.getByRole('menu').getByRole('menuitem', { name: entry }).click();
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(refusal), `${username}: ${entry}`).toHaveCount(0);
    }
  });
}

test("superadmin, who reads every general price list, sees the organisation's read only, without the imports", async ({
  page,
}) => {
  await loginAs(page, 'superadmin');
  await page
    .getByRole('navigation', { name: 'Huvudmeny' })
    .getByRole('link', { name: 'Generell prislista' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Generell prislista' })).toBeVisible();
  const lists = page.getByRole('table', { name: 'Generell prislista' });
  await expect(lists.getByRole('link', { name: 'Prislista 2' })).toBeVisible();
  // The latest import is named, not linked: its summary is the supplier's.
  await expect(lists.getByRole('link', { name: /\.xlsx$/ })).toHaveCount(0);
  await expect(page.getByText(refusal)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await lists.getByRole('link', { name: 'Prislista 2' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prislista 2' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ladda ner som Peppol-katalog' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ladda ner som Excel' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Inläsningar till prislistan' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("an import that is not there, or another organisation's, shows the shell's not-found page", async ({
  page,
}) => {
  await loginAs(page, 'lev.admin');
  const summaryPath = await uploadedImportPath(page);
  // The owner sees the summary.
  await page.goto(summaryPath);
  await expect(page.getByRole('heading', { level: 1, name: /^Sammanfattning/ })).toBeVisible();

  for (const path of ['/import/999999', '/import/inte-ett-id']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Sidan finns inte' })).toBeVisible();
    await expect(page).toHaveTitle('Sidan finns inte – Hjälpmedelsdatabasen');
    await expect(page.getByText('Kunde inte läsa in import')).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  // Another organisation's supplier.
  await page.request.post('/resources/v1/logout');
  await loginAs(page, 'lev2.admin');
  await page.goto(summaryPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Sidan finns inte' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Sammanfattning/ })).toHaveCount(0);

  // A legacy import keeps its specified text.
  await page.goto('/import/legacy/finns-inte');
  await expect(page.getByText('Kunde inte läsa in import')).toBeVisible();
});

test("the SPA learns the server's session settings from the ping", async ({ request }) => {
  // The main server has the defaults; the short-session server SESSION_IDLE_MINUTES=5.2 and
  // SESSION_PING_SECONDS=2.
  expect(await (await request.get('/resources/v1/api/session/ping')).json()).toMatchObject({
    idleMinutes: 30,
    maxHours: 12,
    pingSeconds: 30,
  });
  const short = await request.get(`http://localhost:${shortSessionPort}/resources/v1/api/session/ping`);
  expect(await short.json()).toMatchObject({ idleMinutes: 5.2, pingSeconds: 2 });
});

test('Escape closes "Meny" and gives the focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'lev.admin');
  const menu = page.getByRole('navigation', { name: 'Huvudmeny' });
  const toggle = menu.getByRole('button', { name: 'Meny', exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Sök' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('link', { name: 'Sök' })).toBeHidden();
  await expect(toggle).toBeFocused();
});

/** Every numeric cell of the page's tables: its alignment, and whether it sits on one line. */
function numericCells(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.data-table .numeric')].map((cell) => {
      const style = getComputedStyle(cell);
      const range = document.createRange();
      range.selectNodeContents(cell);
      return {
        text: cell.textContent ?? '',
        textAlign: style.textAlign,
        // A header's sort button holds its text and an arrow: only the data cells are counted.
        lines:
          cell.tagName === 'TH'
            ? 1
            : new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
      };
    }),
  );
}

test('prices never wrap before "kr", and numbers are right-aligned in every table, at 375 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'lev.admin');
  const ids = await currentPricelist(page);
  const summaryPath = await uploadedImportPath(page);
  for (const path of [ids.generalPath, ids.path]) {
    await page.goto(path);
    await expect(page.locator('.data-table .numeric').first()).toBeVisible();
    const cells = await numericCells(page);
    expect(cells.length, path).toBeGreaterThan(0);
    for (const cell of cells) {
      expect(cell.textAlign, `${path}: ${cell.text}`).toBe('right');
      expect(cell.lines, `${path}: ${cell.text}`).toBeLessThanOrEqual(1);
    }
  }
  expect((await numericCells(page)).some((cell) => /^\d[\d\s]*,\d{2}\skr$/.test(cell.text))).toBe(true);

  // The import's changes: prices and quantities right-aligned, every price on one line.
  await page.goto(summaryPath);
  // The changes are open on the summary; their tables load as the section comes into view.
  const changes = page.getByRole('region', { name: 'Ändringar i prislistan' });
  await changes.scrollIntoViewIfNeeded();
  await expect(page.locator('.changes .data-table').first()).toBeVisible();
  const changeCells = await numericCells(page);
  expect(changeCells.some((cell) => cell.text.endsWith('kr'))).toBe(true);
  for (const cell of changeCells) {
    expect(cell.textAlign, cell.text).toBe('right');
    expect(cell.lines, cell.text).toBeLessThanOrEqual(1);
  }
  const money = await page
    .locator('.change-list .money')
    .evaluateAll((spans) =>
      spans.map((span) => ({ text: span.textContent, whiteSpace: getComputedStyle(span).whiteSpace })),
    );
  for (const span of money) expect(span.whiteSpace, span.text ?? '').toBe('nowrap');
});

test('at 375 px an API key shows its whole name and "Återkalla" without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'lev.admin');
  await page.goto('/api-nycklar');
  const name = 'Affärssystemet Visma produktion';
  await page.getByLabel('Namn (obligatoriskt)').fill(name);
  await page.getByRole('button', { name: 'Skapa nyckel' }).click();
  const table = page.getByRole('table', { name: 'Dina API-nycklar' });
  const revoke = table.getByRole('button', { name: 'Återkalla' });
  await expect(revoke).toBeVisible();
  const viewport = page.viewportSize()!;
  const button = (await revoke.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(viewport.width);
  // The table fits its region: nothing to scroll to.
  expect(await table.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth)).toBe(
    true,
  );
  // The name is on one line, not broken letter by letter.
  const header = table.getByRole('rowheader', { name });
  const lines = await header.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  const box = (await header.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  await expectNoAxeViolations(page);
});
