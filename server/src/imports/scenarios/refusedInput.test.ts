/**
 * Bad input to the import API gets a 400/413/415 with a specific Swedish text, never a 500, and a
 * file the reader refuses says why on the import.
 */
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePriceListXlsx } from '../../../../test-support/generatedWorkbooks';
import {
  api,
  demoSupplier,
  request,
  runAllJobs,
  type Supplier,
  uploadImport,
} from '../../../../test-support/importFlow';
import { priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import {
  handMadeXlsx,
  headers,
  passwordProtectedXls,
  sheetjsWorkbook,
  validRow,
} from '../../../../test-support/workbooks';
import { isEncryptedOfficeFile } from '../../lib/xlsx';
import { fileFailureReason } from '../store/importViews';

const badRequest = { error: { code: 'BAD_REQUEST', message: 'Felaktig begäran.' } };
const PASSWORD_PROTECTED = 'Filen är lösenordsskyddad. Spara den utan lösenord och läs in den igen.';
const MACRO_ENABLED =
  'Filen är en makroaktiverad arbetsbok (.xlsm). Spara den som Excel-arbetsbok (.xlsx) och läs in den igen.';

/** What Excel writes for an .xlsx saved with a password: a CFB container with these two streams. */
function encryptedXlsx(): Buffer {
  const { CFB } = XLSX;
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, '/EncryptionInfo', Buffer.alloc(224, 4));
  CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(9_000, 7));
  return CFB.write(container, { type: 'buffer' }) as Buffer;
}

/** A multipart body with the `request` part exactly as given (not JSON-encoded here), of `partType` if given. */
function rawMultipart(requestPart: string, file: Uint8Array, partType?: string) {
  const boundary = '----hmdbraw';
  const partHeaders = partType ? `\r\nContent-Type: ${partType}` : '';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="request"${partHeaders}\r\n\r\n${requestPart}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prislista.xlsx"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the encrypted-file check', () => {
  it('finds the EncryptedPackage stream of a CFB container, and nothing in an .xls or a zip', async () => {
    expect(isEncryptedOfficeFile(encryptedXlsx())).toBe(true);
    expect(isEncryptedOfficeFile(sheetjsWorkbook({ Prislista: [headers, validRow('HMD-1')] }, 'biff8'))).toBe(
      false,
    );
    // A cell that says "EncryptedPackage" is not a stream of that name.
    const xlsWithText = sheetjsWorkbook({ Prislista: [headers, ['EncryptedPackage']] }, 'biff8');
    expect(isEncryptedOfficeFile(xlsWithText)).toBe(false);
    expect(isEncryptedOfficeFile(await priceListWorkbook([]))).toBe(false);
    // A directory chain that loops back on itself ends.
    const looping = Buffer.from(encryptedXlsx());
    looping.writeUInt32LE(0, 0x30);
    looping.fill(0, 512, 1024);
    expect(isEncryptedOfficeFile(looping)).toBe(false);
  });
});

