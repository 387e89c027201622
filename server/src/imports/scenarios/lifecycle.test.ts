import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportListResponse, type PricelistRowValues } from '#contract';
import {
  demoSupplier,
  editedPricelistFile,
  postConfirm,
  pricelistRows,
  request,
  runAllJobs,
  type Supplier,
  uploadImport,
  validatedImport,
} from '../../../../test-support/importFlow';
import { type FileRow, multipart, priceListWorkbook } from '../../../../test-support/pricelistFiles';
import {
  createTestApp,
  sessionCookieFor,
  type TestApp,
  testDatabaseKinds,
} from '../../../../test-support/testApp';
import { demoArticleNumber } from '../../../../test-support/workbooks';
import { runNextJob } from '../jobs/importJobs';
import { claimNextJob, LEASE_MS } from '../jobs/importQueue';
import { readImportFile } from '../store/importFiles';

const DAY = 24 * 60 * 60 * 1000;

/** The price list's rows as `rows` describe them (what an applied file must leave behind). */
const expectedRows = (rows: FileRow[]): PricelistRowValues[] =>
  rows
    .map((row) => ({
      articleNumber: String(row.articleNumber),
      price: Number(row.price).toFixed(2),
      minimumOrderQuantity: Number(row.minimumOrderQuantity),
      deliveryTimeDays: row.deliveryTimeDays === undefined ? null : (row.deliveryTimeDays as number | null),
      warrantyQuantity: row.warrantyQuantity === undefined ? null : (row.warrantyQuantity as number | null),
      warrantyUnit: (row.warrantyUnit ?? null) as string | null,
      warrantyValidFrom: (row.warrantyValidFrom ?? null) as string | null,
      warrantyTerms: (row.warrantyTerms ?? null) as string | null,
    }))
    .sort((a, b) => a.articleNumber.localeCompare(b.articleNumber));

/** A valid edit of the current price list (400 rows): one price changed, one row gone, one added. */
const edit = (row: FileRow): FileRow | null =>
  row.articleNumber === 'HMD-0002'
    ? null
    : row.articleNumber === 'HMD-0001'
      ? { ...row, price: 1234.5 }
      : row;
const added: FileRow = { articleNumber: 'HMD-0450', price: 99, minimumOrderQuantity: 2, deliveryTimeDays: 3 };

