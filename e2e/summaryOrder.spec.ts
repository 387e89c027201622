import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { validFile } from './importFiles';
import { uploadThroughDialog } from './uploadThroughDialog';

/** Validation and import are jobs: their results come within seconds, the lists poll every 5 s. */
const jobTimeout = { timeout: 30_000 };

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'lev.admin');
});

async function uploadFile(page: Page, name: string) {
  await page.goto('/import');
  await uploadThroughDialog(page, await validFile(name));
}

/** Whether `later` comes after `earlier` in the page's order. */
const follows = (page: Page, earlier: string, later: string) =>
  page.evaluate(
    ([a, b]) => {
      const first = document.querySelector(a!);
      const second = document.querySelector(b!);
      return (
        !!first && !!second && !!(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING)
      );
    },
    [earlier, later],
  );

test('the summary reads first, then acts: banners, risks, counts, the changes, then "Läs in"', async ({
  page,
}) => {
  const name = 'ordning.xlsx';
  await uploadFile(page, name);
  // One message after the upload, replaced by the outcome once the validation is done.
  const notice = page.getByRole('status').filter({ hasText: `Filen ”${name}”` });
  await expect(notice).toBeFocused();
  await expect(notice).toHaveText(
    /^Filen ”ordning\.xlsx” för prislista 2 är validerad\. Validering OK: \d+ ändrade, \d+ borttagna, 50 tillagda rader\. Visa sammanfattningen$/,
    jobTimeout,
  );
  await expect(notice).not.toContainText('valideras nu');
  await notice.getByRole('link', { name: 'Visa sammanfattningen' }).click();

  // The h1 names the file; the breadcrumb stays "Sammanfattning".
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(`Sammanfattning: ${name}`);
  await expect(h1).toBeFocused();
  await expect(
    page.getByRole('navigation', { name: 'Du är här' }).locator('[aria-current="page"]'),
  ).toHaveText('Sammanfattning');

  const changes = page.getByRole('region', { name: 'Ändringar i prislistan' });
  await expect(
    changes.getByRole('region', { name: 'Tillagda rader', exact: true }).getByRole('row'),
  ).toHaveCount(11);
  const order = [
    // A risky file (it has the risk note): its approval banner is a warning (decision 0042).
    '.banner.warning:not([role])',
    '[role="note"]',
    '#counts-heading',
    '.risk-facts',
    '#changes-heading',
    '.summary-actions',
  ];
  for (let i = 1; i < order.length; i++) expect(await follows(page, order[i - 1]!, order[i]!)).toBe(true);
  // "Läs in" after the changes, "Radera" apart after it, and not in the danger style.
  const confirm = page.getByRole('button', { name: 'Läs in', exact: true });
  const remove = page.getByRole('button', { name: 'Radera', exact: true });
  expect(await follows(page, '#changes-heading', '.summary-actions .button')).toBe(true);
  await expect(remove).not.toHaveClass(/danger/);
  await expect(confirm).toBeVisible();
  // A timestamp is never a heading.
  await expect(page.getByRole('heading', { name: /\d{4}-\d{2}-\d{2}/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Loaded by itself (a reload), the page shows no focus box around its h1.
  await page.reload();
  await expect(h1).toHaveText(`Sammanfattning: ${name}`);
  expect(await h1.evaluate((element) => element.matches(':focus-visible'))).toBe(false);

  // "Läs in": one message on /import, replaced when the import has run.
  await confirm.click();
  const ask = page.getByRole('alertdialog', { name: 'Vill du läsa in filen ändå?' });
  const askedOrBack = await Promise.race([
    ask.waitFor().then(() => 'asked'),
    page.waitForURL(/\/import$/).then(() => 'back'),
  ]);
  if (askedOrBack === 'asked') await ask.getByRole('button', { name: 'Ja, läs in ändå' }).click();
  await expect(page).toHaveURL(/\/import$/);
  const confirmed = page.getByRole('status').filter({ hasText: `Filen ”${name}”` });
  await expect(confirmed).toBeFocused();
  await expect(confirmed).toHaveText(
    /^Filen ”ordning\.xlsx” är inläst i prislista 2: \d+ ändrade, \d+ borttagna, 50 tillagda rader\. Visa prislista 2$/,
    jobTimeout,
  );
  await expect(confirmed).toBeFocused();

  // Undo on the price list: the message takes the place of the button, and the focus.
  await confirmed.getByRole('link', { name: 'Visa prislista 2' }).click();
  const history = page.getByRole('table', { name: 'Inläsningar till prislistan' });
  await history
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'Ångra inläsning' })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Vill du ångra inläsningen?' })
    .getByRole('button', { name: 'Ja, ångra' })
    .click();
  const undone = page.getByRole('status').filter({ hasText: 'Inläsningen är ångrad' });
  await expect(undone).toHaveText('Inläsningen är ångrad: prislista 2 är som före den.');
  await expect(undone).toBeFocused();
  await expect(history.getByRole('row', { name: new RegExp(name) })).toContainText('Ångrad');
  await expect(undone).toBeFocused();
  await expectNoAxeViolations(page);
});
