import * as XLSX from '@e965/xlsx';
import type { Locator, Page } from '@playwright/test';
import { exceljsWorkbook } from '../test-support/workbooks';
import { currentPricelist, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { fileWithErrors, type UploadFile } from './importFiles';
import { tabTo } from './keyboard';
import { uploadThroughDialog } from './uploadThroughDialog';

/**
 * Whatever validation the summary starts, every part of the page shows that validation's result
 * once it ends (decision 0042): a user test saw 400 changed rows counted above "Visar 0–0 av 0",
 * the mapping form still open and "Läs in" offered, until a reload. Each way in once: a new column
 * mapping ("Ändra kopplingen", by keyboard), "Validera igen" after corrections, and "Läs in ny fil"
 * (by keyboard), with axe at a phone's and a desktop's width. Every test starts from the demo data.
 */

/** Validation is a job: its result comes within seconds; the summary asks every 2 s. */
const jobTimeout = { timeout: 30_000 };
const xlsxMimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | null;
/** Price list 2 as "Ladda ner mall" gives it: a header and 400 rows of our nine columns. */
async function currentRows(page: Page): Promise<Cell[][]> {
  const list = await currentPricelist(page);
  const response = await page.request.get(
    `/resources/v1/imports/${list.organizationId}/template?type=GENERAL_PRICELIST&pricelistId=${list.pricelistId}`,
  );
  expect(response.status()).toBe(200);
  const workbook = XLSX.read(await response.body(), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<Cell[]>(workbook.Sheets.Prislista!, {
    header: 1,
    raw: true,
    defval: null,
  });
  expect(rows).toHaveLength(401);
  return rows;
}

const workbookFile = async (name: string, sheet: string, rows: Cell[][]): Promise<UploadFile> => ({
  name,
  mimeType: xlsxMimeType,
  buffer: await exceljsWorkbook({ [sheet]: rows }),
});

const summaryFact = (page: Page, term: string) =>
  page.locator('dl.summary-facts dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
/** A fact by its exact term: "Ändrade rader" is not "Oförändrade rader". */
const factIn = (page: Page, list: string, term: string) =>
  page.locator(`${list} dt`, { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
const count = (page: Page, term: string) => factIn(page, 'dl.counts', term);
const changesOf = (page: Page, kind: string) =>
  page
    .getByRole('region', { name: 'Ändringar i prislistan' })
    .getByRole('region', { name: kind, exact: true })
    .first();
const mappingForm = (page: Page) => page.getByRole('region', { name: 'Koppla filens kolumner' });
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: /^Sammanfattning: / });
const pendingNote = 'Filen behandlas. Sidan uppdateras av sig själv när resultatet är klart.';

/** Arrow keys on the focused select until it has the file's column `letter`. */
async function chooseColumn(page: Page, select: Locator, letter: string) {
  await tabTo(page, select);
  for (const key of ['ArrowDown', 'ArrowUp'] as const)
    for (let i = 0; i < 12 && (await select.inputValue()) !== letter; i++) await page.keyboard.press(key);
  await expect(select).toHaveValue(letter);
}

/** axe at a phone's width and a desktop's; no sideways scrolling on the phone. */
async function expectNoAxeViolationsAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoAxeViolations(page);
}

/** Uploads through "Läs in fil" to price list 2 and opens the summary once validated. */
async function uploadAndReview(page: Page, file: UploadFile, status: string) {
  await page.goto('/import');
  await uploadThroughDialog(page, file);
  await page.getByRole('link', { name: 'Visa sammanfattningen' }).click();
  await expect(summaryFact(page, 'Filnamn')).toHaveText(file.name);
  await expect(summaryFact(page, 'Status')).toHaveText(status, jobTimeout);
}

/** The rows of a kind of change as shown: each row's cells' text. */
const shownRows = (region: Locator) => region.locator('tbody tr').allInnerTexts();

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'lev.admin');
});