describe.each(testDatabaseKinds)('refused input to the import API on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let importId: number;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    // A validated import with changes to list, so that the changes query runs.
    const created = await uploadImport(testApp, supplier, await priceListWorkbook([]));
    importId = created.json().importObject.id;
    await runAllJobs(testApp);
  });
  afterAll(() => testApp?.close());

  const post = (body: { payload: Buffer; headers: Record<string, string> }) =>
    testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: body.payload,
    });

  it('answers 400 for numeric query parameters past PostgreSQL integer', async () => {
    for (const query of [
      'kind=removed&offset=2147483648',
      'kind=added&offset=10000000000000',
      'kind=removed&offset=99999999999999999999',
      'kind=updated&limit=2147483648',
      'kind=added&offset=-1',
    ]) {
      const response = await request(
        testApp,
        'GET',
        `imports/${supplier.organizationId}/${importId}/changes?${query}`,
        supplier.cookie,
      );
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(badRequest);
    }
    const largest = await request(
      testApp,
      'GET',
      `imports/${supplier.organizationId}/${importId}/changes?kind=removed&offset=2147483647`,
      supplier.cookie,
    );
    expect(largest.statusCode).toBe(200);
    expect(largest.json().total).toBeGreaterThan(0);
    expect(largest.json().changes).toEqual([]);
    const list = await request(
      testApp,
      'GET',
      `imports/${supplier.organizationId}?limit=2147483648`,
      supplier.cookie,
    );
    expect(list.json()).toEqual(badRequest);
  });

  it('answers 400 for a parent or id past int32 in the request part', async () => {
    const content = await priceListWorkbook([]);
    for (const metadata of [
      { parent: 2_147_483_648, id: supplier.pricelists.current },
      { parent: supplier.generalPricelistId, id: 2 ** 53 },
      { parent: supplier.generalPricelistId, id: -1 },
    ]) {
      const response = await post(
        rawMultipart(JSON.stringify({ type: 'GENERAL_PRICELIST', metadata }), content),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'BAD_REQUEST',
        message: 'Du måste välja typ av fil och prislistenummer.',
      });
    }
  });

  it('answers "Felaktig begäran." for malformed JSON and a __proto__ key in the request part', async () => {
    const content = await priceListWorkbook([]);
    const valid = `"type":"GENERAL_PRICELIST","metadata":{"parent":${supplier.generalPricelistId},"id":${supplier.pricelists.current}}`;
    for (const part of [
      `{${valid}`,
      `{${valid},"__proto__":{"admin":true}}`,
      `{"type":"GENERAL_PRICELIST","metadata":{"__proto__":{"x":1},"parent":${supplier.generalPricelistId},"id":${supplier.pricelists.current}}}`,
      `{${valid},"constructor":{"prototype":{"admin":true}}}`,
    ]) {
      const response = await post(rawMultipart(part, content));
      expect(response.statusCode, part).toBe(400);
      expect(response.json(), part).toEqual(badRequest);
    }
    // The same request without the extra key is taken.
    expect((await post(rawMultipart(`{${valid}}`, content))).statusCode).toBe(201);
  });

  it('answers "Felaktig begäran." for a request part sent as application/json nested 10,000 deep', async () => {
    const content = await priceListWorkbook([]);
    for (const nested of [
      '['.repeat(10_000) + ']'.repeat(10_000),
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    ]) {
      const response = await post(rawMultipart(nested, content, 'application/json'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(badRequest);
    }
  });

  it('takes a valid .xlsx with a 1,000-character name, shortened keeping the extension', async () => {
    const longName = `${'Prislista '.repeat(100)}.xlsx`;
    const response = await uploadImport(testApp, supplier, await priceListWorkbook([]), {
      fileName: longName,
    });
    expect(response.statusCode).toBe(201);
    const { fileName } = response.json().importObject;
    expect(fileName).toBe(`${longName.slice(0, 250).trimEnd()}.xlsx`);
    expect([...fileName].length).toBeLessThanOrEqual(255);
  });

  it('stores names without control characters, bidirectional overrides or isolates, invisible characters and line separators', async () => {
    const content = await priceListWorkbook([]);
    const response = await uploadImport(testApp, supplier, content, {
      fileName: 'Pris\u202Exslx.exe\u202C\u2066\u2069\u200E\u200F\u0007\u200B\u2028\u2029lista.xlsx',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().importObject.fileName).toBe('Prisxslx.exelista.xlsx');
    // An override that would show ".xlsx" at the end of an .exe does not pass either.
    const spoofed = await uploadImport(testApp, supplier, content, { fileName: 'prislista\u202Exslx.exe' });
    expect(spoofed.statusCode).toBe(415);
  });

  it('refuses a password-protected .xlsx (and one named .xls) as such, with 415', async () => {
    for (const fileName of ['prislista.xlsx', 'prislista.xls']) {
      const response = await uploadImport(testApp, supplier, encryptedXlsx(), { fileName });
      expect(response.statusCode, fileName).toBe(415);
      expect(response.json(), fileName).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: PASSWORD_PROTECTED },
      });
    }
    // A real .xls is still an .xls.
    const xls = sheetjsWorkbook({ Prislista: [headers, validRow('HMD-0001')] }, 'biff8');
    expect((await uploadImport(testApp, supplier, xls, { fileName: 'prislista.xls' })).statusCode).toBe(201);
  });

  /** Uploads `content` (taken, 201), validates it and returns the import's failure reason. */
  async function refusedOnImport(content: Uint8Array, fileName: string) {
    const created = await uploadImport(testApp, supplier, content, { fileName });
    expect(created.statusCode, fileName).toBe(201);
    await runAllJobs(testApp);
    const id = created.json().importObject.id;
    const shown = await request(testApp, 'GET', `imports/${supplier.organizationId}/${id}`, supplier.cookie);
    expect(shown.json().importObject.status).toBe('VALIDATION_ERROR');
    return shown.json().importObject.failureReason;
  }

  it('refuses a password-protected .xls (a FilePass record) as an encrypted .xlsx is refused', async () => {
    const rows = [headers, ...Array.from({ length: 80 }, (_, i) => validRow(`HMD-${i + 1}`))];
    const response = await uploadImport(testApp, supplier, passwordProtectedXls(rows), {
      fileName: 'prislista.xls',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: PASSWORD_PROTECTED },
    });
    // A workbook small enough for the container's mini stream is refused by the reader, in the same words.
    await runAllJobs(testApp);
    const small = passwordProtectedXls([headers, validRow('HMD-0001')]);
    expect(await refusedOnImport(small, 'prislista.xls')).toBe(PASSWORD_PROTECTED);
  });

  it('refuses a macro-enabled workbook by its name (415) and by its content type (on the import)', async () => {
    const xlsx = await priceListWorkbook([]);
    for (const fileName of ['prislista.xlsm', 'Prislista.XLSM ']) {
      const response = await uploadImport(testApp, supplier, xlsx, { fileName });
      expect(response.statusCode, fileName).toBe(415);
      expect(response.json(), fileName).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: MACRO_ENABLED },
      });
    }
    await runAllJobs(testApp);
    const macroEnabled = handMadeXlsx({
      sheet: '',
      extra: {
        '[Content_Types].xml':
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="xml" ContentType="application/xml"/><Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>',
      },
    });
    expect(await refusedOnImport(macroEnabled, 'prislista.xlsx')).toBe(MACRO_ENABLED);
  });

  it('shows the specific reason of a refused file on the import, not for internal failures', async () => {
    await runAllJobs(testApp);
    const bomb = handMadeXlsx({
      sheet: '',
      extra: { 'xl/worksheets/sheet1.xml': Buffer.alloc(50 * 1024 * 1024) },
    });
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><sst><si><t>&lol;</t></si></sst>';
    const doctype = handMadeXlsx({
      sheet: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
      sharedStrings: laughs,
    });
    const full = generatePriceListXlsx(200);
    const truncated = full.subarray(0, Math.floor(full.length / 2));
    const cases: [Uint8Array, RegExp][] = [
      [bomb, /^Filen är misstänkt hårt komprimerad \(mer än 100:1\) och läses inte\.$/],
      [doctype, /^Filen innehåller en DOCTYPE/],
      [truncated, /^Filen kan inte läsas/],
    ];
    for (const [content, reason] of cases) {
      const created = await uploadImport(testApp, supplier, content);
      expect(created.statusCode).toBe(201);
      const id = created.json().importObject.id;
      await runAllJobs(testApp);
      const shown = await request(
        testApp,
        'GET',
        `imports/${supplier.organizationId}/${id}`,
        supplier.cookie,
      );
      expect(shown.json().importObject.status).toBe('VALIDATION_ERROR');
      expect(shown.json().importObject.failureReason).toMatch(reason);
      const listed = await request(testApp, 'GET', `imports/${supplier.organizationId}`, supplier.cookie);
      const inList = listed.json().imports.find((item: { id: number }) => item.id === id);
      expect(inList.failureReason).toMatch(reason);
    }
  });
});

