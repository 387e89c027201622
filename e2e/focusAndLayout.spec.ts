import type { Page } from '@playwright/test';
import { SHORT_SESSION, shortSessionPort } from '../playwright.config';
import { currentPricelist, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { validFile } from './importFiles';
import { fillUploadDialog } from './uploadThroughDialog';

/** The short-session server's warning comes about 12 s after the last activity; slack for a busy machine. */
const PING_WAIT = 30_000;

/** What has the focus: its tag, its text, and whether the browser draws the focus box (:focus-visible). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return {
      tag: active?.tagName ?? null,
      text: active?.textContent?.trim() ?? '',
      focusVisible: active?.matches(':focus-visible') ?? false,
      outline: active ? getComputedStyle(active).outlineStyle : '',
    };
  });

// On the short-session server, so in its worker, one at a time with the other tests there (each
// resets that server's data).
test.describe('focus after the session warning', { tag: SHORT_SESSION }, () => {
  // This server ends idle sessions after 5.2 minutes and its pages ping every 2 s, so a ping
  // about 12 s after the last activity finds ≤ 300 s left.
  test.use({ baseURL: `http://localhost:${shortSessionPort}` });

  test('"Fortsätt vara inloggad" on a page opened directly gives the focus to the heading, not the body', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await loginAs(page, 'lev.admin');
    // Opened directly: nothing has the focus when the warning comes.
    await page.goto('/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Inläsningar' })).toBeVisible();
    expect((await focused(page)).tag).toBe('BODY');

    const dialog = page.getByRole('dialog', { name: 'Du kommer snart att loggas ut' });
    await expect(dialog).toBeVisible({ timeout: PING_WAIT });
    await page.getByRole('button', { name: 'Fortsätt vara inloggad' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Inläsningar' })).toBeFocused();
    // Reached by keyboard: the focus box shows.
    expect(await focused(page)).toMatchObject({ tag: 'H1', focusVisible: true, outline: 'solid' });
  });
});

test('the new-password page opens with the focus on its heading, and the message keeps it from the body', async ({
  page,
}) => {
  await page.goto('/login/reset?email=lev.admin%40example.se&token=ogiltig');
  const heading = page.getByRole('heading', { level: 1, name: 'Välj nytt lösenord' });
  await expect(heading).toBeFocused();
  // Arrived by a navigation (the mail's link): the focus box shows, as after RouteFocus.
  expect(await focused(page)).toMatchObject({ tag: 'H1', focusVisible: true, outline: 'solid' });
  // The link is refused: the alert says so, and the focus stays on the heading above it.
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByRole('link', { name: 'Begär en ny länk' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the focus box is drawn by :focus-visible only: by keyboard, not after a mouse click', async ({
  page,
}) => {
  await loginAs(page, 'lev.admin');
  await page.goto('/import');
  // No style sheet draws an outline for :focus alone (the skip link only moves into view).
  const focusRules = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules]
        .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
        .filter((rule) => /:focus(?![-\w])/.test(rule.selectorText))
        .map((rule) => ({
          selector: rule.selectorText,
          outline: rule.style.outline,
          shadow: rule.style.boxShadow,
        })),
    ),
  );
  for (const rule of focusRules) expect(rule, rule.selector).toMatchObject({ outline: '', shadow: '' });

  const sort = page
    .getByRole('table', { name: 'Senaste 10 inläsningarna' })
    .getByRole('button', { name: 'Filnamn' });
  await sort.click();
  await expect(sort).toBeFocused();
  expect(await focused(page)).toMatchObject({ focusVisible: false, outline: 'none' });
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(sort).toBeFocused();
  expect(await focused(page)).toMatchObject({ focusVisible: true, outline: 'solid' });
  expect(await sort.evaluate((element) => getComputedStyle(element).outlineColor)).toBe('rgb(224, 96, 0)');
});

test('paging is one control: under the table, hidden with one page, and the focus stays on the button', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'lev.admin');
  await page.goto((await currentPricelist(page)).path);
  const rows = page.getByRole('table', { name: 'Rader' });
  await expect(rows.getByRole('row')).toHaveCount(51);
  const pager = page.locator('.pager').first();
  await expect(pager).toContainText(/Visar rad 1–50 av 400/);
  const previous = pager.getByRole('button', { name: 'Föregående sida' });
  const next = pager.getByRole('button', { name: 'Nästa sida' });
  // On the first page "Föregående sida" leads nowhere, and says so, but keeps its place.
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await expect(next).not.toHaveAttribute('aria-disabled');
  // The pager follows its table.
  expect(
    await rows.evaluate(
      (table, pagerElement) =>
        Boolean(table.compareDocumentPosition(pagerElement!) & Node.DOCUMENT_POSITION_FOLLOWING),
      await pager.elementHandle(),
    ),
  ).toBe(true);

  // By keyboard to the last page: the focus stays on "Nästa sida", which then leads nowhere.
  await next.focus();
  for (let page_ = 2; page_ <= 8; page_++) {
    await page.keyboard.press('Enter');
    await expect(pager).toContainText(
      `Visar rad ${(page_ - 1) * 50 + 1}–${Math.min(page_ * 50, 400)} av 400`,
    );
  }
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(pager).toContainText('Visar rad 351–400 av 400');
  await expect(next).toBeFocused();

  // One page of matches: no page buttons at all.
  await page.getByLabel('Sök på artikelnummer eller benämning').fill('HMD-012');
  await page.getByRole('button', { name: 'Sök', exact: true }).click();
  await expect(pager).toContainText('Visar rad 1–10');
  await expect(pager.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The changes of a summary page with the same control: "Visa alla", then the same two buttons.
  await page.goto('/import');
  const file = await validFile('prislista-sidor.xlsx', 450);
  const dialog = await fillUploadDialog(page, file);
  await dialog.getByRole('button', { name: 'Ladda upp' }).click();
  const review = page.getByRole('article', { name: file.name }).getByRole('link', { name: 'Granska' });
  await expect(review).toBeVisible({ timeout: 60_000 });
  await review.click();
  const added = page.getByRole('region', { name: 'Tillagda rader', exact: true });
  await added.scrollIntoViewIfNeeded();
  await expect(added).toContainText('Visar 1–10 av 50');
  await expect(added.locator('.pager').getByRole('button', { name: /sida$/ })).toHaveCount(0);
  await added.getByRole('button', { name: 'Visa alla 50 tillagda rader' }).click();
  const changesPager = added.locator('.pager');
  await expect(changesPager).toContainText('Visar 1–20 av 50');
  await expect(changesPager.getByRole('button')).toHaveText(['Föregående sida', 'Nästa sida']);
  await changesPager.getByRole('button', { name: 'Nästa sida' }).click();
  await changesPager.getByRole('button', { name: 'Nästa sida' }).click();
  await expect(changesPager).toContainText('Visar 41–50 av 50');
  await expect(changesPager.getByRole('button', { name: 'Nästa sida' })).toBeFocused();
  await expect(changesPager.getByRole('button', { name: 'Nästa sida' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

/** For each text node of the element: whether it sits on one line (a <wbr> part, a word of a date). */
function linesOfParts(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const parts: { text: string; lines: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // A date breaks at its space: each word is a part of its own.
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          parts.push({
            text: match[0],
            lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
          });
        }
      }
      return parts;
    }),
  );
}

