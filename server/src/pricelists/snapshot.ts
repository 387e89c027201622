import { sql } from 'kysely';
import type { PricelistTimeStatus, ValidationError } from '#contract';
import { PRICE_LIST_SHEET, pricelistTimeStatusLabels } from '#contract';
import { ruleMessages } from '#contract/ruleMessages';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { swedishDateOf } from '../lib/calendar';
import type { PriceListSnapshotJson } from '../pricelistFile';
import { pricelistsOf } from './queries';

export interface PricelistSnapshot {
  /** The articles and rows as JSON texts, for the worker thread to parse (snapshotJson.ts). */
  json: PriceListSnapshotJson;
  /** The price list's rows version read with them (store/revalidation.ts). */
  rowsVersion: string | undefined;
}

/** The chosen price list's number and time status today, or undefined when it is gone. */
export async function pricelistStatus(
  db: Database,
  clock: Clock,
  generalPricelistId: number,
  pricelistId: number,
): Promise<{ number: string; status: PricelistTimeStatus } | undefined> {
  const pricelists = await pricelistsOf(db, generalPricelistId, swedishDateOf(clock.now()));
  return pricelists.find((pricelist) => pricelist.id === pricelistId);
}

/** The one error of a file whose price list may no longer take rows (it has become history). */
export function inactivePricelistError(
  number: string,
  status: PricelistTimeStatus | undefined,
): ValidationError {
  const now = status ? ` är ${pricelistTimeStatusLabels[status].toLowerCase()} och` : '';
  return {
    row: 0,
    sheet: PRICE_LIST_SHEET,
    column: 'Prislista',
    value: number,
    message: ruleMessages.INACTIVE_PRICELIST(now),
    rule: 'INACTIVE_PRICELIST',
  };
}

/** The price list's rows version as it is now (in `db`'s snapshot): moved by every statement that writes its rows (migration 015); undefined when it is gone. */
export async function pricelistRowsVersion(db: Database, pricelistId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('pricelists')
    .select(sql<string>`rows_version::text`.as('version'))
    .where('id', '=', pricelistId)
    .executeTakeFirst();
  return row?.version;
}

/** The fingerprint of a price list's rows as they are in this transaction's snapshot. */
export async function pricelistFingerprint(db: Database, pricelistId: number): Promise<string> {
  const result = await sql<{ fingerprint: string | null }>`
    select md5(string_agg(r::text, ',' order by r.id)) as fingerprint
    from pricelist_rows r where r.pricelist_id = ${pricelistId}`.execute(db);
  return result.rows[0]?.fingerprint ?? 'empty';
}

/** A price list's rows as PricelistRowValues (prices exact, as text), joined with their articles. */
export function selectPricelistRows(db: Database, pricelistId: number) {
  return db
    .selectFrom('pricelist_rows as r')
    .innerJoin('articles as a', 'a.id', 'r.article_id')
    .select([
      'a.article_number as articleNumber',
      sql<string>`r.price::text`.as('price'),
      'r.minimum_order_quantity as minimumOrderQuantity',
      'r.delivery_time_days as deliveryTimeDays',
      'r.warranty_quantity as warrantyQuantity',
      'r.warranty_unit as warrantyUnit',
      'r.warranty_valid_from as warrantyValidFrom',
      'r.warranty_terms as warrantyTerms',
    ])
    .where('r.pricelist_id', '=', pricelistId);
}

/** The rows of a template filled from one of the organisation's price lists, or undefined when it is not theirs. */
export async function templateRows(db: Database, organizationId: number, pricelistId: number) {
  const pricelist = await db
    .selectFrom('pricelists as p')
    .innerJoin('general_pricelists as g', 'g.id', 'p.general_pricelist_id')
    .select(['p.id', 'p.number'])
    .where('p.id', '=', pricelistId)
    .where('g.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!pricelist) return undefined;
  const rows = await selectPricelistRows(db, pricelist.id)
    .select('a.name as articleName')
    .orderBy('a.article_number')
    .execute();
  return {
    number: pricelist.number,
    rows: rows.map(({ articleName, ...values }) => ({ values, articleName })),
  };
}

/**
 * At most this many rows (articles) per JSON text: each text is decoded on the API thread as it
 * arrives, ~1.5 MB and a few milliseconds each (one text of 200,000 rows held it ~45 ms). A
 * block is a range of ids, so it never holds more, and needs no sort: the worker does not
 * depend on the order.
 */
const ROWS_PER_BLOCK = 20_000;
const ARTICLES_PER_BLOCK = 100_000;

/** The articles and rows as JSON texts in blocks, read in `trx` (format: snapshotJson.ts). */
async function snapshotJson(
  trx: Database,
  organizationId: number,
  pricelistId: number,
): Promise<PriceListSnapshotJson> {
  // One process for the aggregation, not two: a parallel worker would save a little of it but
  // take the second core from the API thread and the worker thread while the file is read.
  await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
  const articles = await sql<{ json: string }>`
    select json_build_array(json_agg(id), json_agg(article_number))::text as json
    from articles where organization_id = ${organizationId}
    group by id / ${ARTICLES_PER_BLOCK}`.execute(trx);
  // One array per column; rows name their article by id (no join). No rows, no blocks.
  const rows = await sql<{ json: string }>`
    select json_build_array(
      json_agg(article_id), json_agg(price::text), json_agg(minimum_order_quantity),
      json_agg(delivery_time_days), json_agg(warranty_quantity), json_agg(warranty_unit),
      json_agg(warranty_valid_from), json_agg(warranty_terms))::text as json
    from pricelist_rows where pricelist_id = ${pricelistId}
    group by id / ${ROWS_PER_BLOCK}`.execute(trx);
  // When the list applies: a Peppol catalogue's start date must fit it.
  const period = await sql<{ number: string; validFrom: string; nextValidFrom: string | null }>`
    select p.number, to_char(p.valid_from, 'YYYY-MM-DD') as "validFrom",
      (select to_char(min(n.valid_from), 'YYYY-MM-DD') from pricelists n
        where n.general_pricelist_id = p.general_pricelist_id and n.valid_from > p.valid_from) as "nextValidFrom"
    from pricelists p where p.id = ${pricelistId}`.execute(trx);
  return {
    articles: articles.rows.map((row) => row.json),
    rows: rows.rows.map((row) => row.json),
    ...(period.rows[0] && { period: period.rows[0] }),
  };
}

/**
 * What a validation checks the file against: the organisation's articles and the price list's
 * rows, read in one snapshot. PostgreSQL aggregates them into a few JSON texts (prices as exact
 * text), so this thread receives a dozen strings instead of 400,000 row objects, and the worker
 * parses them.
 */
export function loadPricelistSnapshot(
  db: Database,
  organizationId: number,
  pricelistId: number,
): Promise<PriceListSnapshotJson> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => snapshotJson(trx, organizationId, pricelistId));
}

/**
 * The same snapshot with the price list's rows version read in the same transaction: what a
 * validation records, and what the apply step checks against the version its validation
 * recorded (store/revalidation.ts).
 */
export function loadVersionedPricelistSnapshot(
  db: Database,
  organizationId: number,
  pricelistId: number,
): Promise<PricelistSnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      rowsVersion: await pricelistRowsVersion(trx, pricelistId),
      json: await snapshotJson(trx, organizationId, pricelistId),
    }));
}
