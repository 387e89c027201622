import { describe, expect, it } from 'vitest';
import type { PriceChangeEntry, PriceChangeFeed, PricelistRowValues } from '#contract';
import {
  api,
  appliedImport,
  editedPricelistFile,
  pricelistRows,
  type Supplier,
} from '../../../test-support/importFlow';
import { sessionCookieFor, type TestApp, testDatabaseKinds } from '../../../test-support/testApp';
import { useSupplierApp } from '../../../test-support/useTestApp';
import { feedTexts } from './access';

/** A consumer's copy of price lists: per list, its rows by article number. */
type Copy = Map<number, Map<string, PricelistRowValues>>;

/** What a consumer does with an entry: each row set to its values after, or taken away. */
function applyEntry(copy: Copy, entry: PriceChangeEntry) {
  const rows = copy.get(entry.pricelist.id) ?? new Map<string, PricelistRowValues>();
  copy.set(entry.pricelist.id, rows);
  for (const row of entry.rows) {
    if (row.after) rows.set(row.articleNumber, row.after);
    else rows.delete(row.articleNumber);
  }
}

const sorted = (rows: Iterable<PricelistRowValues>) =>
  [...rows].sort((a, b) => a.articleNumber.localeCompare(b.articleNumber));

describe.each(testDatabaseKinds)('the change feed on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  async function feed(
    username: string | null,
    query = '',
  ): Promise<{ status: number; body: PriceChangeFeed }> {
    const cookie = username ? await sessionCookieFor(testApp, username) : undefined;
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${api}/pricelists/changes${query}`,
      headers: cookie ? { cookie } : {},
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** The feed's newest cursor now: where a consumer that starts from a copy of the lists begins. */
  const headNow = async () => (await feed('region.avtal', '?limit=1')).body.head;

  /** Reads on from `after` with `limit` rows per answer until the feed says there is no more. */
  async function follow(after: string, limit: number, username = 'region.avtal', filter = '') {
    const entries: PriceChangeEntry[] = [];
    let cursor = after;
    for (;;) {
      const { status, body } = await feed(username, `?after=${cursor}&limit=${limit}${filter}`);
      expect(status).toBe(200);
      entries.push(...body.entries);
      cursor = body.next;
      if (!body.more) return { entries, cursor };
    }
  }

  /** An import of the list: the first row's price up by 5, the second row gone, `added` new articles. */
  async function editOf(pricelistId: number, added: string[]) {
    let index = 0;
    return editedPricelistFile(
      testApp,
      pricelistId,
      (row) => {
        const at = index++;
        if (at === 1) return null;
        return at === 0 ? { ...row, price: Number(row.price) + 5 } : row;
      },
      added.map((articleNumber, i) => ({ articleNumber, price: 20 + i, minimumOrderQuantity: 1 })),
    );
  }

  async function absentArticles(pricelistId: number, count: number) {
    const present = new Set((await pricelistRows(testApp, pricelistId)).map((row) => row.articleNumber));
    const articles = await testApp.db
      .selectFrom('articles')
      .select('article_number')
      .where('organization_id', '=', supplier.organizationId)
      .orderBy('article_number')
      .execute();
    return articles
      .map((article) => article.article_number)
      .filter((number) => !present.has(number))
      .slice(0, count);
  }

  const undo = (importId: number) =>
    testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}/${importId}/undo`,
      headers: { cookie: supplier.cookie },
    });

  it('gives an applied import its rows before and after, and its undo the same rows backwards', async () => {
    const pricelistId = supplier.pricelists.future;
    const start = await headNow();
    const before = await pricelistRows(testApp, pricelistId);
    const [newArticle] = await absentArticles(pricelistId, 1);
    const importId = await appliedImport(
      testApp,
      supplier,
      await editOf(pricelistId, [newArticle!]),
      pricelistId,
    );

    const { entries, cursor } = await follow(start, 1000);
    expect(entries).toHaveLength(1);
    const applied = entries[0]!;
    expect(applied).toMatchObject({
      kind: 'IMPORT_APPLIED',
      changedBy: 'Lena Lindqvist',
      organization: { id: supplier.organizationId, name: 'Hjälpmedel Demo AB' },
      pricelist: {
        id: pricelistId,
        number: '3',
        status: 'FUTURE',
        generalPricelistId: supplier.generalPricelistId,
      },
      import: { id: importId, fileName: 'prislista.xlsx' },
      counts: { added: 1, updated: 1, removed: 1 },
      rowsFrom: 0,
      cursor,
    });
    const [first, second] = before;
    expect(applied.rows).toEqual([
      {
        articleNumber: newArticle,
        change: 'ADDED',
        before: null,
        after: expect.objectContaining({ price: '20.00' }),
      },
      {
        articleNumber: first!.articleNumber,
        change: 'UPDATED',
        before: first,
        after: { ...first, price: (Number(first!.price) + 5).toFixed(2) },
      },
      { articleNumber: second!.articleNumber, change: 'REMOVED', before: second, after: null },
    ]);

    expect((await undo(importId)).statusCode).toBe(200);
    const undone = await follow(cursor, 1000);
    expect(undone.entries).toHaveLength(1);
    expect(undone.entries[0]).toMatchObject({
      kind: 'IMPORT_UNDONE',
      changedBy: 'Lena Lindqvist',
      import: { id: importId },
      counts: { added: 1, updated: 1, removed: 1 },
    });
    expect(undone.entries[0]!.rows).toEqual([
      { articleNumber: second!.articleNumber, change: 'ADDED', before: null, after: second },
      {
        articleNumber: first!.articleNumber,
        change: 'UPDATED',
        before: applied.rows[1]!.after,
        after: first,
      },
      { articleNumber: newArticle, change: 'REMOVED', before: applied.rows[0]!.after, after: null },
    ]);
    // Nothing after the undo: the cursor stays where it was.
    expect(await follow(undone.cursor, 1000)).toEqual({ entries: [], cursor: undone.cursor });
  });

  it('rebuilds every list for a consumer that starts from a copy and follows in any page size', async () => {
    const lists = [supplier.pricelists.current, supplier.pricelists.future];
    const start = await headNow();
    const copy: Copy = new Map();
    for (const id of lists)
      copy.set(id, new Map((await pricelistRows(testApp, id)).map((row) => [row.articleNumber, row])));

    const applied: number[] = [];
    for (const [step, id] of [lists[0]!, lists[1]!, lists[0]!].entries())
      applied.push(
        await appliedImport(testApp, supplier, await editOf(id, await absentArticles(id, step + 2)), id),
      );
    expect((await undo(applied.at(-1)!)).statusCode).toBe(200);

    for (const limit of [1, 2, 3, 1000]) {
      const rebuilt: Copy = new Map([...copy].map(([id, rows]) => [id, new Map(rows)]));
      // A restart: the consumer goes on from the cursor it kept, one answer at a time.
      let cursor = start;
      for (;;) {
        const { body } = await feed('region.avtal', `?after=${cursor}&limit=${limit}`);
        for (const entry of body.entries) applyEntry(rebuilt, entry);
        cursor = body.next;
        if (!body.more) break;
      }
      for (const id of lists)
        expect(sorted(rebuilt.get(id)!.values())).toEqual(await pricelistRows(testApp, id));
    }
  });

  it("counts an undo from the import's own changes when its applied entry is missing", async () => {
    const pricelistId = supplier.pricelists.future;
    const importId = await appliedImport(
      testApp,
      supplier,
      await editOf(pricelistId, await absentArticles(pricelistId, 2)),
      pricelistId,
    );
    await testApp.db.deleteFrom('pricelist_changes').where('import_id', '=', importId).execute();
    const start = await headNow();
    expect((await undo(importId)).statusCode).toBe(200);
    const { entries } = await follow(start, 1000);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'IMPORT_UNDONE', counts: { added: 1, updated: 1, removed: 2 } });
    expect(entries[0]!.rows.map((row) => row.change)).toEqual(['ADDED', 'UPDATED', 'REMOVED', 'REMOVED']);
  });

  it('cuts a large import into answers of `limit` rows, each saying where its rows begin', async () => {
    const pricelistId = supplier.pricelists.future;
    const start = await headNow();
    const added = await absentArticles(pricelistId, 12);
    await appliedImport(testApp, supplier, await editOf(pricelistId, added), pricelistId);

    const { entries } = await follow(start, 5);
    expect(entries.map((entry) => [entry.rowsFrom, entry.rows.length, entry.cursor])).toEqual([
      [0, 5, expect.stringMatching(/^\d+\.5$/)],
      [5, 5, expect.stringMatching(/^\d+\.10$/)],
      [10, 4, expect.stringMatching(/^\d+$/)],
    ]);
    expect(entries.flatMap((entry) => entry.rows.map((row) => row.change))).toEqual([
      ...added.map(() => 'ADDED'),
      'UPDATED',
      'REMOVED',
    ]);
  });

  it('shows a supplier its own changes only, and refuses whoever may not read prices', async () => {
    const start = await headNow();
    const pricelistId = supplier.pricelists.future;
    await appliedImport(testApp, supplier, await editOf(pricelistId, []), pricelistId);

    expect((await follow(start, 100, 'lev.admin')).entries).toHaveLength(1);
    expect((await follow(start, 100, 'lev2.admin')).entries).toHaveLength(0);
    expect((await feed('lev2.admin', `?organizationId=${supplier.organizationId}`)).status).toBe(404);
    // A region's user chooses a supplier, or a price list.
    expect(
      (await follow(start, 100, 'region.utbud', `&organizationId=${supplier.otherOrganizationId}`)).entries,
    ).toEqual([]);
    expect((await follow(start, 100, 'region.utbud', `&pricelistId=${pricelistId}`)).entries).toHaveLength(1);

    const refused = await feed('region.tilldelat');
    expect(refused).toMatchObject({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: feedTexts.notAllowed } },
    });
    expect((await feed(null)).status).toBe(401);
  });

  it('refuses a cursor it did not hand out (one past the newest entry too), and a limit over 1,000', async () => {
    for (const query of [
      '?after=abc',
      '?after=-1',
      '?after=1.2.3',
      '?after=99999999',
      '?limit=0',
      '?limit=1001',
      '?pricelistId=x',
    ]) {
      const answer = await feed('region.avtal', query);
      expect(answer, query).toMatchObject({
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: feedTexts.badQuery } },
      });
    }
  });

  it('gives the changes since a cursor as a Peppol Update catalogue that, read in, makes the list again', async () => {
    const pricelistId = supplier.pricelists.future;
    const path = `${api}/pricelists/${supplier.organizationId}/${supplier.generalPricelistId}/${pricelistId}/peppol`;
    const catalogue = async (username: string, query: string) =>
      testApp.app.inject({
        url: `${path}${query}`,
        headers: { cookie: await sessionCookieFor(testApp, username) },
      });
    const start = await headNow();
    const before = await pricelistRows(testApp, pricelistId);
    // Chosen first: the second import must not add back the row the first removed.
    const [first, second, third] = await absentArticles(pricelistId, 3);
    const imports = [
      await appliedImport(testApp, supplier, await editOf(pricelistId, [first!, second!]), pricelistId),
      await appliedImport(testApp, supplier, await editOf(pricelistId, [third!]), pricelistId),
    ];
    const after = await pricelistRows(testApp, pricelistId);

    const update = await catalogue('region.avtal', `?after=${start}`);
    expect(update.statusCode).toBe(200);
    expect(update.headers['feed-cursor']).toBe(await headNow());
    const xml = update.body;
    expect(xml).toContain('<cbc:ActionCode>Update</cbc:ActionCode>');
    const lines = [
      ...xml.matchAll(
        /<cac:CatalogueLine>\s*<cbc:ID>\d+<\/cbc:ID>\s*<cbc:ActionCode>(\w+)<[\s\S]*?<cac:SellersItemIdentification>\s*<cbc:ID>([^<]+)</g,
      ),
    ].map((match) => `${match[1]} ${match[2]}`);
    // One line per article whose row differs between the list at the cursor and now.
    const was = new Map(before.map((row) => [row.articleNumber, row]));
    const now = new Map(after.map((row) => [row.articleNumber, row]));
    const expected = [
      ...[...now.keys()].filter((number) => !was.has(number)).map((number) => `Add ${number}`),
      ...[...was.keys()].filter((number) => !now.has(number)).map((number) => `Delete ${number}`),
      ...[...now.keys()]
        .filter(
          (number) => was.has(number) && JSON.stringify(was.get(number)) !== JSON.stringify(now.get(number)),
        )
        .map((number) => `Update ${number}`),
    ];
    expect(lines.sort()).toEqual(expected.sort());
    expect(new Set(lines.map((line) => line.split(' ')[0]))).toEqual(new Set(['Add', 'Update', 'Delete']));
    expect(await catalogue('region.avtal', `?after=${update.headers['feed-cursor']}`)).toMatchObject({
      statusCode: 204,
      headers: { 'feed-cursor': update.headers['feed-cursor'] },
    });

    // The list back as it was at the cursor, then the Update document read in: the list as it is now.
    for (const importId of imports.reverse()) expect((await undo(importId)).statusCode).toBe(200);
    expect(await pricelistRows(testApp, pricelistId)).toEqual(before);
    await appliedImport(testApp, supplier, Buffer.from(xml), pricelistId);
    expect(await pricelistRows(testApp, pricelistId)).toEqual(after);

    // Another supplier, or a user who may not read every list, is told it is not there.
    expect((await catalogue('lev2.admin', '')).statusCode).toBe(404);
    expect((await catalogue('region.tilldelat', '')).statusCode).toBe(404);
    const whole = await catalogue('region.avtal', '');
    expect(whole.body).toContain('<cbc:ActionCode>Replace</cbc:ActionCode>');
    // The whole list says where its changes go on.
    expect(whole.headers['feed-cursor']).toBe(await headNow());
    expect((await catalogue('region.avtal', '?after=99999999')).statusCode).toBe(400);
    expect((await catalogue('region.avtal', `?after=${start}.5`)).statusCode).toBe(400);
  });
});