test('a new column mapping by keyboard: counts, changes, the closed form and "Läs in" follow it', async ({
  page,
}) => {
  // A business system's export of price list 2: prices up 1 kr in "Pris exkl. moms", as they are
  // in "Listpris"; the lead time as it is in "Ledtid", a day longer in "Ny ledtid".
  const rows = await currentRows(page);
  const file = await workbookFile('affarssystem-400.xlsx', 'Blad1', [
    [
      'Art.nr',
      'Benämning',
      'Pris exkl. moms',
      'Listpris',
      'Min. order',
      'Ledtid',
      'Ny ledtid',
      ...rows[0]!.slice(5),
    ],
    ...rows.slice(1).map((row) => {
      const [article, name, price, quantity, lead, ...warranty] = row;
      return [
        article,
        name,
        Number(price) + 1,
        price,
        quantity,
        lead,
        Number(lead ?? 0) + 1,
        ...warranty,
      ] as Cell[];
    }),
  ]);
  await uploadAndReview(page, file, 'Valideringsfel');
  // Our own lead first, then the specified content, then the form.
  const lead = page.getByText(
    'Nästa steg: koppla filens kolumner till våra i formuläret nedan och välj ”Validera med de här kolumnerna”. Du behöver inte ändra filen.',
  );
  await expect(lead).toBeVisible();
  await expect(page.getByText('Filen saknar kolumner eller flikar.', { exact: false })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  // The price up 1 kr, the lead time as it is.
  await chooseColumn(page, mappingForm(page).getByLabel('Pris (obligatorisk)', { exact: true }), 'C');
  await chooseColumn(page, mappingForm(page).getByLabel('Leveranstid (dagar)', { exact: true }), 'F');
  await tabTo(page, mappingForm(page).getByRole('button', { name: 'Validera med de här kolumnerna' }));
  await page.keyboard.press('Enter');
  await expect(heading(page)).toBeFocused();
  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK', jobTimeout);
  await expect(count(page, 'Ändrade rader')).toHaveText('400');
  await expect(changesOf(page, 'Ändrade rader')).toContainText('Visar 1–10 av 400');
  for (const row of await shownRows(changesOf(page, 'Ändrade rader'))) expect(row).toMatch(/Pris: /);

  // "Ändra kopplingen": the price as it is, the lead time a day longer.
  const change = page.getByRole('button', { name: 'Ändra kopplingen' });
  await tabTo(page, change);
  await page.keyboard.press('Enter');
  await expect(mappingForm(page).getByRole('heading', { name: 'Koppla filens kolumner' })).toBeFocused();
  await chooseColumn(page, mappingForm(page).getByLabel('Pris (obligatorisk)', { exact: true }), 'D');
  await chooseColumn(page, mappingForm(page).getByLabel('Leveranstid (dagar)', { exact: true }), 'G');
  await tabTo(page, mappingForm(page).getByRole('button', { name: 'Validera med de här kolumnerna' }));
  await page.keyboard.press('Enter');

  // While it runs: the note, none of the old result.
  await expect(heading(page)).toBeFocused();
  await expect(mappingForm(page)).toHaveCount(0);
  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK', jobTimeout);
  await expect(page.getByText(pendingNote)).toHaveCount(0);
  await expect(page.getByText(/Kolumnerna tolkades med kopplingen: .*Listpris → Pris/)).toBeVisible();
  await expect(page.getByText(/Ny ledtid → Leveranstid \(dagar\)/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Försök 3/ })).toBeVisible();
  await expect(count(page, 'Ändrade rader')).toHaveText('400');
  const updated = changesOf(page, 'Ändrade rader');
  await expect(updated).toContainText('Visar 1–10 av 400');
  const shown = await shownRows(updated);
  expect(shown).toHaveLength(10);
  for (const row of shown) {
    expect(row).toMatch(/Leveranstid \(dagar\): /);
    expect(row).not.toMatch(/Pris: /);
  }
  await expect(mappingForm(page)).toHaveCount(0);
  await expect(change).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Läs in', exact: true })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // A reload shows nothing else: the page was already the latest validation's.
  const counts = (await page.locator('dl.counts').textContent()) ?? '';
  await page.reload();
  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK');
  await expect(page.locator('dl.counts')).toHaveText(counts);
  await expect(changesOf(page, 'Ändrade rader')).toContainText('Visar 1–10 av 400');
  expect(await shownRows(changesOf(page, 'Ändrade rader'))).toEqual(shown);
});