test('at 375 px file names break only after _ - . and dates at their space, never inside a word', async ({
  page,
}) => {
  const longName = 'prislista_hjalpmedel_leverantor_2024-11_host_version_2.xlsx';
  // A legacy import with a long name, as a supplier's business system names its exports.
  await page.route('**/resources/v1/importStatus/*', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('prislista_2024_host.xlsx', longName);
    await route.fulfill({ response, body });
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'lev.admin');
  await page.goto('/import');
  const table = page.getByRole('table', { name: 'Senaste 10 inläsningarna' });
  const link = table.getByRole('link', { name: longName });
  await expect(link).toBeVisible();
  // The whole name is the link's text and name, for reading and copying.
  await expect(link).toHaveText(longName);
  const nameLines = await link.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(nameLines, 'the long name wraps').toBeGreaterThan(1);
  for (const part of await linesOfParts(page, '.recent-table tbody td:first-child a'))
    expect(part.lines, part.text).toBe(1);
  for (const part of await linesOfParts(page, '.recent-table tbody td:nth-child(2)'))
    expect(part.lines, part.text).toBe(1);
  // And the table still fits the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});

test('prices never wrap: a no-break space before "kr" in every price the tables show', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, 'lev.admin');
  await page.goto((await currentPricelist(page)).path);
  await expect(page.locator('.data-table td.numeric').filter({ hasText: /kr$/ }).first()).toBeVisible();
  const prices = await page
    .locator('.data-table td.numeric')
    .evaluateAll((cells) =>
      cells.map((cell) => cell.textContent ?? '').filter((text) => text.endsWith('kr')),
    );
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices)
    expect(price, JSON.stringify(price)).toMatch(/^\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0kr$/);
  const alignments = await page
    .locator('.data-table .numeric')
    .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).textAlign));
  expect(new Set(alignments)).toEqual(new Set(['right']));
});
