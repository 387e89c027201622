import { describe, expect, it } from 'vitest';
import { api, request, uploadImport } from '../../../../test-support/importFlow';
import { multipart, priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { sessionCookieFor, testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { readImportFile } from '../store/importFiles';

const oneRow = () => priceListWorkbook([{ articleNumber: 'HMD-0001', price: 100, minimumOrderQuantity: 1 }]);

describe.each(testDatabaseKinds)('upload and access on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind, { env: { UPLOAD_MAX_BYTES: String(64 * 1024) } });

  it('creates an import in VALIDATION_PENDING with the file kept in the database', async () => {
    const content = await oneRow();
    const response = await uploadImport(testApp, supplier, content, { fileName: 'Prislista åäö 2026.xlsx' });
    expect(response.statusCode).toBe(201);
    const created = response.json().importObject;
    expect(created).toMatchObject({
      type: 'GENERAL_PRICELIST',
      status: 'VALIDATION_PENDING',
      fileName: 'Prislista åäö 2026.xlsx',
      importStarted: null,
      imported: null,
      importedBy: { id: supplier.userId, fullName: 'Lena Lindqvist' },
      metadata: { parent: supplier.generalPricelistId, id: supplier.pricelists.current, number: '2' },
    });
    expect(new Date(created.created).toISOString()).toBe(created.created);
    const stored = await testApp.db
      .selectFrom('import_files')
      .select('size')
      .where('import_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from((await readImportFile(testApp, created.id))!).equals(content)).toBe(true);
    expect(stored.size).toBe(content.length);

    const shown = await request(
      testApp,
      'GET',
      `imports/${supplier.organizationId}/${created.id}`,
      supplier.cookie,
    );
    expect(shown.json()).toEqual({ importObject: created });
    const summary = await request(
      testApp,
      'GET',
      `imports/${supplier.organizationId}/${created.id}/summary`,
      supplier.cookie,
    );
    expect(summary.json()).toEqual({ result: null });
  });

  it('takes the request part sent as application/json too, as a script sends it', async () => {
    const body = multipart({ fileName: 'prislista.xlsx', content: await oneRow() }, undefined);
    const boundary = /boundary=(.+)$/.exec(body.headers['content-type'])![1]!;
    const requestPart = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\nContent-Type: application/json\r\n\r\n` +
        `${JSON.stringify({ type: 'GENERAL_PRICELIST', metadata: { parent: supplier.generalPricelistId, id: supplier.pricelists.current } })}\r\n`,
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: Buffer.concat([requestPart, body.payload]),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().importObject.metadata.id).toBe(supplier.pricelists.current);
  });

  it('accepts a FUTURE price list', async () => {
    const response = await uploadImport(testApp, supplier, await oneRow(), {
      pricelistId: supplier.pricelists.future,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().importObject.metadata.number).toBe('3');
  });

  it('refuses a PAST price list, another organisation’s and an unknown one with 400', async () => {
    const content = await oneRow();
    const past = await uploadImport(testApp, supplier, content, { pricelistId: supplier.pricelists.past });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(
      'Prislistan är historisk. Välj en aktuell eller framtida prislista.',
    );
    const unknown = await uploadImport(testApp, supplier, content, { pricelistId: 99_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(
      'Prislistan finns inte. Välj ett av organisationens prislistenummer.',
    );
  });

  it('refuses other import types and a missing request with 400', async () => {
    const content = await oneRow();
    const upload = (requestPart: unknown) => {
      const body = multipart({ fileName: 'prislista.xlsx', content }, requestPart);
      return testApp.app.inject({
        method: 'POST',
        url: `${api}/imports/${supplier.organizationId}`,
        headers: { ...body.headers, cookie: supplier.cookie },
        payload: body.payload,
      });
    };
    const products = await upload({
      type: 'PRODUCTS_AND_ARTICLES',
      metadata: { parent: supplier.generalPricelistId, id: supplier.pricelists.current },
    });
    expect(products.statusCode).toBe(400);
    expect(products.json().error.message).toBe('Endast generella prislistor kan läsas in.');
    const missing = await upload(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Du måste välja typ av fil och prislistenummer.');
  });

  it('refuses a request without a file with 400 and a JSON body with 400', async () => {
    const body = multipart(undefined, {
      type: 'GENERAL_PRICELIST',
      metadata: { parent: supplier.generalPricelistId, id: supplier.pricelists.current },
    });
    const noFile = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: body.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe('Du måste välja en fil.');
    const json = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}`,
      headers: { cookie: supplier.cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe('Filen måste skickas som multipart/form-data.');
  });

  it('refuses an empty file and a second file with 400', async () => {
    const empty = await uploadImport(testApp, supplier, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Du måste välja en fil.');

    const content = await oneRow();
    const one = multipart(
      { fileName: 'a.xlsx', content },
      {
        type: 'GENERAL_PRICELIST',
        metadata: { parent: supplier.generalPricelistId, id: supplier.pricelists.current },
      },
    );
    const boundary = one.headers['content-type'].split('boundary=')[1]!;
    const second = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.xlsx"\r\n\r\n`),
      content,
      Buffer.from('\r\n'),
    ]);
    const payload = Buffer.concat([
      one.payload.subarray(0, one.payload.length - `--${boundary}--\r\n`.length),
      second,
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const two = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}`,
      headers: { ...one.headers, cookie: supplier.cookie },
      payload,
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe('Läs in en fil i taget.');
  });

  it('answers 413 for a file over UPLOAD_MAX_BYTES, and stores nothing', async () => {
    const before = await testApp.db.selectFrom('imports').select('id').execute();
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(65 * 1024, 1)]);
    const response = await uploadImport(testApp, supplier, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'Filen är för stor. Den får vara högst 64 kB.' },
    });
    expect(await testApp.db.selectFrom('imports').select('id').execute()).toHaveLength(before.length);
  });

  it('answers 415 when extension and content are not an Excel file that agree', async () => {
    const xlsx = await oneRow();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    const cases: [string, Uint8Array][] = [
      ['prislista.pdf', pdf],
      ['prislista.xlsx', pdf], // a renamed PDF
      ['prislista.xls', xlsx], // a zip named .xls
      ['prislista.csv', Buffer.from('Artikelnummer;Pris\n')],
      ['prislista', xlsx],
    ];
    for (const [fileName, content] of cases) {
      const response = await uploadImport(testApp, supplier, content, { fileName });
      expect(response.statusCode, fileName).toBe(415);
      expect(response.json()).toEqual({
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Filen måste vara en Excel-fil (.xls eller .xlsx).',
        },
      });
    }
  });

  it('accepts an .xls (BIFF8 compound file) by its magic bytes', async () => {
    const ole2 = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    const response = await uploadImport(testApp, supplier, ole2, { fileName: 'PRISLISTA.XLS' });
    expect(response.statusCode).toBe(201);
  });

  it('answers 401 without a session, before anything else', async () => {
    const response = await uploadImport(testApp, supplier, await oneRow(), { cookie: '' });
    expect(response.statusCode).toBe(401);
    for (const url of [
      `imports/${supplier.organizationId}`,
      `imports/x/1`,
      `imports/${supplier.organizationId}/1/summary`,
      `imports/${supplier.organizationId}/template?type=GENERAL_PRICELIST`,
      `importStatus/${supplier.userId}`,
    ]) {
      expect((await request(testApp, 'GET', url, undefined)).statusCode, url).toBe(401);
    }
  });

  it('answers 404 for another organisation and for a user without product:create_own', async () => {
    const other = await sessionCookieFor(testApp, 'lev2.admin');
    const customer = await sessionCookieFor(testApp, 'region.avtal');
    const mine = (await uploadImport(testApp, supplier, await oneRow())).json().importObject.id;
    const org = supplier.organizationId;
    const urls: ['GET' | 'POST' | 'DELETE', string][] = [
      ['GET', `imports/${org}`],
      ['GET', `imports/${org}?imported=true&limit=10`],
      ['GET', `imports/${org}/${mine}`],
      ['GET', `imports/${org}/${mine}/summary`],
      ['GET', `imports/${org}/${mine}/changes?kind=added`],
      ['GET', `imports/${org}/${mine}/validation-errors/excel`],
      ['GET', `imports/${org}/template?type=GENERAL_PRICELIST`],
      ['POST', `imports/${org}/${mine}/confirm`],
      ['DELETE', `imports/${org}/${mine}`],
    ];
    for (const cookie of [other, customer]) {
      for (const [method, url] of urls) {
        const response = await request(testApp, method, url, cookie);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
      const upload = await uploadImport(testApp, supplier, await oneRow(), { cookie });
      expect(upload.statusCode).toBe(404);
    }
    // lev2.admin's own organisation works, and does not show Demo AB's imports.
    const own = await request(testApp, 'GET', `imports/${supplier.otherOrganizationId}`, other);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ imports: [] });
    // Demo AB's import under lev2's organisation id is not found either.
    const crossed = await request(testApp, 'GET', `imports/${supplier.otherOrganizationId}/${mine}`, other);
    expect(crossed.statusCode).toBe(404);
    // Still there for its owner.
    expect((await request(testApp, 'GET', `imports/${org}/${mine}`, supplier.cookie)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed import id', async () => {
    const org = supplier.organizationId;
    for (const url of [`imports/${org}/987654`, `imports/${org}/abc`, `imports/${org}/987654/summary`]) {
      expect((await request(testApp, 'GET', url, supplier.cookie)).statusCode, url).toBe(404);
    }
  });

  it('lists the legacy imports of the caller only', async () => {
    const response = await request(testApp, 'GET', `importStatus/${supplier.userId}`, supplier.cookie);
    expect(response.statusCode).toBe(200);
    const statuses = response.json();
    expect(statuses.map((status: { readStatus: number }) => status.readStatus).sort()).toEqual([0, 1, 2]);
    expect(statuses[0]).toEqual({
      uniqueId: 'legacy-0003',
      readStatus: 0,
      importStartDate: expect.any(String),
      importEndDate: null,
      fileName: 'artiklar_import.xlsx',
    });
    const other = await sessionCookieFor(testApp, 'lev2.admin');
    expect((await request(testApp, 'GET', `importStatus/${supplier.userId}`, other)).statusCode).toBe(404);
    const otherId = (
      await testApp.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'lev2.admin')
        .executeTakeFirstOrThrow()
    ).id;
    const own = await request(testApp, 'GET', `importStatus/${otherId}`, other);
    expect(own.json()).toEqual([]);
  });
});
