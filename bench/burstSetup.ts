/**
 * The burst's data: the demo data, then `organisations` supplier organisations, each with a user
 * who may import (the demo's SupplierAgreementManager role) and a general price list whose one
 * current price list holds what prepareBenchSupplier gives the demo supplier for `rows` rows. The
 * articles and rows are copied from the demo supplier in SQL, so every organisation meets the same
 * file the same way (article numbers are per organisation).
 */
import { sql } from 'kysely';
import type { Database } from '../server/src/db/database';
import { insertSupplierOrganization, supplierUserTemplate } from '../test-support/supplierOrganization';
import { prepareBenchSupplier } from './setup';

export interface BurstSupplier {
  organizationId: number;
  username: string;
  generalPricelistId: number;
  pricelistId: number;
}

const DAY = 24 * 60 * 60 * 1000;

export const burstUsername = (index: number) => `burst.${String(index + 1).padStart(2, '0')}`;

export async function prepareBurstSuppliers(
  db: Database,
  organisations: number,
  rows: number,
): Promise<BurstSupplier[]> {
  const template = await prepareBenchSupplier(db, rows);
  const user = await supplierUserTemplate(db);
  const validFrom = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
  const suppliers: BurstSupplier[] = [];
  for (let index = 0; index < organisations; index++) {
    const username = burstUsername(index);
    suppliers.push(
      await db.transaction().execute(async (trx) => {
        const { organizationId } = await insertSupplierOrganization(
          trx,
          user,
          {
            organization: `Burstleverantör ${index + 1} AB`,
            username: () => username,
            firstName: 'Burst',
            lastName: String(index + 1),
          },
          Date.now(),
        );
        const { id: generalPricelistId } = await trx
          .insertInto('general_pricelists')
          .values({ organization_id: organizationId })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { id: pricelistId } = await trx
          .insertInto('pricelists')
          .values({ general_pricelist_id: generalPricelistId, number: '1', valid_from: validFrom })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sql`insert into articles (organization_id, article_number, name)
          select ${organizationId}, article_number, name from articles
          where organization_id = ${template.organizationId}`.execute(trx);
        await sql`insert into pricelist_rows (pricelist_id, article_id, price, minimum_order_quantity,
            delivery_time_days, warranty_quantity, warranty_unit, warranty_valid_from, warranty_terms)
          select ${pricelistId}, copy.id, r.price, r.minimum_order_quantity, r.delivery_time_days,
            r.warranty_quantity, r.warranty_unit, r.warranty_valid_from, r.warranty_terms
          from pricelist_rows r
          join articles a on a.id = r.article_id
          join articles copy on copy.organization_id = ${organizationId} and copy.article_number = a.article_number
          where r.pricelist_id = ${template.pricelistId}`.execute(trx);
        return { organizationId, username, generalPricelistId, pricelistId };
      }),
    );
  }
  await sql`analyze`.execute(db);
  return suppliers;
}
