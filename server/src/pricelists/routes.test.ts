import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  sessionCookieFor,
  type TestApp,
  testDatabaseKinds,
} from '../../../test-support/testApp';
import { addDays, swedishDateOf } from '../lib/calendar';
import { findActivePricelist } from './queries';

describe.each(testDatabaseKinds)('general price lists on %s', (kind) => {
  let testApp: TestApp;
  const organization: Record<string, number> = {};
  const pricelist: Record<string, { id: number; validFrom: string }> = {};
  let generalPricelistId: number;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const organizations = await testApp.db.selectFrom('organizations').select(['id', 'name']).execute();
    for (const { id, name } of organizations) organization[name] = id;
    const general = await testApp.db.selectFrom('general_pricelists').select('id').executeTakeFirstOrThrow();
    generalPricelistId = general.id;
    const lists = await testApp.db
      .selectFrom('pricelists')
      .select(['id', 'number', sql<string>`to_char(valid_from, 'YYYY-MM-DD')`.as('validFrom')])
      .execute();
    for (const { id, number, validFrom } of lists) pricelist[number] = { id, validFrom };
  });
  afterAll(() => testApp?.close());

  const get = async (username: string | null, path: string) => {
    const cookie = username ? await sessionCookieFor(testApp, username) : undefined;
    return testApp.app.inject({
      method: 'GET',
      url: `/resources/v1/${path}`,
      headers: cookie ? { cookie } : {},
    });
  };
  const demoSupplier = () => organization['Hjälpmedel Demo AB']!;

  it('answers the supplier its general price list', async () => {
    const response = await get('lev.admin', `organizations/${demoSupplier()}/generalpricelists`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: generalPricelistId });
  });

  it('lists the CURRENT and FUTURE price lists by start date, not the PAST one', async () => {
    const response = await get(
      'lev.admin',
      `organizations/${demoSupplier()}/generalpricelists/pricelists/active`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: pricelist['2']!.id, number: '2', status: 'CURRENT' },
      { id: pricelist['3']!.id, number: '3', status: 'FUTURE' },
    ]);
  });

  it('lets any signed-in user of the organisation read them', async () => {
    for (const username of ['lev.ny', 'superadmin']) {
      expect((await get(username, `organizations/${demoSupplier()}/generalpricelists`)).json()).toEqual({
        id: generalPricelistId,
      });
    }
  });

  it('answers 404 for an organisation without a general price list, and no active lists', async () => {
    const other = organization['Annan Leverantör AB']!;
    const response = await get('lev2.admin', `organizations/${other}/generalpricelists`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Organisationen har ingen generell prislista.' },
    });
    const active = await get('lev2.admin', `organizations/${other}/generalpricelists/pricelists/active`);
    expect(active.statusCode).toBe(200);
    expect(active.json()).toEqual([]);
    const region = organization['Region Demo']!;
    expect((await get('region.avtal', `organizations/${region}/generalpricelists`)).statusCode).toBe(404);
  });

  it("answers 404 for another organisation's price lists", async () => {
    for (const username of ['lev2.admin', 'region.avtal']) {
      for (const path of ['generalpricelists', 'generalpricelists/pricelists/active']) {
        const response = await get(username, `organizations/${demoSupplier()}/${path}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Hittades inte.' } });
      }
    }
    expect((await get('lev.admin', 'organizations/abc/generalpricelists')).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    for (const path of ['generalpricelists', 'generalpricelists/pricelists/active']) {
      const response = await get(null, `organizations/${demoSupplier()}/${path}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('finds a price list an import may target only when it is the organisation’s and not PAST', async () => {
    const today = swedishDateOf(testApp.clock.now());
    const find = (organizationId: number, generalId: number, pricelistId: number) =>
      findActivePricelist(testApp.db, organizationId, generalId, pricelistId, today);
    expect(await find(demoSupplier(), generalPricelistId, pricelist['2']!.id)).toEqual({
      id: pricelist['2']!.id,
      number: '2',
      validFrom: pricelist['2']!.validFrom,
      status: 'CURRENT',
    });
    expect((await find(demoSupplier(), generalPricelistId, pricelist['3']!.id))?.status).toBe('FUTURE');
    expect(await find(demoSupplier(), generalPricelistId, pricelist['1']!.id)).toBeUndefined();
    expect(await find(demoSupplier(), generalPricelistId + 1, pricelist['2']!.id)).toBeUndefined();
    expect(
      await find(organization['Annan Leverantör AB']!, generalPricelistId, pricelist['2']!.id),
    ).toBeUndefined();
    expect(await find(demoSupplier(), generalPricelistId, 999_999)).toBeUndefined();
  });

  it('moves the statuses with the clock, on the Swedish date', async () => {
    const active = async () =>
      (await get('lev.admin', `organizations/${demoSupplier()}/generalpricelists/pricelists/active`)).json();
    const future = pricelist['3']!;
    // Noon UTC is the same date in Sweden all year round.
    testApp.clock.set(new Date(`${addDays(future.validFrom, -1)}T12:00:00Z`));
    expect(await active()).toEqual([
      { id: pricelist['2']!.id, number: '2', status: 'CURRENT' },
      { id: future.id, number: '3', status: 'FUTURE' },
    ]);
    testApp.clock.set(new Date(`${future.validFrom}T12:00:00Z`));
    expect(await active()).toEqual([{ id: future.id, number: '3', status: 'CURRENT' }]);
    expect(
      await findActivePricelist(
        testApp.db,
        demoSupplier(),
        generalPricelistId,
        pricelist['2']!.id,
        swedishDateOf(testApp.clock.now()),
      ),
    ).toBeUndefined();
  });
});
