import { describe, expect, it } from 'vitest';
import type { PricelistRow, PricelistRowsPage } from '#contract';
import { appliedImport, editedPricelistFile, request } from '../../../test-support/importFlow';
import { sessionCookieFor, testDatabaseKinds } from '../../../test-support/testApp';
import { useSupplierApp } from '../../../test-support/useTestApp';
import { demoArticleNumber } from '../../../test-support/workbooks';

describe.each(testDatabaseKinds)('the price-list pages (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  const general = () => `pricelists/${supplier.organizationId}/${supplier.generalPricelistId}`;
  const rowsUrl = (pricelistId: number, query: Record<string, string | number> = {}) =>
    `${general()}/${pricelistId}/rows?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  const get = async (url: string, cookie: string | undefined = supplier.cookie) =>
    request(testApp, 'GET', url, cookie);

  /** Every row of a list through its pages, following nextCursor. */
  async function allPages(pricelistId: number, query: Record<string, string | number>) {
    const rows: PricelistRow[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: PricelistRowsPage = (
        await get(rowsUrl(pricelistId, { ...query, ...(after ? { after } : {}) }))
      ).json();
      rows.push(...page.rows);
      after = page.nextCursor;
      pages++;
    } while (after !== null && pages < 100);
    return { rows, pages };
  }

  const storedCount = async (pricelistId: number) =>
    Number(
      (
        await testApp.db
          .selectFrom('pricelist_rows')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('pricelist_id', '=', pricelistId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('lists the price lists of the general price list with status, start, row count and latest import', async () => {
    const answer = await get(general());
    expect(answer.statusCode).toBe(200);
    const { pricelists } = answer.json();
    expect(pricelists.map((p: { number: string; status: string }) => [p.number, p.status])).toEqual([
      ['1', 'PAST'],
      ['2', 'CURRENT'],
      ['3', 'FUTURE'],
    ]);
    for (const pricelist of pricelists) {
      expect(pricelist.rowCount).toBe(await storedCount(pricelist.id));
      expect(pricelist.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }

    const importId = await appliedImport(
      testApp,
      supplier,
      await editedPricelistFile(testApp, supplier.pricelists.future, (row) =>
        row.articleNumber === demoArticleNumber(3) ? { ...row, price: 123.45 } : row,
      ),
      supplier.pricelists.future,
    );
    const future = (await get(general()))
      .json()
      .pricelists.find((p: { id: number }) => p.id === supplier.pricelists.future);
    expect(future.lastImport).toMatchObject({ id: importId, fileName: 'prislista.xlsx' });
    // The count is kept by triggers as imports add and remove rows, and as an undo puts them back.
    const removing = await appliedImport(
      testApp,
      supplier,
      await editedPricelistFile(testApp, supplier.pricelists.future, (row) =>
        row.articleNumber === demoArticleNumber(4) ? null : row,
      ),
      supplier.pricelists.future,
    );
    const futureRow = async () =>
      (await get(general()))
        .json()
        .pricelists.find((p: { id: number }) => p.id === supplier.pricelists.future);
    expect((await futureRow()).rowCount).toBe(await storedCount(supplier.pricelists.future));
    expect((await futureRow()).rowCount).toBe(future.rowCount - 1);
    await request(testApp, 'POST', `imports/${supplier.organizationId}/${removing}/undo`, supplier.cookie);
    expect((await futureRow()).rowCount).toBe(future.rowCount);
    expect((await futureRow()).lastImport).toMatchObject({ id: importId });

    const history = (
      await get(`imports/${supplier.organizationId}/pricelists/${supplier.pricelists.future}`)
    ).json();
    // Newest first, the undone one too.
    expect(history.imports.map((item: { id: number }) => item.id)).toEqual([removing, importId]);
    expect(history.imports[0]).toMatchObject({
      undone: { byFullName: expect.any(String) },
      counts: { removed: 1 },
    });
    expect(history.imports[1]).toMatchObject({ status: 'IMPORT_SUCCESS', counts: { updated: 1 } });
  });

  it.each([
    ['articleNumber', 'asc'],
    ['articleNumber', 'desc'],
    ['articleName', 'asc'],
    ['price', 'asc'],
    ['price', 'desc'],
  ] as const)('pages through every row exactly once, sorted by %s %s', async (sort, direction) => {
    const pricelistId = supplier.pricelists.current;
    const { rows, pages } = await allPages(pricelistId, { sort, direction, limit: 100 });
    expect(rows).toHaveLength(await storedCount(pricelistId));
    expect(pages).toBeGreaterThan(1);
    expect(new Set(rows.map((row) => row.articleNumber)).size).toBe(rows.length);
    const key = (row: PricelistRow) =>
      sort === 'price' ? Number(row.price) : sort === 'articleName' ? row.articleName : row.articleNumber;
    const sorted = [...rows].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const order = x < y ? -1 : x > y ? 1 : 0;
      return direction === 'asc' ? order : -order;
    });
    expect(rows.map(key)).toEqual(sorted.map(key));
  });

  it('searches article numbers from their start and names anywhere, with % and _ taken literally', async () => {
    const pricelistId = supplier.pricelists.current;
    const byNumber = (await allPages(pricelistId, { search: 'HMD-001' })).rows;
    expect(byNumber.length).toBeGreaterThan(0);
    expect(byNumber.every((row) => row.articleNumber.startsWith('HMD-001'))).toBe(true);

    const someName = byNumber[0]!.articleName;
    const part = someName.slice(1, 6).toLowerCase();
    const byName = (await allPages(pricelistId, { search: part })).rows;
    expect(byName.some((row) => row.articleName === someName)).toBe(true);
    expect(
      byName.every(
        (row) =>
          row.articleName.toLowerCase().includes(part) || row.articleNumber.toLowerCase().startsWith(part),
      ),
    ).toBe(true);

    expect((await get(rowsUrl(pricelistId, { search: '%' }))).json().rows).toEqual([]);
    expect((await get(rowsUrl(pricelistId, { search: '_' }))).json().rows).toEqual([]);
  });

  it('shows prices as exact decimals and the other columns of the file format', async () => {
    const page = (await get(rowsUrl(supplier.pricelists.future, { search: demoArticleNumber(3) }))).json();
    expect(page.rows[0]).toMatchObject({ articleNumber: demoArticleNumber(3), price: '123.45' });
    expect(Object.keys(page.rows[0]).sort()).toEqual(
      [
        'articleName',
        'articleNumber',
        'deliveryTimeDays',
        'minimumOrderQuantity',
        'price',
        'warrantyQuantity',
        'warrantyTerms',
        'warrantyUnit',
        'warrantyValidFrom',
      ].sort(),
    );
  });

  it('answers a cursor it cannot read with the first page, and refuses a bad query with 400', async () => {
    const pricelistId = supplier.pricelists.current;
    const first = (await get(rowsUrl(pricelistId))).json();
    expect((await get(rowsUrl(pricelistId, { after: 'not-a-cursor' }))).json().rows).toEqual(first.rows);
    expect((await get(rowsUrl(pricelistId, { limit: 101 }))).statusCode).toBe(400);
    expect((await get(rowsUrl(pricelistId, { sort: 'id' }))).statusCode).toBe(400);
  });

  it('refuses a search with NUL with 400, and answers a cursor of the wrong kind for its sort with the first page', async () => {
    const pricelistId = supplier.pricelists.current;
    const nul = await get(rowsUrl(pricelistId, { search: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Felaktig begäran.' } });

    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cases = [
      ['price', ['abc', 1]],
      ['price', ['NaN', 1]],
      ['price', ['Infinity', 1]],
      ['price', ['1e400', 1]],
      ['price', ['10.00', 2 ** 53]],
      ['articleName', ['Rullator', Number.MAX_SAFE_INTEGER]],
      ['articleName', ['Rullator', 2_147_483_648]],
      ['articleName', ['Rull\u0000ator', 1]],
      ['articleName', [12, 1]],
      ['articleNumber', ['HMD-\u0000', 0]],
      ['articleNumber', [null, 0]],
    ] as const;
    for (const [sort, value] of cases) {
      const label = `${sort} ${JSON.stringify(value)}`;
      const first = (await get(rowsUrl(pricelistId, { sort }))).json();
      const response = await get(rowsUrl(pricelistId, { sort, after: cursor(value) }));
      expect(response.statusCode, label).toBe(200);
      expect(response.json().rows, label).toEqual(first.rows);
    }
    // A cursor the page made itself still reads as the next page.
    const first = (await get(rowsUrl(pricelistId, { sort: 'price', limit: 2 }))).json();
    const next = (
      await get(rowsUrl(pricelistId, { sort: 'price', limit: 2, after: first.nextCursor }))
    ).json();
    expect(next.rows).toHaveLength(2);
    expect(next.rows[0]).not.toEqual(first.rows[0]);
  });

  it('is read by a region’s user, who reads every supplier’s lists (generalpricelist:view_all)', async () => {
    const region = await sessionCookieFor(testApp, 'region.avtal');
    const view = await get(general(), region);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual((await get(general())).json());
    const rows = await get(rowsUrl(supplier.pricelists.current), region);
    expect(rows.statusCode).toBe(200);
    expect(rows.json()).toEqual((await get(rowsUrl(supplier.pricelists.current))).json());
  });

  it('is 401 without a session and 404 for another organisation, a user without the permission or another list', async () => {
    const anonymous = (url: string) => request(testApp, 'GET', url, undefined);
    expect((await anonymous(general())).statusCode).toBe(401);
    expect((await anonymous(`pricelists/x/${supplier.generalPricelistId}`)).statusCode).toBe(401);
    expect(
      (await get(`pricelists/${supplier.otherOrganizationId}/${supplier.generalPricelistId}`)).statusCode,
    ).toBe(404);
    // A region's user who neither imports nor reads every supplier's lists.
    const assigned = await sessionCookieFor(testApp, 'region.tilldelat');
    expect((await get(general(), assigned)).statusCode).toBe(404);
    expect((await get(rowsUrl(supplier.pricelists.current), assigned)).statusCode).toBe(404);
    const other = await sessionCookieFor(testApp, 'lev2.admin');
    expect((await get(rowsUrl(supplier.pricelists.current), other)).statusCode).toBe(404);
    expect((await get(`${general()}/999999/rows`)).statusCode).toBe(404);
  });
});
