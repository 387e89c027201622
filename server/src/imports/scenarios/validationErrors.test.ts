import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ImportErrorsResponse, ValidationError } from '#contract';
import { bearer, createApiKeyAs } from '../../../../test-support/apiKeys';
import { api, request, validatedImport } from '../../../../test-support/importFlow';
import { type FileRow, priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { sessionCookieFor, testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { demoArticleNumber } from '../../../../test-support/workbooks';

/** 130 negative prices, 13 minimum order quantities that are not numbers, 5 unknown articles: 148 errors. */
const rows: FileRow[] = [
  ...Array.from({ length: 130 }, (_, i) => ({
    articleNumber: demoArticleNumber(i + 1),
    price: -1,
    minimumOrderQuantity: i % 10 === 0 ? 'tio' : 1,
  })),
  ...Array.from({ length: 5 }, (_, i) => ({
    articleNumber: `OKÄND-${i + 1}`,
    price: 1,
    minimumOrderQuantity: 1,
  })),
];

describe.each(testDatabaseKinds)('the overview of every validation error (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  const errorsUrl = (importId: number, query = '') =>
    `imports/${supplier.organizationId}/${importId}/errors${query}`;
  const get = async (url: string, cookie = supplier.cookie) => request(testApp, 'GET', url, cookie);
  const page = async (importId: number, query = ''): Promise<ImportErrorsResponse> => {
    const answer = await get(errorsUrl(importId, query));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  let failedId: number | undefined;
  const failedImport = async () => {
    failedId ??= (await validatedImport(testApp, supplier, await priceListWorkbook(rows))).id;
    return failedId;
  };

  it('gives each error its rule and cell, and the summary the counts of every error by column and rule', async () => {
    const id = await failedImport();
    const summary = (await get(`imports/${supplier.organizationId}/${id}/summary`)).json().result;
    expect(summary.type).toBe('VALIDATION_ERRORS');
    expect(summary.errorCount).toBe(148);
    expect(summary.errors).toHaveLength(100);
    expect(summary.errors.slice(0, 2)).toEqual([
      expect.objectContaining({ row: 2, column: 'Pris', rule: 'NEGATIVE', cell: 'C2' }),
      expect.objectContaining({
        row: 2,
        column: 'Minsta beställningsantal',
        rule: 'NOT_A_NUMBER',
        cell: 'D2',
      }),
    ]);
    // The message is the rule's sentence as before.
    expect(summary.errors[0].message).toBe(
      'Värdet är negativt. Pris måste vara ett tal större än eller lika med 0 med högst två decimaler.',
    );
    expect(summary.errorCounts).toEqual([
      {
        column: 'Artikelnummer',
        rule: 'UNKNOWN_ARTICLE',
        count: 5,
        label: 'Artikelnummer: 5 artikelnummer finns inte bland organisationens artiklar',
      },
      { column: 'Pris', rule: 'NEGATIVE', count: 130, label: 'Pris: 130 värden är negativa' },
      {
        column: 'Minsta beställningsantal',
        rule: 'NOT_A_NUMBER',
        count: 13,
        label: 'Minsta beställningsantal: 13 värden är inte tal',
      },
    ]);
  });

  it('pages through every error, filtered by column and rule, with the filtered total', async () => {
    const id = await failedImport();
    const summary = (await get(`imports/${supplier.organizationId}/${id}/summary`)).json().result;

    // No filter, default limit: the summary's first 100, and every error counted.
    const first = await page(id);
    expect(first.total).toBe(148);
    expect(first.errors).toEqual(summary.errors);

    const negative = await page(id, '?column=Pris&rule=NEGATIVE&offset=100&limit=500');
    expect(negative.total).toBe(130);
    expect(negative.errors).toHaveLength(30);
    expect(negative.errors.every((error) => error.rule === 'NEGATIVE' && error.column === 'Pris')).toBe(true);
    expect(negative.errors.map((error) => error.row)).toEqual(Array.from({ length: 30 }, (_, i) => i + 102));

    const notNumbers = await page(id, '?rule=NOT_A_NUMBER&limit=5');
    expect(notNumbers.total).toBe(13);
    expect(notNumbers.errors.map((error: ValidationError) => error.cell)).toEqual([
      'D2',
      'D12',
      'D22',
      'D32',
      'D42',
    ]);

    const byColumn = await page(id, `?column=${encodeURIComponent('Minsta beställningsantal')}&offset=10`);
    expect(byColumn.total).toBe(13);
    expect(byColumn.errors.map((error) => error.row)).toEqual([102, 112, 122]);

    const unknown = await page(id, '?column=Artikelnummer');
    expect(unknown.errors.map((error) => [error.articleNumber, error.cell, error.rule])).toEqual(
      Array.from({ length: 5 }, (_, i) => [`OKÄND-${i + 1}`, `A${i + 132}`, 'UNKNOWN_ARTICLE']),
    );

    // A filter nothing matches, and a page past the end: none, with the filtered total.
    expect(await page(id, '?column=Garantivillkor')).toEqual({ errors: [], total: 0 });
    expect(await page(id, '?rule=TOO_LONG&column=Pris')).toEqual({ errors: [], total: 0 });
    expect(await page(id, '?rule=NEGATIVE&offset=130')).toEqual({ errors: [], total: 130 });
  });

  it('refuses a wrong rule, limit or offset with 400', async () => {
    const id = await failedImport();
    for (const query of ['?rule=FEL', '?limit=501', '?limit=0', '?offset=-1', '?column=', '?offset=x'])
      expect((await get(errorsUrl(id, query))).statusCode, query).toBe(400);
    expect((await page(id, '?limit=500')).errors).toHaveLength(148);
  });

  it("is 404 for an import without errors and for another organisation's import, 401 without a session", async () => {
    const id = await failedImport();
    const valid = await validatedImport(
      testApp,
      supplier,
      await priceListWorkbook([{ articleNumber: demoArticleNumber(1), price: 1, minimumOrderQuantity: 1 }]),
    );
    expect(valid.status).toBe('VALIDATION_SUCCESS');
    const withoutErrors = await get(errorsUrl(valid.id));
    expect(withoutErrors.statusCode).toBe(404);
    expect(withoutErrors.json().error.message).toBe('Importen har inga valideringsfel.');

    // The other supplier, through its own organisation and through this one.
    const other = await sessionCookieFor(testApp, 'lev2.admin');
    expect((await get(`imports/${supplier.otherOrganizationId}/${id}/errors`, other)).statusCode).toBe(404);
    expect((await get(errorsUrl(id), other)).statusCode).toBe(404);
    expect((await get(`imports/${supplier.otherOrganizationId}/${id}/errors`)).statusCode).toBe(404);
    expect((await request(testApp, 'GET', errorsUrl(id), undefined)).statusCode).toBe(401);
  });

  it('takes an API key, as the other import calls do', async () => {
    const id = await failedImport();
    const key = await createApiKeyAs(testApp, supplier.cookie);
    const answer = await testApp.app.inject({
      method: 'GET',
      url: `${api}/${errorsUrl(id, '?rule=UNKNOWN_ARTICLE')}`,
      headers: bearer(key.secret),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().total).toBe(5);
  });

  it('still reads a summary and errors stored before errors had rules and cells', async () => {
    const valid = await validatedImport(
      testApp,
      supplier,
      await priceListWorkbook([{ articleNumber: demoArticleNumber(2), price: 1, minimumOrderQuantity: 1 }]),
    );
    const old: ValidationError = {
      row: 2,
      articleNumber: 'HMD-0002',
      sheet: 'Prislista',
      column: 'Pris',
      value: '-1',
      message:
        'Värdet är negativt. Pris måste vara ett tal större än eller lika med 0 med högst två decimaler.',
    };
    await testApp.db
      .updateTable('imports')
      .set({
        status: 'VALIDATION_FAIL',
        summary: JSON.stringify({ type: 'VALIDATION_ERRORS', errorCount: 1, errors: [old] }),
      })
      .where('id', '=', valid.id)
      .execute();
    await testApp.db.deleteFrom('import_details').where('import_id', '=', valid.id).execute();
    await testApp.db
      .insertInto('import_details')
      .values({
        import_id: valid.id,
        kind: 'error',
        chunk: 0,
        items: sql<string>`${JSON.stringify([old])}::json`,
      })
      .execute();
    const summary = await get(`imports/${supplier.organizationId}/${valid.id}/summary`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().result).toEqual({ type: 'VALIDATION_ERRORS', errorCount: 1, errors: [old] });
    expect(await page(valid.id)).toEqual({ errors: [old], total: 1 });
    expect(await page(valid.id, '?column=Pris')).toEqual({ errors: [old], total: 1 });
    // Without a rule it matches no rule.
    expect(await page(valid.id, '?rule=NEGATIVE')).toEqual({ errors: [], total: 0 });
  });
});
