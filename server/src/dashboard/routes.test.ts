import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  sessionCookieFor,
  type TestApp,
  testDatabaseKinds,
} from '../../../test-support/testApp';
import { dashboardListPaths, expectedDemoCounts } from '../demo/demoCounts';

const DAY = 24 * 60 * 60 * 1000;

interface Lists {
  testApp: TestApp;
  organization: Record<string, number>;
  /** GET organizations/{org}/{path} as the user (their own organisation unless given). */
  get(
    username: string | null,
    path: string,
    organizationId?: number | string,
  ): Promise<LightMyRequestResponse>;
  count(username: string, path: string): Promise<number>;
}

/** A fresh app with the demo data and helpers to read the lists as a demo user. */
async function openLists(kind: (typeof testDatabaseKinds)[number]): Promise<Lists> {
  const testApp = await createTestApp(kind);
  const organization: Record<string, number> = {};
  const rows = await testApp.db
    .selectFrom('users as u')
    .innerJoin('engagements as e', 'e.user_id', 'u.id')
    .select(['u.username', 'e.organization_id'])
    .execute();
  for (const row of rows) organization[row.username] = row.organization_id;
  const cookies = new Map<string, string>();
  const get: Lists['get'] = async (username, path, organizationId) => {
    let cookie: string | undefined;
    if (username) {
      cookie = cookies.get(username) ?? (await sessionCookieFor(testApp, username));
      cookies.set(username, cookie);
    }
    return testApp.app.inject({
      method: 'GET',
      url: `/resources/v1/organizations/${organizationId ?? organization[username ?? 'lev.admin']}/${path}`,
      headers: cookie ? { cookie } : {},
    });
  };
  const count = async (username: string, path: string) => {
    const response = await get(username, path);
    expect(response.statusCode, `${username} ${path}`).toBe(200);
    const items = response.json();
    expect(Array.isArray(items)).toBe(true);
    return items.length;
  };
  return { testApp, organization, get, count };
}

const idsOf = (items: { agreementNumber: string }[]) => items.map((item) => item.agreementNumber);