describe.each(testDatabaseKinds)('import lifecycle on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let org: number;
  const get = (url: string) => request(testApp, 'GET', `imports/${org}/${url}`, supplier.cookie);
  const list = (query: string) => request(testApp, 'GET', `imports/${org}${query}`, supplier.cookie);
  const post = (url: string) => request(testApp, 'POST', `imports/${org}/${url}`, supplier.cookie);
  const del = (url: string) => request(testApp, 'DELETE', `imports/${org}/${url}`, supplier.cookie);

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    org = supplier.organizationId;
  });
  afterAll(() => testApp?.close());

  it('lists no imports as an empty array, and each listed import exactly as the import itself', async () => {
    const empty = await list('?imported=true');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(empty.json()).toEqual({ imports: [] });

    testApp.clock.advance(987);
    const uploadedAt = testApp.clock.now().toISOString();
    const created = (await uploadImport(testApp, supplier, await priceListWorkbook([]))).json().importObject;
    const listed = ImportListResponse.parse((await list('?imported=false')).json()).imports;
    const item = listed.find((candidate) => candidate.id === created.id);
    // One import read alone also says whether it can be undone; the lists leave that out.
    const { undoable, ...alone } = (await get(`${created.id}`)).json().importObject;
    expect(undoable).toBe(false);
    expect(item).toEqual(alone);
    expect({ ...item, undoable }).toEqual(created);
    expect(item).toMatchObject({
      created: uploadedAt,
      importStarted: null,
      imported: null,
      importedBy: { id: supplier.userId, fullName: expect.stringMatching(/^\S+ \S+/) },
    });
    await runAllJobs(testApp);
    expect((await del(`${created.id}`)).statusCode).toBe(204);
  });

  it('validates, shows the changes, confirms and applies a price list in one go', async () => {
    const before = await pricelistRows(testApp, supplier.pricelists.current);
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, edit, [added]);
    const validated = await validatedImport(testApp, supplier, content);
    expect(validated.status).toBe('VALIDATION_SUCCESS');

    const shown = (await get(`${validated.id}/summary`)).json().result;
    expect(shown).toEqual({
      type: 'CONFIRM',
      added: 1,
      updated: 1,
      removed: 1,
      unchanged: 398,
      risk: {
        id: expect.any(String),
        pricelist: { number: '2', status: 'CURRENT' },
        priceIncreases: 1,
        largestIncrease: { articleNumber: 'HMD-0001', percent: expect.any(Number) },
        largestIncreases: [{ articleNumber: 'HMD-0001', percent: shown.risk.largestIncrease.percent }],
        priceDecreases: 0,
        largestDecrease: null,
        largestDecreases: [],
        medianChangePercent: shown.risk.largestIncrease.percent,
        pricesSetToZero: 0,
        removed: 1,
        removedArticleNumbers: [expect.any(String)],
        // The file has every column and empties nothing; the row removed is the file's doing.
        clearedValues: [],
        removedByChoice: 0,
        storedRows: 400,
        warnings: [
          expect.stringMatching(
            /^1 av 400 rader \(0,3\u00a0%\) tas bort från prislista 2 \(Aktuell\): HMD-\d{4}\. /,
          ),
          expect.stringMatching(/^1 pris höjs med mer än 25\u00a0%: HMD-0001 \([+]?[\d\u00a0,]+\u00a0%\)\.$/),
        ],
      },
    });
    const updated = (await get(`${validated.id}/changes?kind=updated`)).json();
    expect(updated).toEqual({
      total: 1,
      changes: [
        {
          articleNumber: 'HMD-0001',
          articleName: 'Rullstol HMD 1',
          values: expect.objectContaining({ articleNumber: 'HMD-0001', price: expect.any(String) }),
          changes: [{ field: 'price', oldValue: before[0]!.price, newValue: '1234.50' }],
        },
      ],
    });
    const removed = (await get(`${validated.id}/changes?kind=removed`)).json();
    expect(removed.total).toBe(1);
    expect(removed.changes[0]).toMatchObject({ articleNumber: 'HMD-0002', values: before[1], changes: [] });
    const addedPage = (await get(`${validated.id}/changes?kind=added&offset=0&limit=10`)).json();
    expect(addedPage.changes).toEqual([
      expect.objectContaining({ articleNumber: 'HMD-0450', articleName: expect.stringContaining('HMD 450') }),
    ]);
    expect((await get(`${validated.id}/changes?kind=added&offset=1`)).json()).toEqual({
      total: 1,
      changes: [],
    });
    expect((await get(`${validated.id}/changes?kind=other`)).statusCode).toBe(400);
    expect((await get(`${validated.id}/validation-errors/excel`)).statusCode).toBe(404);
    // Nothing is written before the confirm.
    expect(await pricelistRows(testApp, supplier.pricelists.current)).toEqual(before);

    // Risky: "Läs in" alone, or with the acknowledgement of other risks, applies nothing.
    for (const payload of [undefined, { acknowledgedRiskId: 'a1b2c3' }]) {
      const refused = await testApp.app.inject({
        method: 'POST',
        url: `/resources/v1/imports/${org}/${validated.id}/confirm`,
        headers: { cookie: supplier.cookie },
        ...(payload && { payload }),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'RISK_NOT_ACKNOWLEDGED',
        message: `Inläsningen är riskabel och måste bekräftas: ${shown.risk.warnings.join(' ')}`,
      });
    }
    expect((await get(`${validated.id}`)).json().importObject.status).toBe('VALIDATION_SUCCESS');
    const confirmed = await postConfirm(testApp, supplier, validated.id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().importObject).toMatchObject({ status: 'IMPORT_PENDING', imported: null });
    expect(confirmed.json().importObject.importStarted).toBe(testApp.clock.now().toISOString());
    expect((await get(`${validated.id}/summary`)).json()).toEqual({ result: null });
    expect((await postConfirm(testApp, supplier, validated.id)).statusCode).toBe(409);
    const pendingDelete = await del(`${validated.id}`);
    expect(pendingDelete.statusCode).toBe(409);
    expect(pendingDelete.json().error.code).toBe('CONFLICT');

    const [result] = await runAllJobs(testApp);
    expect(result).toMatchObject({ importId: validated.id, end: 'IMPORT_SUCCESS' });
    const done = (await get(`${validated.id}`)).json().importObject;
    expect(done).toMatchObject({ status: 'IMPORT_SUCCESS', imported: testApp.clock.now().toISOString() });
    expect((await get(`${validated.id}/summary`)).json().result).toMatchObject({
      type: 'CONFIRM',
      added: 1,
      updated: 1,
      removed: 1,
      unchanged: 398,
    });

    const after = await pricelistRows(testApp, supplier.pricelists.current);
    expect(after).toHaveLength(400);
    expect(after.find((row) => row.articleNumber === 'HMD-0001')!.price).toBe('1234.50');
    expect(after.find((row) => row.articleNumber === 'HMD-0002')).toBeUndefined();
    expect(after.find((row) => row.articleNumber === 'HMD-0450')).toEqual({
      articleNumber: 'HMD-0450',
      price: '99.00',
      minimumOrderQuantity: 2,
      deliveryTimeDays: 3,
      warrantyQuantity: null,
      warrantyUnit: null,
      warrantyValidFrom: null,
      warrantyTerms: null,
    });
    // The other price lists are untouched.
    expect(await pricelistRows(testApp, supplier.pricelists.future)).toHaveLength(100);

    const open = (await list('?imported=false')).json().imports.map((i: { id: number }) => i.id);
    expect(open).not.toContain(validated.id);
    const imported = (await list('?imported=true&limit=10')).json().imports;
    expect(imported[0]).toMatchObject({ id: validated.id, status: 'IMPORT_SUCCESS' });
    const successDelete = await del(`${validated.id}`);
    expect(successDelete.statusCode).toBe(409);
    expect(successDelete.json().error.message).toBe('En lyckad inläsning kan inte raderas.');
    expect((await post(`${validated.id}`)).statusCode).toBe(409);
  });

  it('applies a file that is the whole desired content: rows not in it are removed', async () => {
    const rows: FileRow[] = [
      {
        articleNumber: 'HMD-0010',
        price: '1 234,50',
        minimumOrderQuantity: 1,
        warrantyQuantity: 2,
        warrantyUnit: 'År',
      },
      {
        articleNumber: 'HMD-0499',
        price: 0,
        minimumOrderQuantity: 10,
        warrantyTerms: 'Gäller vid normal användning',
      },
    ];
    const validated = await validatedImport(
      testApp,
      supplier,
      await priceListWorkbook(rows),
      supplier.pricelists.future,
    );
    expect(validated.status).toBe('VALIDATION_SUCCESS');
    expect((await get(`${validated.id}/summary`)).json().result).toMatchObject({ added: 1, removed: 99 });
    await postConfirm(testApp, supplier, validated.id);
    await runAllJobs(testApp);
    expect(await pricelistRows(testApp, supplier.pricelists.future)).toEqual(
      expectedRows([{ ...rows[0]!, price: 1234.5 }, rows[1]!]),
    );
  });

  it('keeps every validation error: the summary has the first 100, the Excel export all', async () => {
    const rows: FileRow[] = Array.from({ length: 130 }, (_, i) => ({
      articleNumber: demoArticleNumber(i + 1),
      price: -1,
      minimumOrderQuantity: 1,
    }));
    const validated = await validatedImport(testApp, supplier, await priceListWorkbook(rows));
    expect(validated.status).toBe('VALIDATION_FAIL');
    const summary = (await get(`${validated.id}/summary`)).json().result;
    expect(summary.type).toBe('VALIDATION_ERRORS');
    expect(summary.errorCount).toBe(130);
    expect(summary.errors).toHaveLength(100);
    expect(summary.errors[0]).toMatchObject({
      row: 2,
      articleNumber: 'HMD-0001',
      sheet: 'Prislista',
      column: 'Pris',
    });

    const excel = await get(`${validated.id}/validation-errors/excel`);
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(excel.headers['content-disposition']).toContain('attachment;');
    expect(excel.headers['content-disposition']).toContain("filename*=UTF-8''prislista_valideringsfel.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const texts = workbook.worksheets.flatMap((sheet) => {
      const values: string[] = [];
      sheet.eachRow((row) => {
        values.push(JSON.stringify(row.values));
      });
      return values;
    });
    // Every one of the 130 faulty article numbers is listed, not only the first 100.
    for (const row of rows) expect(texts.some((text) => text.includes(String(row.articleNumber)))).toBe(true);

    expect((await postConfirm(testApp, supplier, validated.id)).statusCode).toBe(409);
    expect((await get(`${validated.id}/changes?kind=added`)).json()).toEqual({ total: 0, changes: [] });
  });

  it('reports missing columns as INVALID_FORMAT', async () => {
    const content = await priceListWorkbook(
      [{ articleNumber: 'HMD-0001', price: 1, minimumOrderQuantity: 1 }],
      {
        omitColumns: ['Pris'],
      },
    );
    const validated = await validatedImport(testApp, supplier, content);
    expect(validated.status).toBe('VALIDATION_FAIL');
    const result = (await get(`${validated.id}/summary`)).json().result;
    // The specified part as it always was; beside it what the mapping step needs.
    expect(result).toMatchObject({
      type: 'INVALID_FORMAT',
      missingColumns: [{ column: 'Pris', sheets: ['Prislista'] }],
      suggestedMapping: { sheet: 'Prislista' },
    });
    expect(Object.keys(result).sort()).toEqual(['fileSheets', 'missingColumns', 'suggestedMapping', 'type']);
  });

  it('takes a new file for a finished validation, and validates it again', async () => {
    const bad = await priceListWorkbook([{ articleNumber: 'FINNS-INTE', price: 1, minimumOrderQuantity: 1 }]);
    const validated = await validatedImport(testApp, supplier, bad);
    expect(validated.status).toBe('VALIDATION_FAIL');
    expect((await get(`${validated.id}/validation-errors/excel`)).statusCode).toBe(200);

    const pdf = multipart({ fileName: 'rättad.xlsx', content: Buffer.from('%PDF-1.7\n') });
    const notExcel = await testApp.app.inject({
      method: 'POST',
      url: `/resources/v1/imports/${org}/${validated.id}`,
      headers: { ...pdf.headers, cookie: supplier.cookie },
      payload: pdf.payload,
    });
    expect(notExcel.statusCode).toBe(415);
    expect((await get(`${validated.id}`)).json().importObject.status).toBe('VALIDATION_FAIL');

    const good = await editedPricelistFile(testApp, supplier.pricelists.current);
    const body = multipart({ fileName: 'rättad prislista.xlsx', content: good });
    const replaced = await testApp.app.inject({
      method: 'POST',
      url: `/resources/v1/imports/${org}/${validated.id}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: body.payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().importObject).toMatchObject({
      id: validated.id,
      status: 'VALIDATION_PENDING',
      fileName: 'rättad prislista.xlsx',
    });
    expect((await get(`${validated.id}/summary`)).json()).toEqual({ result: null });
    expect((await get(`${validated.id}/validation-errors/excel`)).statusCode).toBe(404);

    // While pending, neither a new file nor a delete is taken.
    const again = await testApp.app.inject({
      method: 'POST',
      url: `/resources/v1/imports/${org}/${validated.id}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: body.payload,
    });
    expect(again.statusCode).toBe(409);
    expect((await del(`${validated.id}`)).statusCode).toBe(409);

    await runAllJobs(testApp);
    expect((await get(`${validated.id}`)).json().importObject.status).toBe('VALIDATION_SUCCESS');
    expect((await get(`${validated.id}/summary`)).json().result).toMatchObject({
      type: 'CONFIRM',
      unchanged: 400,
    });
    const stored = await readImportFile(testApp, validated.id);
    expect(Buffer.from(stored!).equals(good)).toBe(true);
  });

  it('removes a never-confirmed import with its file and results', async () => {
    const validated = await validatedImport(
      testApp,
      supplier,
      await priceListWorkbook([{ articleNumber: 'X', price: 1, minimumOrderQuantity: 1 }]),
    );
    expect((await del(`${validated.id}`)).statusCode).toBe(204);
    expect((await get(`${validated.id}`)).statusCode).toBe(404);
    expect((await del(`${validated.id}`)).statusCode).toBe(404);
    for (const table of ['import_files', 'import_details'] as const) {
      const rows = await testApp.db
        .selectFrom(table)
        .select('import_id')
        .where('import_id', '=', validated.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });

  it('fails a confirmed import whose article is gone by then (IMPORT_FAIL), and aborts it on delete', async () => {
    const article = await testApp.db
      .insertInto('articles')
      .values({ organization_id: org, article_number: 'HMD-NY-1', name: 'Ny rollator' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) => row, [
      { articleNumber: 'HMD-NY-1', price: 10, minimumOrderQuantity: 1 },
    ]);
    const validated = await validatedImport(testApp, supplier, content);
    expect(validated.status).toBe('VALIDATION_SUCCESS');
    expect((await postConfirm(testApp, supplier, validated.id)).statusCode).toBe(200);
    await testApp.db.deleteFrom('articles').where('id', '=', article.id).execute();
    const before = await pricelistRows(testApp, supplier.pricelists.current);

    const [result] = await runAllJobs(testApp);
    expect(result!.end).toBe('IMPORT_FAIL');
    expect((await get(`${validated.id}`)).json().importObject).toMatchObject({
      status: 'IMPORT_FAIL',
      imported: null,
    });
    const summary = (await get(`${validated.id}/summary`)).json().result;
    expect(summary).toMatchObject({ type: 'VALIDATION_ERRORS', errorCount: 1 });
    expect(summary.errors[0]).toMatchObject({ articleNumber: 'HMD-NY-1', column: 'Artikelnummer' });
    expect(await pricelistRows(testApp, supplier.pricelists.current)).toEqual(before);
    expect((await list('?imported=false')).json().imports.map((i: { id: number }) => i.id)).toContain(
      validated.id,
    );

    expect((await del(`${validated.id}`)).statusCode).toBe(204);
    const aborted = (await get(`${validated.id}`)).json().importObject;
    expect(aborted.status).toBe('IMPORT_ABORTED');
    expect((await get(`${validated.id}/summary`)).json()).toEqual({ result: null });
    expect((await get(`${validated.id}/validation-errors/excel`)).statusCode).toBe(404);
    const file = await testApp.db
      .selectFrom('import_files')
      .select('import_id')
      .where('import_id', '=', validated.id)
      .execute();
    expect(file).toEqual([]);
    expect((await list('?imported=false')).json().imports.map((i: { id: number }) => i.id)).not.toContain(
      validated.id,
    );
    expect((await list('?imported=true')).json().imports.map((i: { id: number }) => i.id)).toContain(
      validated.id,
    );
    // Deleting it again changes nothing.
    expect((await del(`${validated.id}`)).statusCode).toBe(204);
    expect((await get(`${validated.id}`)).json().importObject.status).toBe('IMPORT_ABORTED');
  });

  it('fails a confirmed import whose price list has become history meanwhile', async () => {
    const content = await editedPricelistFile(testApp, supplier.pricelists.current);
    const validated = await validatedImport(testApp, supplier, content);
    expect(validated.status).toBe('VALIDATION_SUCCESS');
    expect((await postConfirm(testApp, supplier, validated.id)).statusCode).toBe(200);
    const before = await pricelistRows(testApp, supplier.pricelists.current);
    // Price list 3 starts in 60 days: then 2 is history.
    testApp.clock.advance(61 * DAY);
    try {
      supplier.cookie = await sessionCookieFor(testApp, 'lev.admin');
      const [result] = await runAllJobs(testApp);
      expect(result!.end).toBe('IMPORT_FAIL');
      const summary = (await get(`${validated.id}/summary`)).json().result;
      expect(summary).toEqual({
        type: 'VALIDATION_ERRORS',
        errorCount: 1,
        errors: [
          {
            row: 0,
            sheet: 'Prislista',
            column: 'Prislista',
            value: '2',
            message:
              'Prislistan är historisk och kan inte längre ändras. Läs in filen till en aktuell eller framtida prislista.',
            rule: 'INACTIVE_PRICELIST',
          },
        ],
        errorCounts: [
          {
            column: 'Prislista',
            rule: 'INACTIVE_PRICELIST',
            count: 1,
            label: 'Prislista: 1 prislista kan inte längre ändras',
          },
        ],
      });
      expect(await pricelistRows(testApp, supplier.pricelists.current)).toEqual(before);
      expect((await get(`${validated.id}/validation-errors/excel`)).statusCode).toBe(200);
      expect((await get(`${validated.id}/errors?rule=INACTIVE_PRICELIST`)).json()).toEqual({
        errors: [summary.errors[0]],
        total: 1,
      });
    } finally {
      testApp.clock.set(new Date());
      supplier.cookie = await sessionCookieFor(testApp, 'lev.admin');
    }
  });

  it('ends a file that cannot be read in VALIDATION_ERROR with a recorded reason, and the server goes on', async () => {
    const good = await priceListWorkbook([{ articleNumber: 'HMD-0001', price: 1, minimumOrderQuantity: 1 }]);
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    const created = await uploadImport(testApp, supplier, truncated);
    expect(created.statusCode).toBe(201);
    const id = created.json().importObject.id;
    const [result] = await runAllJobs(testApp);
    expect(result).toMatchObject({ importId: id, end: 'VALIDATION_ERROR' });
    expect((await get(`${id}`)).json().importObject.status).toBe('VALIDATION_ERROR');
    expect((await get(`${id}/summary`)).json()).toEqual({ result: null });
    const stored = await testApp.db
      .selectFrom('imports')
      .select('failure_reason')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.failure_reason).toEqual(expect.any(String));
    expect((await request(testApp, 'GET', 'api/session/ping', supplier.cookie)).statusCode).toBe(200);
    // A new file may follow; deleting it is allowed too.
    expect((await del(`${id}`)).statusCode).toBe(204);
  });

  it('ends a job that failed in IMPORT_ERROR, which a delete turns into IMPORT_ABORTED', async () => {
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) => ({
      ...row,
      price: Number(row.price) + 1,
    }));
    const validated = await validatedImport(testApp, supplier, content);
    await postConfirm(testApp, supplier, validated.id);
    const before = await pricelistRows(testApp, supplier.pricelists.current);
    // A technical error: the changes the validation kept cannot be read as rows any more.
    await testApp.db
      .updateTable('import_details')
      .set({ items: sql<string>`'{"broken": true}'::json` })
      .where('import_id', '=', validated.id)
      .execute();
    const [result] = await runAllJobs(testApp);
    expect(result!.end).toBe('IMPORT_ERROR');
    expect(await pricelistRows(testApp, supplier.pricelists.current)).toEqual(before);
    expect((await get(`${validated.id}`)).json().importObject.status).toBe('IMPORT_ERROR');
    expect((await list('?imported=false')).json().imports.map((i: { id: number }) => i.id)).toContain(
      validated.id,
    );
    expect((await del(`${validated.id}`)).statusCode).toBe(204);
    expect((await get(`${validated.id}`)).json().importObject.status).toBe('IMPORT_ABORTED');
  });

  it('gives up a job claimed three times without finishing (VALIDATION_ERROR)', async () => {
    const created = await uploadImport(testApp, supplier, await priceListWorkbook([]));
    const id = created.json().importObject.id;
    try {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const job = await claimNextJob(testApp, `crashing-${attempt}`);
        expect(job).toMatchObject({ id, attempts: attempt });
        testApp.clock.advance(LEASE_MS + 1);
      }
      const result = await runNextJob(testApp, 'survivor');
      expect(result).toMatchObject({ importId: id, end: 'VALIDATION_ERROR' });
      const stored = await testApp.db
        .selectFrom('imports')
        .select(['status', 'failure_reason', 'failure_about_file', 'lease_owner'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        status: 'VALIDATION_ERROR',
        failure_reason: 'Jobbet avbröts efter 3 försök.',
        failure_about_file: false,
        lease_owner: null,
      });
      // Not the supplier's to fix: the import shows no reason, the page its general text.
      supplier.cookie = await sessionCookieFor(testApp, 'lev.admin');
      expect((await get(`${id}`)).json().importObject).not.toHaveProperty('failureReason');
    } finally {
      testApp.clock.set(new Date());
      supplier.cookie = await sessionCookieFor(testApp, 'lev.admin');
    }
  });

  it('lists open imports newest first, and honours limit', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      testApp.clock.advance(1000);
      ids.push((await uploadImport(testApp, supplier, await priceListWorkbook([]))).json().importObject.id);
    }
    const listed = (await list('?imported=false&limit=2')).json().imports.map((i: { id: number }) => i.id);
    expect(listed).toEqual([ids[2], ids[1]]);
    const all = (await list('')).json().imports;
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const item of all) expect(item.status).not.toMatch(/IMPORT_SUCCESS|IMPORT_ABORTED/);
    expect((await list('?limit=101')).statusCode).toBe(400);
    expect((await list('?limit=0')).statusCode).toBe(400);
    expect((await list('?imported=maybe')).statusCode).toBe(400);
    await runAllJobs(testApp);
  });

  it('serves the template, empty or filled with a price list’s rows', async () => {
    const empty = await get('template?type=GENERAL_PRICELIST');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-disposition']).toContain(
      "filename*=UTF-8''Mall%20generell%20prislista.xlsx",
    );
    const filled = await get(`template?type=GENERAL_PRICELIST&pricelistId=${supplier.pricelists.future}`);
    expect(filled.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(filled.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Prislista')!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const articleColumn = header.indexOf('Artikelnummer');
    const nameColumn = header.indexOf('Benämning');
    const futureRows = await pricelistRows(testApp, supplier.pricelists.future);
    expect(sheet.actualRowCount).toBe(futureRows.length + 1);
    const second = sheet.getRow(2);
    expect(String(second.getCell(articleColumn).value)).toBe(futureRows[0]!.articleNumber);
    expect(String(second.getCell(nameColumn).value)).toContain(
      futureRows[0]!.articleNumber.replace('-', ' ').replace(/ 0+/, ' '),
    );

    // A filled template uploaded unchanged changes nothing.
    const unchanged = await validatedImport(testApp, supplier, filled.rawPayload, supplier.pricelists.future);
    expect((await get(`${unchanged.id}/summary`)).json().result).toMatchObject({
      type: 'CONFIRM',
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: futureRows.length,
      risk: { warnings: [] },
    });
    expect((await get('template?type=PRODUCTS_AND_ARTICLES')).statusCode).toBe(400);
    expect((await get('template')).statusCode).toBe(400);
    expect((await get('template?type=GENERAL_PRICELIST&pricelistId=99999')).statusCode).toBe(404);
  });
});
