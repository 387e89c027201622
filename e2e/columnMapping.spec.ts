import type { Locator, Page } from '@playwright/test';
import { exportColumns, exportFile, option, otherExport, reorderedExport } from './columnMappingFiles';
import { expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import type { UploadFile } from './importFiles';
import { tabTo } from './keyboard';
import { uploadThroughDialog } from './uploadThroughDialog';

/**
 * "Koppla filens kolumner": a file with a business system's own headers is mapped onto ours by
 * keyboard, validated again, and the mapping saved for the organisation is used for the next file
 * with the same headers, not for one with other headers, until it is forgotten. Every test starts
 * from the demo data (the reset in ./fixtures empties the saved mappings too), and checks so.
 */

/** Validation is a job: its result comes within seconds; the summary asks every 2 s. */
const jobTimeout = { timeout: 30_000 };

const usedPairs =
  'Art.nr → Artikelnummer, Benämning → Benämning, Pris exkl. moms → Pris, Min. order → Minsta beställningsantal, Ledtid → Leveranstid (dagar)';

async function openImports(page: Page) {
  await page.goto('/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Inläsningar' })).toBeVisible();
}

const savedMappings = (page: Page) => page.getByRole('region', { name: 'Sparade kolumnkopplingar' });
const mappingForm = (page: Page) => page.getByRole('region', { name: 'Koppla filens kolumner' });
const summaryFact = (page: Page, term: string) =>
  page.locator('dl.summary-facts dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
/** The select of one of our columns, by its label ("Pris (obligatorisk)", "Benämning", …). */
const field = (page: Page, label: string) => mappingForm(page).getByLabel(label, { exact: true });
/** What a select shows: the text of its chosen option. */
const shown = (select: Locator) => select.locator('option:checked');

/** Uploads through the dialog "Läs in fil" to price list 2 and opens the finished validation. */
async function uploadAndReview(page: Page, file: UploadFile, status: string) {
  await openImports(page);
  await uploadThroughDialog(page, file);
  // The notice's link leads to the summary, which follows the validation until its result.
  // Uploaded, or already validated: the one message is replaced when the result is there.
  await expect(page.getByRole('status').filter({ hasText: `Filen ”${file.name}”` })).toBeVisible();
  await page.getByRole('link', { name: 'Visa sammanfattningen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sammanfattning' })).toBeVisible();
  await expect(summaryFact(page, 'Filnamn')).toHaveText(file.name);
  await expect(summaryFact(page, 'Status')).toHaveText(status, jobTimeout);
}

/** The summary of a file whose columns are not ours: the format banner and the mapping form. */
async function expectMappingAsked(page: Page) {
  await expect(page.getByText('Filen saknar kolumner eller flikar.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Saknade kolumner' })).toBeVisible();
  await expect(mappingForm(page).getByRole('heading', { level: 2 })).toHaveText('Koppla filens kolumner');
  await expect(
    mappingForm(page).getByRole('button', { name: 'Validera med de här kolumnerna' }),
  ).toBeVisible();
  await expect(page.getByText('Kolumnerna tolkades med')).toHaveCount(0);
}

/** Presses Tab until `target` has the focus: the way a keyboard user gets there. */

/** Presses `key` on the focused select until it shows `text`: a keyboard user's choice. */
async function chooseByKeyboard(page: Page, select: Locator, key: 'ArrowUp' | 'ArrowDown', text: string) {
  await expect(select).toBeFocused();
  for (let i = 0; i < 10; i++) {
    if ((await shown(select).textContent()) === text) return;
    await page.keyboard.press(key);
  }
  await expect(shown(select)).toHaveText(text);
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, 'lev.admin');
  // Nothing saved from before: the reset emptied the saved mappings.
  await openImports(page);
  await expect(savedMappings(page)).toContainText('Inga sparade kolumnkopplingar.');
});