/** Two writers at once: positions follow the commits, never the order the writers began in. */
describe.runIf(testDatabaseKinds.includes('postgres'))('the feed under concurrent commits', () => {
  const { testApp, supplier } = useSupplierApp('postgres');

  it('gives a position only after the one before has committed', async () => {
    const { recordPriceChange } = await import('./changeFeed');
    const importId = await anyAppliedImport(testApp, supplier);
    const counts = { added: 0, updated: 0, removed: 0 };
    const reader = () =>
      testApp.db
        .selectFrom('pricelist_changes')
        .select('position')
        .where('import_id', '=', importId)
        .execute();
    const before = (await reader()).length;

    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => {
      firstRecorded = resolve;
    });
    const first = testApp.db.transaction().execute(async (trx) => {
      await recordPriceChange(trx, {
        kind: 'IMPORT_APPLIED',
        importId,
        at: new Date(),
        counts,
        largestPriceChanges: null,
      });
      firstRecorded();
      await firstMayCommit;
    });
    await recorded;
    let secondDone = false;
    const second = testApp.db
      .transaction()
      .execute((trx) =>
        recordPriceChange(trx, {
          kind: 'IMPORT_APPLIED',
          importId,
          at: new Date(),
          counts,
          largestPriceChanges: null,
        }),
      )
      .then(() => {
        secondDone = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The second writer waits for the first; a reader sees neither yet.
    expect(secondDone).toBe(false);
    expect(await reader()).toHaveLength(before);
    releaseFirst();
    await Promise.all([first, second]);
    const positions = (await reader()).map((row) => Number(row.position)).sort((a, b) => a - b);
    expect(positions.slice(before)).toEqual([positions[before]!, positions[before]! + 1]);
  });
});

async function anyAppliedImport(testApp: TestApp, supplier: Supplier) {
  const pricelistId = supplier.pricelists.future;
  return appliedImport(
    testApp,
    supplier,
    await editedPricelistFile(testApp, pricelistId, (row) => ({ ...row, price: Number(row.price) + 1 })),
    pricelistId,
  );
}