describe.each(testDatabaseKinds)('start-page lists on %s', (kind) => {
  let lists: Lists;
  beforeAll(async () => {
    lists = await openLists(kind);
  });
  afterAll(() => lists?.testApp.close());

  it.each(Object.keys(expectedDemoCounts))('answers %s the documented demo counts', async (username) => {
    const expected = expectedDemoCounts[username]!;
    for (const path of dashboardListPaths) {
      const count = expected[path];
      if (count === undefined) {
        const response = await lists.get(username, path);
        expect(response.statusCode, `${username} ${path}`).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      } else {
        expect(await lists.count(username, path), `${username} ${path}`).toBe(count);
      }
    }
  });

  it('gives every count a non-zero value for some demo user', () => {
    for (const path of dashboardListPaths) {
      expect(
        Object.values(expectedDemoCounts).some((counts) => (counts[path] ?? 0) > 0),
        path,
      ).toBe(true);
    }
  });

  it('names the price lists of each filter, ended agreements left out', async () => {
    const items = async (filter: string) =>
      (await lists.get('lev.admin', `agreements/getPricelistsFilteredBy/${filter}`))
        .json()
        .map((item: { agreementNumber: string; number: string }) => `${item.agreementNumber}/${item.number}`);
    expect(await items('EMPTY_PRICELISTS')).toEqual(['2025-101/2', '2026-003/1']);
    expect(await items('DECLINED')).toEqual(['2024-087/1', '2025-101/1', '2025-102/2']);
    expect(await items('NEW_OR_CHANGED')).toEqual(['2024-087/1', '2025-102/1', '2026-003/2', '2026-011/1']);
    expect(await items('PENDING_APPROVAL')).toEqual([
      '2024-087/2',
      '2025-101/1',
      '2025-102/2',
      '2026-003/2',
      '2026-011/1',
    ]);
    expect(await items('PENDING_INACTIVATION')).toEqual(['2024-087/2', '2025-102/1']);
    const [first] = (await lists.get('lev.admin', 'agreements/getPricelistsFilteredBy/DECLINED')).json();
    expect(first).toEqual({
      id: expect.any(Number),
      number: '1',
      validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      agreementId: expect.any(Number),
      agreementNumber: '2024-087',
      agreementName: 'Hygienhjälpmedel',
    });
  });

  it('names the agreements, rows and articles of the other lists', async () => {
    const changed = (await lists.get('lev.admin', 'agreements/getAgreementsChangedByCustomer')).json();
    expect(changed).toEqual([
      {
        id: expect.any(Number),
        agreementNumber: '2025-101',
        name: 'Rullstolar och tillbehör',
        validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        validTo: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        supplierName: 'Hjälpmedel Demo AB',
        customerName: 'Region Demo',
        changedByCustomerAt: new Date(lists.testApp.clock.now().getTime() - 5 * DAY).toISOString(),
      },
    ]);
    expect(idsOf((await lists.get('region.avtal', 'agreements/getAgreementsToExtend')).json())).toEqual([
      '2025-240',
      '2025-102',
    ]);
    const rows = (await lists.get('lev.admin', 'agreements/getPricelistRowsApprovedByCustomer')).json();
    expect(rows.map((row: { articleNumber: string }) => row.articleNumber)).toEqual([
      'HMD-0042',
      'HMD-0002',
      'HMD-0026',
      'HMD-0003',
      'HMD-0012',
      'HMD-0043',
    ]);
    expect(rows[0]).toMatchObject({
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      agreementNumber: '2026-003',
    });
    const articles = (await lists.get('region.avtal', 'agreements/getArticlesChanged')).json();
    expect(articles.map((article: { articleNumber: string }) => article.articleNumber)).toEqual([
      'HMD-0040',
      'HMD-0001',
      'ANN-0001',
      'HMD-0010',
      'ANN-0002',
      'HMD-0020',
      'HMD-0050',
    ]);
    expect(articles[2]).toMatchObject({ supplierName: 'Annan Leverantör AB' });
    const discontinued = (await lists.get('region.tilldelat', 'assortments/getArticlesDiscontinued')).json();
    expect(discontinued.map((item: { articleNumber: string }) => item.articleNumber)).toEqual([
      'ANN-0002',
      'HMD-0007',
      'HMD-0008',
    ]);
    expect(discontinued[0]).toMatchObject({
      assortmentName: 'Utbud rörelsehinder',
      articleName: expect.any(String),
    });
  });

  it("answers 404 for another organisation's lists, whoever asks", async () => {
    const { organization } = lists;
    const foreign: [string, number | string][] = [
      ['lev.admin', organization['lev2.admin']!],
      ['lev.admin', organization['region.avtal']!],
      ['lev2.admin', organization['lev.admin']!],
      ['region.avtal', organization['lev.admin']!],
      ['region.utbud', organization['lev.admin']!],
      ['lev.admin', 999_999],
      ['lev.admin', 'abc'],
    ];
    for (const [username, organizationId] of foreign) {
      for (const path of dashboardListPaths) {
        const response = await lists.get(username, path, organizationId);
        expect(response.statusCode, `${username} ${organizationId} ${path}`).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Hittades inte.' } });
      }
    }
  });

  it('answers 401 without a session', async () => {
    for (const path of dashboardListPaths) {
      const response = await lists.get(null, path, lists.organization['lev.admin']);
      expect(response.statusCode, path).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 400 for an unknown filter', async () => {
    for (const filter of ['UNKNOWN', 'declined', 'constructor', '__proto__']) {
      const response = await lists.get('lev.admin', `agreements/getPricelistsFilteredBy/${filter}`);
      expect(response.statusCode, filter).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: 'Okänt filter för prislistor.' },
      });
    }
  });

  it("never counts another supplier's agreement rows for a supplier", async () => {
    const { db, clock } = lists.testApp;
    const now = clock.now();
    const otherAgreement = await db
      .selectFrom('agreements')
      .select('id')
      .where('supplier_organization_id', '=', lists.organization['lev2.admin']!)
      .executeTakeFirstOrThrow();
    const before = Object.fromEntries(
      await Promise.all(
        dashboardListPaths.slice(0, 9).map(async (path) => [path, await lists.count('lev.admin', path)]),
      ),
    );
    // Give the other supplier's agreement something for every list: an empty price list, a
    // declined, a new, a pending and a recently approved row, a change by the customer.
    await db
      .updateTable('agreements')
      .set({ changed_by_customer_at: now })
      .where('id', '=', otherAgreement.id)
      .execute();
    await db
      .insertInto('agreement_pricelists')
      .values({ agreement_id: otherAgreement.id, number: '9', valid_from: '2026-01-01' })
      .execute();
    const pricelist = await db
      .selectFrom('agreement_pricelists')
      .select('id')
      .where('agreement_id', '=', otherAgreement.id)
      .where('number', '=', '1')
      .executeTakeFirstOrThrow();
    const articles = await db
      .selectFrom('articles')
      .select('id')
      .where('article_number', 'in', ['ANN-0010', 'ANN-0011', 'ANN-0012', 'ANN-0013'])
      .orderBy('article_number')
      .execute();
    const statuses = ['DECLINED', 'CREATED', 'PENDING_APPROVAL', 'ACTIVE'] as const;
    await db
      .insertInto('agreement_pricelist_rows')
      .values(
        articles.map((article, index) => ({
          agreement_pricelist_id: pricelist.id,
          article_id: article.id,
          price: '10.00',
          status: statuses[index]!,
          created_at: now,
          status_changed_at: now,
          approved_at: statuses[index] === 'ACTIVE' ? now : null,
        })),
      )
      .execute();

    for (const path of dashboardListPaths.slice(0, 9)) {
      expect(await lists.count('lev.admin', path), path).toBe(before[path]);
    }
    // The same rows do count for the parties to that agreement.
    expect(await lists.count('lev2.admin', 'agreements/getPricelistsFilteredBy/EMPTY_PRICELISTS')).toBe(1);
    expect(await lists.count('lev2.admin', 'agreements/getPricelistsFilteredBy/DECLINED')).toBe(1);
    expect(await lists.count('lev2.admin', 'agreements/getPricelistsFilteredBy/NEW_OR_CHANGED')).toBe(1);
    expect(await lists.count('lev2.admin', 'agreements/getAgreementsChangedByCustomer')).toBe(1);
    expect(await lists.count('lev2.admin', 'agreements/getPricelistRowsApprovedByCustomer')).toBe(1);
    expect(await lists.count('region.avtal', 'agreements/getPricelistsFilteredBy/DECLINED')).toBe(4);
    expect(await lists.count('region.avtal', 'agreements/getPricelistsFilteredBy/PENDING_APPROVAL')).toBe(6);
  });
});

