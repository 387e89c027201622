import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { currentPricelist, expect, expectNoAxeViolations, loginAs, test } from './fixtures';

test('"Ladda ner som Peppol-katalog" gives a catalogue that reads back as the price list, unchanged', async ({
  page,
}) => {
  await loginAs(page, 'lev.admin');
  const current = await currentPricelist(page);
  const { organizationId } = current;
  await page.goto(current.path);
  await expect(page.getByRole('heading', { level: 1, name: `Prislista ${current.number}` })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Ladda ner som Peppol-katalog' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Generell prislista ${current.number}.xml`);
  const content = readFileSync((await file.path())!);
  expect(content.toString('utf8')).toContain('<cbc:ActionCode>Replace</cbc:ActionCode>');
  // The supplier by its own organisation number, not a made-up one (decision 0044).
  expect(content.toString('utf8')).toContain('<cbc:EndpointID schemeID="0007">5599000006</cbc:EndpointID>');
  expect(content.toString('utf8')).not.toContain('0000000000');

  // A business system sends it back through the API: nothing changes.
  const created = await page.request.post(`/resources/v1/imports/${organizationId}`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      request: JSON.stringify({
        type: 'GENERAL_PRICELIST',
        metadata: { parent: current.generalPricelistId, id: current.pricelistId },
      }),
      file: { name: file.suggestedFilename(), mimeType: 'application/xml', buffer: content },
    },
  });
  expect(created.status()).toBe(201);
  const importId: number = (await created.json()).importObject.id;
  await expect
    .poll(async () => {
      const shown = await page.request.get(`/resources/v1/imports/${organizationId}/${importId}`);
      return (await shown.json()).importObject.status;
    })
    .toBe('VALIDATION_SUCCESS');
  const summary = (
    await (await page.request.get(`/resources/v1/imports/${organizationId}/${importId}/summary`)).json()
  ).result;
  expect(summary).toMatchObject({ type: 'CONFIRM', added: 0, updated: 0, removed: 0 });
  expect(summary.unchanged).toBeGreaterThan(0);

  // Its summary says it was a catalogue, and what of it was not read.
  await page.goto(`/import/${importId}`);
  const notice = page.locator('.catalogue-notice');
  await expect(notice).toContainText('Filen är en Peppol-katalog (Peppol BIS Catalogue 3)');
  await expect(notice).toContainText(
    '4 element i katalogen har ingen motsvarighet i prislistan och lästes inte in:',
  );
  await expect(notice.getByRole('listitem')).toHaveText([
    'ID',
    'IssueDate',
    'ProviderParty',
    'ReceiverParty',
  ]);
  await expectNoAxeViolations(page, { bestPractice: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page, { bestPractice: true });
});

test('a gzip-compressed catalogue whose start date does not fit: its summary says why, naming both dates', async ({
  page,
}) => {
  await loginAs(page, 'lev.admin');
  const current = await currentPricelist(page);
  const { organizationId } = current;
  const catalogue = await page.request.get(
    `/resources/v1/pricelists/${organizationId}/${current.generalPricelistId}/${current.pricelistId}/peppol`,
  );
  const early = (await catalogue.text()).replace(
    /<cbc:StartDate>[^<]*<\/cbc:StartDate>/,
    '<cbc:StartDate>2000-01-01</cbc:StartDate>',
  );
  const created = await page.request.post(`/resources/v1/imports/${organizationId}`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      request: JSON.stringify({
        type: 'GENERAL_PRICELIST',
        metadata: { parent: current.generalPricelistId, id: current.pricelistId },
      }),
      file: { name: 'katalog.xml.gz', mimeType: 'application/gzip', buffer: gzipSync(early) },
    },
  });
  expect(created.status()).toBe(201);
  const importId: number = (await created.json()).importObject.id;
  await expect
    .poll(async () => {
      const shown = await page.request.get(`/resources/v1/imports/${organizationId}/${importId}`);
      return (await shown.json()).importObject.status;
    })
    .toBe('VALIDATION_FAIL');

  await page.goto(`/import/${importId}`);
  await expect(page.getByText(/Katalogen passar inte den valda prislistan/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Katalogens giltighetsperiod' })).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(
        `^Katalogens startdatum 2000-01-01 \\(ValidityPeriod/StartDate, XML-rad \\d+\\) passar inte prislista ${current.number}, som gäller från \\d{4}-\\d{2}-\\d{2}\\.`,
      ),
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page, { bestPractice: true });
});

test('a catalogue line corrected on the summary: "Validera igen", and "Ladda ner rättad fil" gives the catalogue with the value in place', async ({
  page,
}) => {
  await loginAs(page, 'lev.admin');
  const current = await currentPricelist(page);
  const { organizationId } = current;
  const catalogue = await (
    await page.request.get(
      `/resources/v1/pricelists/${organizationId}/${current.generalPricelistId}/${current.pricelistId}/peppol`,
    )
  ).text();
  // The first line's price written as a word.
  const wrong = catalogue.replace(
    /(<cbc:PriceAmount currencyID="SEK">)[^<]*(<\/cbc:PriceAmount>)/,
    '$1tio$2',
  );
  const article = /<cac:SellersItemIdentification>\s*<cbc:ID>([^<]*)<\/cbc:ID>/.exec(wrong)![1]!;
  const created = await page.request.post(`/resources/v1/imports/${organizationId}`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      request: JSON.stringify({
        type: 'GENERAL_PRICELIST',
        metadata: { parent: current.generalPricelistId, id: current.pricelistId },
      }),
      file: { name: 'katalog.xml', mimeType: 'application/xml', buffer: Buffer.from(wrong) },
    },
  });
  expect(created.status()).toBe(201);
  const importId: number = (await created.json()).importObject.id;

  await page.goto(`/import/${importId}`);
  await expect(page.getByText('Valideringen misslyckad.', { exact: false })).toBeVisible({ timeout: 30_000 });
  const price = page.getByRole('textbox', { name: `Nytt värde för Pris, artikel ${article}` });
  await expect(price).toHaveValue('tio');
  await price.fill('12,50');
  await page.getByRole('button', { name: 'Validera igen' }).click();
  await expect(page.getByText('Filen är godkänd för inläsning.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Ladda ner rättad fil' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('katalog_rattad.xml');
  const corrected = readFileSync((await file.path())!).toString('utf8');
  expect(corrected).toContain('<cbc:PriceAmount currencyID="SEK">12,50</cbc:PriceAmount>');
  expect(corrected).toBe(wrong.replace('>tio<', '>12,50<'));
});