test('mapped by keyboard, validated again; the saved mapping reads the next file, not one with other headers', async ({
  page,
}) => {
  const mappingRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/column-mapping'))
      mappingRequests.push(request.url());
  });

  // 1. The export: its columns are not ours, so the summary asks for a mapping, preselected by suggestion.
  await uploadAndReview(page, await exportFile('affarssystem.xlsx'), 'Valideringsfel');
  await expectMappingAsked(page);
  const form = mappingForm(page);
  await expect(shown(form.getByLabel('Flik', { exact: true }))).toHaveText('Blad1');
  // Each column with its first values, under it in the header row and in each choice.
  await expect(
    form.getByRole('list', { name: 'Rubrikraden på fliken Blad1' }).getByRole('listitem'),
  ).toHaveText(exportColumns.map(([label, samples]) => `${label} ${samples}`));
  const preselected: [string, string][] = [
    ['Artikelnummer (obligatorisk)', option('A')],
    ['Benämning', option('B')],
    ['Pris (obligatorisk)', option('C')],
    ['Minsta beställningsantal (obligatorisk)', option('D')],
    ['Leveranstid (dagar)', option('E')],
    ['Garanti antal', 'Behåll nuvarande värden'],
    ['Garanti enhet', 'Behåll nuvarande värden'],
    ['Garanti gäller från', 'Behåll nuvarande värden'],
    ['Garantivillkor', 'Behåll nuvarande värden'],
  ];
  for (const [label, text] of preselected) await expect(shown(field(page, label))).toHaveText(text);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  // Nothing wider than the screen: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });

  // 2. By keyboard: Tab reaches the sheet, each of our columns in order, then the button (and Shift+Tab goes back).
  const sheetSelect = form.getByLabel('Flik', { exact: true });
  await tabTo(page, sheetSelect);
  for (const [label] of preselected) {
    await page.keyboard.press('Tab');
    await expect(field(page, label)).toBeFocused();
  }
  const submit = form.getByRole('button', { name: 'Validera med de här kolumnerna' });
  await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(field(page, 'Garantivillkor')).toBeFocused();

  // Pris gets the article number's column, and the order quantity none: two mistakes.
  const price = field(page, 'Pris (obligatorisk)');
  const orderQuantity = field(page, 'Minsta beställningsantal (obligatorisk)');
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+Tab');
  await chooseByKeyboard(page, price, 'ArrowUp', option('A'));
  await page.keyboard.press('Tab');
  await chooseByKeyboard(page, orderQuantity, 'ArrowUp', 'Välj kolumn');
  await tabTo(page, submit);
  await page.keyboard.press('Enter');

  // Refused at the fields: the summary of what is wrong has the focus, each field says its message.
  const duplicate =
    'Kolumnen A: Art.nr är redan vald för Artikelnummer. Varje kolumn i filen kan bara användas en gång.';
  const missing = 'Välj vilken kolumn i filen som är Minsta beställningsantal.';
  const problems = form.locator('.column-mapping__problems');
  await expect(problems).toBeFocused();
  await expect(problems.getByRole('heading', { name: 'Kopplingen behöver rättas' })).toBeVisible();
  await expect(problems.getByRole('link')).toHaveText([duplicate, missing]);
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveAccessibleDescription(duplicate);
  await expect(orderQuantity).toHaveAccessibleDescription(missing);
  await expect(form.getByText(duplicate, { exact: true }).last()).toBeVisible();
  await expect(summaryFact(page, 'Status')).toHaveText('Valideringsfel');
  expect(mappingRequests).toEqual([]);
  await expectNoAxeViolations(page);

  // The summary's link leads to the field; put both right and validate again.
  await page.keyboard.press('Tab');
  await expect(problems.getByRole('link', { name: duplicate })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(price).toBeFocused();
  await chooseByKeyboard(page, price, 'ArrowDown', option('C'));
  await page.keyboard.press('Tab');
  await chooseByKeyboard(page, orderQuantity, 'ArrowDown', option('D'));
  await tabTo(page, submit);
  await page.keyboard.press('Enter');

  // The page follows the new validation: the form goes, the heading has the focus, the result comes.
  await expect(page.getByRole('heading', { level: 1, name: 'Sammanfattning' })).toBeFocused();
  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK', jobTimeout);
  expect(mappingRequests).toHaveLength(1);
  await expect(mappingForm(page)).toHaveCount(0);
  await expect(page.getByText(`Kolumnerna tolkades med kopplingen: ${usedPairs}.`)).toBeVisible();
  await expect(page.getByText('Filen är godkänd för inläsning.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  // The mapping is saved for the organisation.
  await openImports(page);
  const savedRow = savedMappings(page).getByRole('row', { name: /Blad1/ });
  await expect(savedRow).toContainText(usedPairs);
  await expect(savedRow.getByRole('button', { name: 'Ta bort kopplingen för fliken Blad1' })).toBeVisible();

  // 3. The same export with its columns moved: read with the saved mapping at once.
  await uploadAndReview(page, await reorderedExport('affarssystem-ny-ordning.xlsx'), 'Validering OK');
  await expect(
    page.getByText(
      new RegExp(
        `^Kolumnerna tolkades med er sparade koppling från \\d{1,2} \\p{L}+ \\d{4}: ${literal(usedPairs)}\\.$`,
        'u',
      ),
    ),
  ).toBeVisible();
  const change = page.getByRole('button', { name: 'Ändra kopplingen' });
  await expect(change).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Glöm den sparade kopplingen' })).toBeVisible();
  await expectNoAxeViolations(page);
  // "Ändra kopplingen" opens the form with the used mapping (the letters of this file); "Avbryt" closes it.
  await change.click();
  await expect(change).toHaveAttribute('aria-expanded', 'true');
  await expect(mappingForm(page).getByRole('heading', { name: 'Koppla filens kolumner' })).toBeFocused();
  await expect(shown(field(page, 'Artikelnummer (obligatorisk)'))).toHaveText(/^D: Art\.nr \(t\.ex\. /);
  await expect(shown(field(page, 'Minsta beställningsantal (obligatorisk)'))).toHaveText(
    'F: Min. order (t.ex. ”1”)',
  );
  await expectNoAxeViolations(page);
  await mappingForm(page).getByRole('button', { name: 'Avbryt' }).click();
  await expect(mappingForm(page)).toHaveCount(0);
  await expect(change).toBeFocused();

  // 4. Another system's headers: the saved mapping does not fit, the mapping is asked for again.
  await uploadAndReview(page, await otherExport('annat-system.xlsx'), 'Valideringsfel');
  await expectMappingAsked(page);
  await expect(
    mappingForm(page).getByRole('list', { name: 'Rubrikraden på fliken Blad1' }).getByRole('listitem'),
  ).toHaveText([
    /^A: Artikelnr t\.ex\./,
    /^B: Namn t\.ex\./,
    /^C: Nettopris t\.ex\./,
    /^D: MOQ t\.ex\./,
    /^E: Ledtid t\.ex\./,
  ]);
  expect(mappingRequests).toHaveLength(1);
});

test('a saved mapping is forgotten from the summary or removed from the list: the export is mapped again', async ({
  page,
}) => {
  /** Uploads the export and validates it with the preselected mapping: it is saved. */
  const mapAndSave = async (name: string) => {
    await uploadAndReview(page, await exportFile(name), 'Valideringsfel');
    await expectMappingAsked(page);
    await mappingForm(page).getByRole('button', { name: 'Validera med de här kolumnerna' }).click();
    await expect(summaryFact(page, 'Status')).toHaveText('Validering OK', jobTimeout);
  };

  // "Glöm den sparade kopplingen" on the summary that used it.
  await mapAndSave('forsta.xlsx');
  await uploadAndReview(page, await reorderedExport('andra.xlsx'), 'Validering OK');
  await expect(
    page.getByText('Kolumnerna tolkades med er sparade koppling från', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Glöm den sparade kopplingen' }).click();
  const forgotten = page.getByRole('status').filter({
    hasText: 'Den sparade kopplingen är borttagen. Nästa fil med samma kolumner behöver kopplas igen.',
  });
  await expect(forgotten).toBeVisible();
  await expect(forgotten.locator('p')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Glöm den sparade kopplingen' })).toHaveCount(0);
  // This result stays as it was.
  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK');
  await expectNoAxeViolations(page);
  await openImports(page);
  await expect(savedMappings(page)).toContainText('Inga sparade kolumnkopplingar.');
  await uploadAndReview(page, await exportFile('tredje.xlsx'), 'Valideringsfel');
  await expectMappingAsked(page);

  // "Ta bort" on the list page, by keyboard.
  await mapAndSave('fjarde.xlsx');
  await openImports(page);
  const region = savedMappings(page);
  await expect(region.getByRole('columnheader')).toHaveText([
    'Flik',
    'Kopplingar',
    'Sparad',
    'Senast använd',
    'Åtgärd',
  ]);
  const row = region.getByRole('row', { name: /Blad1/ });
  await expect(row).toContainText(usedPairs);
  // Saved by the user who validated with it, on a date written out.
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d{1,2} \p{L}+ \d{4} av Lena Lindqvist$/u);
  await expectNoAxeViolations(page);
  const remove = row.getByRole('button', { name: 'Ta bort kopplingen för fliken Blad1' });
  await expect(remove).toHaveAccessibleDescription(usedPairs);
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  await expect(region.getByRole('status')).toHaveText('Kopplingen för fliken Blad1 är borttagen.');
  await expect(region.getByRole('heading', { level: 2, name: 'Sparade kolumnkopplingar' })).toBeFocused();
  await expect(region).toContainText('Inga sparade kolumnkopplingar.');
  await expectNoAxeViolations(page);
  await uploadAndReview(page, await reorderedExport('femte.xlsx'), 'Valideringsfel');
  await expectMappingAsked(page);
});

test('the mapping step shows each column with its values, keeps values by default, and says why a saved mapping no longer fits', async ({
  page,
}) => {
  await uploadAndReview(page, await exportFile('med-exempel.xlsx'), 'Valideringsfel');
  await expectMappingAsked(page);
  const form = mappingForm(page);
  // No saved mapping yet: nothing to explain about one.
  await expect(page.getByRole('region', { name: 'Den sparade kopplingen används inte' })).toHaveCount(0);
  // What a choice does, under the choices, and read with them.
  const keep =
    'Behåll nuvarande värden: artiklar som redan finns i prislistan behåller sina värden i kolumnen, nya artiklar får den tom.';
  const chosen =
    'En vald kolumn i filen ger artiklarna sina värden. Är en cell i den tom, töms artikelns värde i prislistan.';
  await expect(form.getByText(keep, { exact: true })).toBeVisible();
  await expect(form.getByText(chosen, { exact: true })).toBeVisible();
  await expect(form.getByRole('group', { name: 'Våra kolumner' })).toHaveAccessibleDescription(
    new RegExp(literal(keep)),
  );
  await expect(form.getByText('Används inte: F: Lagersaldo', { exact: true })).toBeVisible();
  // Each of the file's columns is a choice with its values: read out as the option's text.
  await expect(field(page, 'Garanti antal').getByRole('option')).toHaveText([
    'Behåll nuvarande värden',
    ...['A', 'B', 'C', 'D', 'E', 'F'].map(option),
  ]);

  // By keyboard: Leveranstid keeps its values instead; the list of unused columns follows.
  const delivery = field(page, 'Leveranstid (dagar)');
  await tabTo(page, delivery);
  await chooseByKeyboard(page, delivery, 'ArrowUp', 'Behåll nuvarande värden');
  await expect(form.getByText('Används inte: E: Ledtid, F: Lagersaldo', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, form.getByRole('button', { name: 'Validera med de här kolumnerna' }));
  await page.keyboard.press('Enter');
  await expect(summaryFact(page, 'Status')).toHaveText('Validering OK', jobTimeout);

  // Next month's export: "Pris exkl. moms" is now "Nettopris". The saved mapping does not fit, and the page says why.
  await uploadAndReview(
    page,
    await exportFile('nytt-prisnamn.xlsx', [
      'Art.nr',
      'Benämning',
      'Nettopris',
      'Min. order',
      'Ledtid',
      'Lagersaldo',
    ]),
    'Valideringsfel',
  );
  await expectMappingAsked(page);
  const reason = page.getByRole('region', { name: 'Den sparade kopplingen används inte' });
  await expect(reason).toContainText(
    'Er sparade koppling för fliken Blad1 används bara för en fil med samma kolumner som när den sparades.',
  );
  await expect(reason.getByRole('listitem')).toHaveText([
    'Kolumnen ”Pris exkl. moms” finns inte längre i filen.',
    'Kolumnen ”Nettopris” är ny i filen.',
  ]);
  // The saved choices that still fit are preselected, Pris by its new name; Leveranstid kept as saved is suggested by name.
  await expect(shown(field(page, 'Artikelnummer (obligatorisk)'))).toHaveText(option('A'));
  await expect(shown(field(page, 'Pris (obligatorisk)'))).toHaveText(
    'C: Nettopris (t.ex. ”201”, ”202”, ”203”)',
  );
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(reason).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });
});

/** `text` as a literal in a regular expression. */
function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
