import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PricelistRowValues } from '#contract';
import {
  postConfirm,
  pricelistRows,
  request,
  runAllJobs,
  storedPricelist,
  uploadImport,
} from '../../../../test-support/importFlow';
import { ourReading, standardReading } from '../../../../test-support/peppolCatalogues';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { writeCatalogue } from './writeCatalogue';

const today = () => new Date().toISOString().slice(0, 10);

/** The price list as a catalogue, each row through `edit` (null leaves it out). */
const catalogueOf = (
  rows: readonly PricelistRowValues[],
  edit: (row: PricelistRowValues) => PricelistRowValues | null = (row) => row,
  startDate = today(),
) =>
  Buffer.from(
    writeCatalogue({
      id: '2',
      issueDate: today(),
      startDate,
      supplierName: 'Hjälpmedel Demo AB',
      rows: rows
        .map(edit)
        .filter((row): row is PricelistRowValues => row !== null)
        .map((values) => ({ values, articleName: null })),
    }),
  );

describe.each(testDatabaseKinds)('a Peppol catalogue through the import (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  const get = (path: string) =>
    request(testApp, 'GET', `imports/${supplier.organizationId}/${path}`, supplier.cookie);

  async function validated(
    content: Buffer,
    fileName = 'katalog.xml',
    pricelistId = supplier.pricelists.current,
  ) {
    const created = await uploadImport(testApp, supplier, content, { fileName, pricelistId });
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().importObject.id;
    await runAllJobs(testApp);
    const shown = (await get(String(id))).json().importObject;
    const summary = (await get(`${id}/summary`)).json().result;
    return { id, status: shown.status as string, failureReason: shown.failureReason as string, summary };
  }

  it('Replace: validated, guarded, applied and undone like an Excel file; its history lists it', async () => {
    const pricelistId = supplier.pricelists.current;
    const before = await storedPricelist(testApp, pricelistId);
    const rows = await pricelistRows(testApp, pricelistId);
    const [first, second] = rows;
    const content = catalogueOf(rows, (row) =>
      row.articleNumber === second!.articleNumber
        ? null
        : row.articleNumber === first!.articleNumber
          ? { ...row, price: '1234.50', warrantyTerms: 'Två år på ramen' }
          : row,
    );
    const { id, status, summary } = await validated(content);
    expect(status).toBe('VALIDATION_SUCCESS');
    expect(summary).toMatchObject({
      type: 'CONFIRM',
      added: 0,
      updated: 1,
      removed: 1,
      unchanged: rows.length - 2,
      ignoredElements: ['ID', 'IssueDate', 'ProviderParty', 'ReceiverParty'],
      risk: { removed: 1, removedArticleNumbers: [second!.articleNumber] },
    });
    // Removing a row from the current list is a risk: no confirm without acknowledging it.
    expect((await postConfirm(testApp, supplier, id, { acknowledge: false })).statusCode).toBe(409);
    expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
    await runAllJobs(testApp);
    expect((await get(String(id))).json().importObject).toMatchObject({
      status: 'IMPORT_SUCCESS',
      undoable: true,
    });
    const after = await pricelistRows(testApp, pricelistId);
    expect(after).toHaveLength(rows.length - 1);
    expect(after.find((row) => row.articleNumber === first!.articleNumber)).toEqual({
      ...first,
      price: '1234.50',
      warrantyTerms: 'Två år på ramen',
    });
    const history = (await get(`pricelists/${pricelistId}`)).json().imports;
    expect(history.map((item: { id: number }) => item.id)).toContain(id);

    const undone = await request(
      testApp,
      'POST',
      `imports/${supplier.organizationId}/${id}/undo`,
      supplier.cookie,
    );
    expect(undone.statusCode).toBe(200);
    expect(await storedPricelist(testApp, pricelistId)).toEqual(before);
  });

  it('Update: only the lines named change, a Delete line removes its row', async () => {
    const pricelistId = supplier.pricelists.future;
    const rows = await pricelistRows(testApp, pricelistId);
    const [first, second] = rows;
    const xml = catalogueOf(
      [{ ...first!, price: '99.00' }, second!],
      (row) => row,
      new Date(Date.now() + 61 * 86_400_000).toISOString().slice(0, 10),
    )
      .toString()
      .replace('<cbc:ActionCode>Replace</cbc:ActionCode>', '<cbc:ActionCode>Update</cbc:ActionCode>')
      .replace(
        /(<cac:CatalogueLine>\s*<cbc:ID>2<\/cbc:ID>)/,
        '$1\n    <cbc:ActionCode>Delete</cbc:ActionCode>',
      );
    const { id, status, summary } = await validated(Buffer.from(xml), 'uppdatering.xml', pricelistId);
    expect(status).toBe('VALIDATION_SUCCESS');
    expect(summary).toMatchObject({
      type: 'CONFIRM',
      added: 0,
      updated: 1,
      removed: 1,
      unchanged: rows.length - 2,
    });
    expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
    await runAllJobs(testApp);
    const after = await pricelistRows(testApp, pricelistId);
    expect(after).toHaveLength(rows.length - 1);
    expect(after.find((row) => row.articleNumber === first!.articleNumber)!.price).toBe('99.00');
    expect(after.find((row) => row.articleNumber === second!.articleNumber)).toBeUndefined();
  });

  it('errors on lines: listed, paged and in the Excel export, naming line, element and XML line', async () => {
    const rows = (await pricelistRows(testApp, supplier.pricelists.current)).slice(0, 3);
    const xml = catalogueOf(rows).toString().replace('currencyID="SEK"', 'currencyID="EUR"');
    const { id, status, summary } = await validated(Buffer.from(xml));
    expect(status).toBe('VALIDATION_FAIL');
    expect(summary).toMatchObject({
      type: 'VALIDATION_ERRORS',
      errorCount: 1,
      ignoredElements: expect.any(Array),
    });
    const errors = (await get(`${id}/errors`)).json();
    expect(errors).toEqual({
      total: 1,
      errors: [
        {
          row: 1,
          articleNumber: rows[0]!.articleNumber,
          sheet: 'Peppol-katalog',
          column: 'Pris',
          fileColumn: expect.stringMatching(
            /^RequiredItemLocationQuantity\/Price\/PriceAmount \(CatalogueLine 1, ID 1, XML-rad \d+\)$/,
          ),
          message: 'Valutan är EUR. Pris måste anges i svenska kronor (currencyID="SEK").',
          value: rows[0]!.price,
          rule: 'INVALID_UNIT',
        },
      ],
    });
    const excel = await get(`${id}/validation-errors/excel`);
    expect(excel.statusCode).toBe(200);
    expect(excel.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('corrected on the summary: validated again, and "Ladda ner rättad fil" gives the catalogue with the value written in', async () => {
    const rows = await pricelistRows(testApp, supplier.pricelists.current);
    const content = catalogueOf(rows, (row) =>
      row.articleNumber === rows[0]!.articleNumber
        ? { ...row, price: 'tio' }
        : row.articleNumber === rows[2]!.articleNumber
          ? { ...row, minimumOrderQuantity: 0 }
          : row,
    );
    const { id, status } = await validated(gzipSync(content), 'katalog.xml.gz');
    expect(status).toBe('VALIDATION_FAIL');
    const corrected = await testApp.app.inject({
      method: 'POST',
      url: `/resources/v1/imports/${supplier.organizationId}/${id}/corrections`,
      headers: { cookie: supplier.cookie },
      payload: { basedOn: 0, corrections: [{ row: 1, column: 'Pris', value: '12,50' }], leaveOut: [3] },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await runAllJobs(testApp);
    expect((await get(`${id}/summary`)).json().result).toMatchObject({
      type: 'CONFIRM',
      updated: 1,
      removed: 1,
    });

    const download = await get(`${id}/corrected-file`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''katalog_rattad.xml");
    expect(download.body).toContain('<cbc:PriceAmount currencyID="SEK">12,50</cbc:PriceAmount>');
    expect(download.body).not.toContain(`<cbc:ID>${rows[2]!.articleNumber}</cbc:ID>`);
    // Sent again as it is, it validates as the corrected import did.
    const again = await validated(download.rawPayload, 'katalog_rattad.xml');
    expect(again.status).toBe('VALIDATION_SUCCESS');
    expect(again.summary).toMatchObject({ type: 'CONFIRM', updated: 1, removed: 1 });
  });

  it('"Ladda ner rättad fil" places a value by the reader\'s positions and refuses a character XML cannot hold', async () => {
    const rows = await pricelistRows(testApp, supplier.pricelists.current);
    const content = catalogueOf(rows, (row) =>
      row.articleNumber === rows[0]!.articleNumber ? { ...row, price: 'tio' } : row,
    )
      .toString('utf8')
      // A comment after the value that holds the value's own end tag.
      .replace('>tio</cbc:PriceAmount>', '>tio<!-- </cbc:PriceAmount> --></cbc:PriceAmount>');
    const { id, status } = await validated(Buffer.from(content));
    expect(status).toBe('VALIDATION_FAIL');
    const round = (value: string, basedOn = 0) =>
      testApp.app.inject({
        method: 'POST',
        url: `/resources/v1/imports/${supplier.organizationId}/${id}/corrections`,
        headers: { cookie: supplier.cookie },
        payload: { basedOn, corrections: [{ row: 1, column: 'Pris', value }], leaveOut: [] },
      });
    const control = await round('12\u000150');
    expect(control.statusCode).toBe(400);
    expect(control.json().error.message).toBe(
      'Rad 1, Pris: Texten innehåller ett tecken som inte kan sparas (U+0001, ett styrtecken) på plats 3.',
    );
    expect((await round('12,50')).statusCode).toBe(200);
    await runAllJobs(testApp);
    const download = await get(`${id}/corrected-file`);
    expect(download.statusCode, download.body).toBe(200);
    const read = standardReading(download.body);
    expect(read.lines[0]!.price).toEqual({ value: '12,50', attribute: 'SEK' });
    expect(read).toEqual(ourReading(download.rawPayload));
    expect(read.lines).toHaveLength(rows.length);
  });

  it('a start date outside the chosen price list is a format error naming both dates', async () => {
    const rows = (await pricelistRows(testApp, supplier.pricelists.current)).slice(0, 2);
    const { status, summary } = await validated(catalogueOf(rows, (row) => row, '2000-01-01'));
    expect(status).toBe('VALIDATION_FAIL');
    expect(summary).toMatchObject({ type: 'INVALID_FORMAT', missingColumns: [] });
    expect(summary.catalogueProblem).toMatch(
      /^Katalogens startdatum 2000-01-01 \(ValidityPeriod\/StartDate, XML-rad \d+\) passar inte prislista 2, som gäller från \d{4}-\d{2}-\d{2}\. .*före \d{4}-\d{2}-\d{2}/,
    );
  });

  it('"Ladda ner som Peppol-katalog": the download read back (gzip-compressed) changes nothing', async () => {
    const pricelistId = supplier.pricelists.current;
    const before = await storedPricelist(testApp, pricelistId);
    const url = `pricelists/${supplier.organizationId}/${supplier.generalPricelistId}/${pricelistId}/peppol`;
    const download = await request(testApp, 'GET', url, supplier.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(download.headers['content-disposition']).toContain(
      "filename*=UTF-8''Generell%20prislista%202.xml",
    );
    expect(download.body).toContain('<cbc:ActionCode>Replace</cbc:ActionCode>');
    expect(download.body).toContain('<cbc:RegistrationName>Hjälpmedel Demo AB</cbc:RegistrationName>');
    // The supplier by its own organisation number (ICD 0007), as provider and receiver: no made-up one.
    const number = '5599000006';
    expect(download.body.match(/<cbc:EndpointID schemeID="0007">(\d+)<\/cbc:EndpointID>/g)).toEqual([
      `<cbc:EndpointID schemeID="0007">${number}</cbc:EndpointID>`,
      `<cbc:EndpointID schemeID="0007">${number}</cbc:EndpointID>`,
    ]);
    expect(download.body).toContain(`<cbc:CompanyID schemeID="0007">${number}</cbc:CompanyID>`);
    expect(download.body).not.toContain('0000000000');
    // Peppol's rule PEPPOL-COMMON-R049: ten digits whose last is the Luhn check digit of the nine before.
    const sum = [...number.slice(0, 9)].reverse().reduce((total, digit, index) => {
      const doubled = Number(digit) * (index % 2 === 0 ? 2 : 1);
      return total + Math.floor(doubled / 10) + (doubled % 10);
    }, 0);
    expect((10 - (sum % 10)) % 10).toBe(Number(number[9]));
    // Sent compressed, as a large catalogue must be to fit within the upload limit.
    const { id, status, summary } = await validated(
      gzipSync(download.rawPayload),
      'Generell prislista 2.xml.gz',
    );
    expect(status).toBe('VALIDATION_SUCCESS');
    expect(summary).toMatchObject({
      type: 'CONFIRM',
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: before.length,
    });
    expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
    await runAllJobs(testApp);
    expect((await get(String(id))).json().importObject.status).toBe('IMPORT_SUCCESS');
    expect(await storedPricelist(testApp, pricelistId)).toEqual(before);

    const otherList = `pricelists/${supplier.organizationId}/${supplier.generalPricelistId}/999999/peppol`;
    expect((await request(testApp, 'GET', otherList, supplier.cookie)).statusCode).toBe(404);
    expect((await request(testApp, 'GET', url, undefined)).statusCode).toBe(401);
  });

  it('takes a catalogue in UTF-16 (with a byte-order mark) or UTF-32 (without), as in UTF-8', async () => {
    const rows = await pricelistRows(testApp, supplier.pricelists.current);
    const xml = catalogueOf(rows).toString('utf8');
    const utf16 = Buffer.from(`\ufeff${xml.replace('encoding="UTF-8"', 'encoding="UTF-16"')}`, 'utf16le');
    const characters = [...xml.replace('encoding="UTF-8"', 'encoding="UTF-32"')];
    const utf32 = Buffer.alloc(characters.length * 4);
    for (const [i, character] of characters.entries()) utf32.writeUInt32BE(character.codePointAt(0)!, i * 4);
    for (const content of [utf16, utf32]) {
      const { status, summary } = await validated(content);
      expect(status).toBe('VALIDATION_SUCCESS');
      expect(summary).toMatchObject({
        type: 'CONFIRM',
        added: 0,
        updated: 0,
        removed: 0,
        unchanged: rows.length,
      });
    }
  });

  it('refuses at upload an XML with a DOCTYPE and one that is not a catalogue', async () => {
    const doctype = await uploadImport(
      testApp,
      supplier,
      Buffer.from('<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><Catalogue/>'),
      { fileName: 'katalog.xml' },
    );
    expect(doctype.statusCode).toBe(415);
    expect(doctype.json().error.message).toBe(
      'Filen innehåller en DOCTYPE-deklaration och läses inte av säkerhetsskäl.',
    );
    const invoice = await uploadImport(
      testApp,
      supplier,
      Buffer.from('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
      { fileName: 'faktura.xml' },
    );
    expect(invoice.statusCode).toBe(415);
    expect(invoice.json().error.message).toBe('Filen måste vara en Excel-fil (.xls eller .xlsx).');
    const packedInvoice = await uploadImport(
      testApp,
      supplier,
      gzipSync('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
      { fileName: 'faktura.xml.gz' },
    );
    expect(packedInvoice.statusCode).toBe(415);
  });
});
