import { generatePriceListRows } from './generatedWorkbooks';
import type { Supplier } from './importFlow';
import { insertSupplierOrganization, supplierUserTemplate } from './supplierOrganization';
import { sessionCookieFor, type TestApp } from './testApp';

const DAY = 24 * 60 * 60 * 1000;

/**
 * One more supplier beside the demo's (which has the only general price list): an organisation,
 * a user who may import (the demo's SupplierAgreementManager role, signed in), 60 articles and a
 * general price list whose past list is empty, current list holds the first 40 articles and future
 * list articles 21–50; so a file can drop rows and add articles the list lacks. The rows come from
 * generatePriceListRows, seeded by the organisation's id: each supplier has other prices.
 */
export async function anotherSupplier(testApp: TestApp, name: string): Promise<Supplier> {
  const now = testApp.clock.now().getTime();
  const validFrom = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);
  const demo = await testApp.db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', 'Hjälpmedel Demo AB')
    .executeTakeFirstOrThrow();
  const user = await supplierUserTemplate(testApp.db);
  const made = await testApp.db.transaction().execute(async (trx) => {
    const { organizationId, userId, username } = await insertSupplierOrganization(
      trx,
      user,
      { organization: name, username: (id) => `lev.org${id}`, firstName: 'Leverantör', lastName: name },
      now,
    );
    const generated = generatePriceListRows(60, organizationId);
    const inserted = await trx
      .insertInto('articles')
      .values(
        generated.map((row) => ({
          organization_id: organizationId,
          article_number: row.values.articleNumber,
          name: row.articleName,
        })),
      )
      .returning(['id', 'article_number'])
      .execute();
    const articleId = new Map(inserted.map((article) => [article.article_number, article.id]));
    const { id: generalPricelistId } = await trx
      .insertInto('general_pricelists')
      .values({ organization_id: organizationId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pricelist = async (number: string, days: number, from: number, to: number) => {
      const { id } = await trx
        .insertInto('pricelists')
        .values({ general_pricelist_id: generalPricelistId, number, valid_from: validFrom(days) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = generated.slice(from, to).map(({ values }) => ({
        pricelist_id: id,
        article_id: articleId.get(values.articleNumber)!,
        price: values.price,
        minimum_order_quantity: values.minimumOrderQuantity,
        delivery_time_days: values.deliveryTimeDays,
        warranty_quantity: values.warrantyQuantity,
        warranty_unit: values.warrantyUnit,
        warranty_valid_from: values.warrantyValidFrom,
        warranty_terms: values.warrantyTerms,
      }));
      if (rows.length > 0) await trx.insertInto('pricelist_rows').values(rows).execute();
      return id;
    };
    const pricelists = {
      past: await pricelist('1', -365, 0, 0),
      current: await pricelist('2', -30, 0, 40),
      future: await pricelist('3', 60, 20, 50),
    };
    return { organizationId, userId, username, generalPricelistId, pricelists };
  });
  return {
    organizationId: made.organizationId,
    // Another supplier's organisation, as demoSupplier's is: here the demo's.
    otherOrganizationId: demo.id,
    generalPricelistId: made.generalPricelistId,
    pricelists: made.pricelists,
    cookie: await sessionCookieFor(testApp, made.username),
    userId: made.userId,
  };
}