test('"Validera igen" after corrections: the errors, then the result and its risks, are the new ones', async ({
  page,
}) => {
  const rows = await currentRows(page);
  // Two prices that are not numbers (HMD-0002, HMD-0003) and a negative lead time (HMD-0004).
  rows[2]![2] = 'gratis';
  rows[3]![2] = 'okänt';
  rows[4]![4] = -3;
  const removedArticle = String(rows[4]![0]);
  const file = await workbookFile('rattas-i-omgangar.xlsx', 'Prislista', rows);
  await uploadAndReview(page, file, 'Valideringsfel');
  const twoWays =
    'Så går du vidare: rätta värdena i tabellen nedan och välj ”Validera igen”, eller rätta filen och läs in den med ”Läs in ny fil”.';
  await expect(page.getByText(twoWays)).toBeVisible();
  await expect(page.getByText('Valideringen misslyckad.', { exact: false })).toBeVisible();

  // Round 1: filter the prices, correct one of them.
  const counts = page.getByRole('list', { name: 'Fel per kolumn och regel' });
  await counts.getByRole('button', { name: /^Pris: 2 / }).click();
  await expect(page.getByRole('table', { name: 'Visar 2 av 2 fel' })).toBeVisible();
  await page.getByRole('textbox', { name: /cell C3$/ }).fill('112,50');
  await page.getByRole('button', { name: 'Validera igen' }).click();
  await expect(heading(page)).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: /^Försök 2/ })).toContainText(
    '1 fel rättade',
    jobTimeout,
  );
  await expect(summaryFact(page, 'Status')).toHaveText('Valideringsfel');
  // Every error of the new validation: no filter, no typed value, the file's values in the fields.
  await expect(counts.getByRole('button', { name: 'Alla fel (2)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Tabellen visar' })).toHaveText(
    'Tabellen visar alla fel.',
  );
  await expect(page.getByRole('table', { name: 'Visar 2 av 2 fel' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /cell C3$/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /cell C4$/ })).toHaveValue('okänt');
  await expect(page.getByRole('textbox', { name: /cell E5$/ })).toHaveValue('-3');
  await expect(page.getByText(twoWays)).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // Round 2: the other price corrected, HMD-0004's row left out: it goes, by the user's choice.
  await page.getByRole('textbox', { name: /cell C4$/ }).fill('99');
  await page.getByRole('checkbox', { name: new RegExp(`rad(en)? 5, artikel ${removedArticle}$`) }).check();
  await page.getByRole('button', { name: 'Validera igen' }).click();
  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK', jobTimeout);
  await expect(page.getByRole('button', { name: 'Validera igen' })).toHaveCount(0);
  await expect(page.getByText(twoWays)).toHaveCount(0);
  // Risky (a row leaves a current list): the specified banner as a warning, the risks next.
  const approved = page.getByText('Filen är godkänd för inläsning.', { exact: false });
  await expect(approved).toHaveClass(/\bwarning\b/);
  await expect(approved).not.toHaveClass(/\bsuccess\b/);
  const risks = page.getByRole('note', { name: 'Kontrollera innan du läser in' });
  await expect(risks).toContainText('varav 1 som du valde att ta bort');
  await expect(count(page, 'Ändrade rader')).toHaveText('2');
  await expect(count(page, 'Borttagna rader')).toHaveText('1');
  await expect(factIn(page, 'dl.risk-facts', 'Rader som tas bort')).toHaveText(
    '1, varav 1 som du valde att ta bort',
  );
  await expect(changesOf(page, 'Ändrade rader')).toContainText('Visar 1–2 av 2');
  await expect(changesOf(page, 'Borttagna rader')).toContainText(removedArticle);
  await expectNoAxeViolationsAtBothWidths(page);

  // "Läs in" asks, with this validation's risks.
  await page.getByRole('button', { name: 'Läs in', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: 'Vill du läsa in filen ändå?' });
  await expect(ask).toContainText('varav 1 som du valde att ta bort');
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Avbryt' }).click();
  await expect(ask).toBeHidden();
});

