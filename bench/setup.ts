import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../server/src/db/database';
import { seedDemoData } from '../server/src/demo/seed';
import { prepareImportFile } from '../server/src/imports/store/fileWriter';
import { generatedArticleNumber, generatePriceListRows } from '../test-support/generatedWorkbooks';

export interface BenchSupplier {
  organizationId: number;
  userId: number;
  generalPricelistId: number;
  pricelistId: number;
}

/**
 * The demo data plus what a realistic re-upload of a `rows`-row file meets: the supplier has
 * rows + 10 % articles, and the current price list holds 90 % of the file's rows (every tenth
 * with another price) and 10 % rows the file no longer has. So validating gives 10 % added, 9 %
 * updated, 81 % unchanged and 10 % removed.
 */
export async function prepareBenchSupplier(db: Database, rows: number): Promise<BenchSupplier> {
  await seedDemoData(db);
  const supplier = await db
    .selectFrom('organizations as o')
    .innerJoin('general_pricelists as g', 'g.organization_id', 'o.id')
    .innerJoin('pricelists as p', 'p.general_pricelist_id', 'g.id')
    .innerJoin('engagements as e', 'e.organization_id', 'o.id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['o.id as organizationId', 'g.id as generalPricelistId', 'p.id as pricelistId', 'u.id as userId'])
    .where('o.name', '=', 'Hjälpmedel Demo AB')
    .where('p.number', '=', '2')
    .where('u.username', '=', 'lev.admin')
    .executeTakeFirstOrThrow();
  const extra = Math.floor(rows / 10);
  const generated = generatePriceListRows(rows + extra);
  await sql`delete from pricelist_rows where pricelist_id = ${supplier.pricelistId}`.execute(db);
  const chunk = 20_000;
  for (let start = 0; start < generated.length; start += chunk) {
    const part = generated.slice(start, start + chunk);
    await sql`insert into articles (organization_id, article_number, name)
      select ${supplier.organizationId}, n, name from unnest(${part.map((r) => r.values.articleNumber)}::text[], ${part.map((r) => r.articleName)}::text[]) as t(n, name)`.execute(
      db,
    );
  }
  const kept = generated.filter((_, index) => index < rows * 0.9 || index >= rows);
  for (let start = 0; start < kept.length; start += chunk) {
    const part = kept.slice(start, start + chunk).map((row, offset) => ({
      ...row.values,
      price: (start + offset) % 10 === 0 ? (Number(row.values.price) + 1).toFixed(2) : row.values.price,
    }));
    await sql`insert into pricelist_rows (pricelist_id, article_id, price, minimum_order_quantity, delivery_time_days,
        warranty_quantity, warranty_unit, warranty_valid_from, warranty_terms)
      select ${supplier.pricelistId}, a.id, t.price::numeric, t.moq, t.days, t.wq, t.wu, t.wf, t.wt
      from unnest(${part.map((r) => r.articleNumber)}::text[], ${part.map((r) => r.price)}::text[],
                  ${part.map((r) => r.minimumOrderQuantity)}::int[], ${part.map((r) => r.deliveryTimeDays)}::int[],
                  ${part.map((r) => r.warrantyQuantity)}::int[], ${part.map((r) => r.warrantyUnit)}::text[],
                  ${part.map((r) => r.warrantyValidFrom)}::text[], ${part.map((r) => r.warrantyTerms)}::text[])
           as t(n, price, moq, days, wq, wu, wf, wt)
      join articles a on a.organization_id = ${supplier.organizationId} and a.article_number = t.n`.execute(
      db,
    );
  }
  await sql`analyze`.execute(db);
  return supplier;
}

/**
 * Puts a file in the queue as lev.admin's upload would: an import in VALIDATION_PENDING, its file
 * in the database or, given the folder (as the app keeps files with PGlite), on disk.
 */
export async function queueImport(
  db: Database,
  supplier: BenchSupplier,
  filePath: string,
  uploadFolder: string | null = null,
): Promise<number> {
  const file = await prepareImportFile({ db, uploadFolder }, readFileSync(filePath));
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('imports')
      .values({
        organization_id: supplier.organizationId,
        type: 'GENERAL_PRICELIST',
        status: 'VALIDATION_PENDING',
        created_at: now,
        file_name: filePath.split('/').at(-1)!,
        imported_by: supplier.userId,
        general_pricelist_id: supplier.generalPricelistId,
        pricelist_id: supplier.pricelistId,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('import_files')
      .values({ import_id: id, ...file.values })
      .execute();
    return id;
  });
}

export { generatedArticleNumber };