describe.each(testDatabaseKinds)('start-page lists as time passes on %s', (kind) => {
  let lists: Lists;
  beforeAll(async () => {
    lists = await openLists(kind);
    // 32 days on (a day to spare around daylight-saving changes): every recent change and approval
    // has aged out, more agreements near their end, the other supplier's (30 days left) has ended.
    lists.testApp.clock.advance(32 * DAY);
  });
  afterAll(() => lists?.testApp.close());

  it('ages out recent changes and approvals and ended agreements, and finds new ones to extend', async () => {
    const toExtend = (username: string) =>
      lists.get(username, 'agreements/getAgreementsToExtend').then((response) => idsOf(response.json()));
    expect(await toExtend('lev.admin')).toEqual(['2025-102', '2024-087']);
    expect(await toExtend('region.avtal')).toEqual(['2025-102', '2024-087']);
    expect(await toExtend('lev2.admin')).toEqual([]);
    expect(await lists.count('lev.admin', 'agreements/getAgreementsChangedByCustomer')).toBe(0);
    expect(await lists.count('lev.admin', 'agreements/getPricelistRowsApprovedByCustomer')).toBe(0);
    expect(await lists.count('region.avtal', 'agreements/getArticlesChanged')).toBe(0);
    expect(await lists.count('region.avtal', 'agreements/getPricelistsFilteredBy/PENDING_INACTIVATION')).toBe(
      2,
    );
    // State, not age: still there.
    expect(await lists.count('lev.admin', 'agreements/getPricelistsFilteredBy/DECLINED')).toBe(3);
    // HMD-0009 is discontinued from day 10 on.
    expect(await lists.count('region.utbud', 'assortments/getArticlesDiscontinued')).toBe(7);
  });
});