test('"Läs in ny fil" by keyboard: the new file\'s result replaces the errors, its risks and emptied values said', async ({
  page,
}) => {
  await uploadAndReview(page, await fileWithErrors('forst-fel.xlsx'), 'Valideringsfel');
  await expect(page.getByRole('table', { name: /^Visar \d+ av \d+ fel$/ })).toBeVisible();

  // The list without its last 12 rows, and three rows' value of an optional column emptied.
  const rows = await currentRows(page);
  const kept = rows.slice(0, 401 - 12);
  const filled = (row: Cell[], index: number) => row[index] !== null && row[index] !== '';
  const column = [4, 5, 6, 7, 8].find(
    (index) => kept.slice(1).filter((row) => filled(row, index)).length >= 3,
  )!;
  const columnName = String(rows[0]![column]);
  const emptied = kept
    .slice(1)
    .filter((row) => filled(row, column))
    .slice(0, 3);
  for (const row of emptied) row[column] = null;
  const file = await workbookFile('ny-prislista.xlsx', 'Prislista', kept);

  await tabTo(page, page.getByRole('button', { name: 'Läs in ny fil' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Läs in ny fil' });
  await tabTo(page, dialog.getByRole('button', { name: 'Välj fil' }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
  await tabTo(page, dialog.getByRole('button', { name: 'Ladda upp' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(heading(page)).toHaveText('Sammanfattning: ny-prislista.xlsx');
  await expect(heading(page)).toBeFocused();

  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK', jobTimeout);
  await expect(page.getByRole('table', { name: /fel$/ })).toHaveCount(0);
  await expect(page.getByText('Valideringen misslyckad.', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Läs in ny fil' })).toHaveCount(0);
  const approved = page.getByText('Filen är godkänd för inläsning.', { exact: false });
  await expect(approved).toHaveClass(/\bwarning\b/);
  const risks = page.getByRole('note', { name: 'Kontrollera innan du läser in' });
  await expect(risks).toContainText('12 av 400 rader');
  const order = await page.evaluate(() => {
    const at = (selector: string) => document.querySelector(selector);
    const [banner, note, counts] = [at('.banner.warning'), at('[role="note"]'), at('#counts-heading')];
    const follows = (a: Element | null, b: Element | null) =>
      !!a && !!b && !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    return follows(banner, note) && follows(note, counts);
  });
  expect(order).toBe(true);
  await expect(count(page, 'Borttagna rader')).toHaveText('12');
  const articles = emptied.map((row) => String(row[0])).join(', ');
  await expect(factIn(page, 'dl.risk-facts', 'Värden som töms')).toHaveText(
    `3 rader förlorar ${columnName}: ${articles}.`,
  );
  await expect(changesOf(page, 'Borttagna rader')).toContainText('Visar 1–10 av 12');
  await expectNoAxeViolationsAtBothWidths(page);

  // "Läs in" by keyboard asks, names the removal and the emptied values; "Avbryt" has the focus.
  const confirm = page.getByRole('button', { name: 'Läs in', exact: true });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog', { name: 'Vill du läsa in filen ändå?' });
  await expect(ask).toContainText('12 av 400 rader');
  await expect(ask).toContainText(`3 rader förlorar ${columnName}: ${articles}.`);
  await expect(ask.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(confirm).toBeFocused();
});