describe('which failure reasons are shown', () => {
  it('shows a reason the job recorded as the reader’s refusal of the file, and no other', () => {
    const refusal = 'Filen kan inte läsas: den är skadad eller ofullständig (en post).';
    expect(fileFailureReason('VALIDATION_ERROR', refusal, true)).toEqual({ failureReason: refusal });
    expect(fileFailureReason('IMPORT_ERROR', refusal, true)).toEqual({ failureReason: refusal });
    expect(fileFailureReason('VALIDATION_PENDING', refusal, true)).toEqual({});
    expect(fileFailureReason('VALIDATION_ERROR', null, true)).toEqual({});
    // Crashes, deadlines, database errors and given-up jobs: general, whatever their words.
    for (const internal of [
      'Ett oväntat fel uppstod i jobbet.',
      'Bearbetningen av filen tog för lång tid och avbröts. Filen är för stor eller skadad.',
      'Filen saknar innehåll och kan inte bearbetas.',
    ]) {
      expect(fileFailureReason('VALIDATION_ERROR', internal, false), internal).toEqual({});
    }
    // A part name inside the reason comes from the file: no hidden characters, bounded.
    const named = fileFailureReason(
      'VALIDATION_ERROR',
      `Filen kan inte läsas: delen \u202E${'x'.repeat(2_000)} är större eller mindre än arkivet uppger.`,
      true,
    );
    expect(named.failureReason).not.toContain('\u202E');
    expect([...(named.failureReason ?? '')]).toHaveLength(500);
  });
});
