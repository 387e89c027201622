import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import type { AgreementRowStatus, DB } from '../db/schema';
import { addDays, type IsoDate } from '../lib/calendar';
import {
  type AgreementItem,
  type AgreementScope,
  type AgreementSide,
  type ChangedArticleItem,
  type DiscontinuedArticleItem,
  EXTEND_WITHIN_DAYS,
  type PricelistFilter,
  type PricelistItem,
  type PricelistRowItem,
  pricelistFilterStatuses,
  RECENT_DAYS,
} from './lists';

/*
 * The start-page lists (docs/dashboard-counts.md). Each reads only the agreements the
 * organisation is a party to on its own side and that have not ended ("live"): valid_to ≥ today.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Dates as text: a date column would arrive as a Date at local midnight and could shift a day. */
const isoDate = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

export async function agreementSideOf(db: Database, organizationId: number): Promise<AgreementSide> {
  const organization = await db
    .selectFrom('organizations')
    .select('kind')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return organization.kind === 'SUPPLIER' ? 'supplier' : 'customer';
}

/** The condition "agreement `a` is a live agreement of the scope's organisation on its side". */
function liveAgreementOf(scope: AgreementScope, today: IsoDate) {
  const column = scope.side === 'supplier' ? 'a.supplier_organization_id' : 'a.customer_organization_id';
  return (eb: ExpressionBuilder<DB & { a: DB['agreements'] }, 'a'>) =>
    eb.and([eb(column, '=', scope.organizationId), eb(sql`a.valid_to`, '>=', sql`${today}::date`)]);
}

/** The recent window: (now − RECENT_DAYS, now]. */
const recentSince = (now: Date) => new Date(now.getTime() - RECENT_DAYS * DAY);

export async function pricelistsFilteredBy(
  db: Database,
  scope: AgreementScope,
  filter: PricelistFilter,
  today: IsoDate,
): Promise<PricelistItem[]> {
  const statuses: readonly AgreementRowStatus[] = pricelistFilterStatuses[filter];
  return db
    .selectFrom('agreement_pricelists as p')
    .innerJoin('agreements as a', 'a.id', 'p.agreement_id')
    .select([
      'p.id',
      'p.number',
      isoDate('p.valid_from').as('validFrom'),
      'a.id as agreementId',
      'a.agreement_number as agreementNumber',
      'a.name as agreementName',
    ])
    .where(liveAgreementOf(scope, today))
    .where((eb) => {
      const rows = eb
        .selectFrom('agreement_pricelist_rows as r')
        .select('r.id')
        .whereRef('r.agreement_pricelist_id', '=', 'p.id');
      return filter === 'EMPTY_PRICELISTS'
        ? eb.not(eb.exists(rows))
        : eb.exists(rows.where('r.status', 'in', [...statuses]));
    })
    .orderBy('a.agreement_number')
    .orderBy('p.number')
    .execute();
}

function agreements(db: Database, scope: AgreementScope, today: IsoDate) {
  return db
    .selectFrom('agreements as a')
    .innerJoin('organizations as supplier', 'supplier.id', 'a.supplier_organization_id')
    .innerJoin('organizations as customer', 'customer.id', 'a.customer_organization_id')
    .select([
      'a.id',
      'a.agreement_number as agreementNumber',
      'a.name',
      isoDate('a.valid_from').as('validFrom'),
      isoDate('a.valid_to').as('validTo'),
      'supplier.name as supplierName',
      'customer.name as customerName',
      'a.changed_by_customer_at as changedByCustomerAt',
    ])
    .where(liveAgreementOf(scope, today));
}

const toAgreementItem = (
  row: Omit<AgreementItem, 'changedByCustomerAt'> & { changedByCustomerAt: Date | null },
) => ({
  ...row,
  changedByCustomerAt: row.changedByCustomerAt ? new Date(row.changedByCustomerAt).toISOString() : null,
});

/** Live agreements whose customer changed them within the recent window, newest change first. */
export async function agreementsChangedByCustomer(
  db: Database,
  scope: AgreementScope,
  now: Date,
  today: IsoDate,
): Promise<AgreementItem[]> {
  const rows = await agreements(db, scope, today)
    .where('a.changed_by_customer_at', '>', recentSince(now))
    .where('a.changed_by_customer_at', '<=', now)
    .orderBy('a.changed_by_customer_at', 'desc')
    .orderBy('a.id')
    .execute();
  return rows.map(toAgreementItem);
}

/** Live agreements that end within EXTEND_WITHIN_DAYS (today included), soonest first. */
export async function agreementsToExtend(
  db: Database,
  scope: AgreementScope,
  today: IsoDate,
): Promise<AgreementItem[]> {
  const rows = await agreements(db, scope, today)
    .where(sql`a.valid_to`, '<=', sql`${addDays(today, EXTEND_WITHIN_DAYS)}::date`)
    .orderBy('a.valid_to')
    .orderBy('a.id')
    .execute();
  return rows.map(toAgreementItem);
}

/** ACTIVE rows of live agreements that the customer approved within the recent window. */
export async function pricelistRowsApprovedByCustomer(
  db: Database,
  scope: AgreementScope,
  now: Date,
  today: IsoDate,
): Promise<PricelistRowItem[]> {
  const rows = await db
    .selectFrom('agreement_pricelist_rows as r')
    .innerJoin('agreement_pricelists as p', 'p.id', 'r.agreement_pricelist_id')
    .innerJoin('agreements as a', 'a.id', 'p.agreement_id')
    .innerJoin('articles as article', 'article.id', 'r.article_id')
    .select([
      'r.id',
      'article.id as articleId',
      'article.article_number as articleNumber',
      'article.name as articleName',
      sql<string>`r.price::text`.as('price'),
      'r.approved_at as approvedAt',
      'p.id as pricelistId',
      'p.number as pricelistNumber',
      'a.id as agreementId',
      'a.agreement_number as agreementNumber',
    ])
    .where(liveAgreementOf(scope, today))
    .where('r.status', '=', 'ACTIVE')
    .where('r.approved_at', '>', recentSince(now))
    .where('r.approved_at', '<=', now)
    .orderBy('r.approved_at', 'desc')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({ ...row, approvedAt: new Date(row.approvedAt!).toISOString() }));
}

/**
 * Articles the supplier changed within the recent window that are on a live agreement of the
 * organisation (a row in any status but INACTIVE). Each article once, however many rows hold it.
 */
export async function articlesChanged(
  db: Database,
  scope: AgreementScope,
  now: Date,
  today: IsoDate,
): Promise<ChangedArticleItem[]> {
  const rows = await db
    .selectFrom('articles as article')
    .innerJoin('organizations as supplier', 'supplier.id', 'article.organization_id')
    .select([
      'article.id',
      'article.article_number as articleNumber',
      'article.name',
      'supplier.name as supplierName',
      'article.changed_at as changedAt',
    ])
    .where('article.changed_at', '>', recentSince(now))
    .where('article.changed_at', '<=', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('agreement_pricelist_rows as r')
          .innerJoin('agreement_pricelists as p', 'p.id', 'r.agreement_pricelist_id')
          .innerJoin('agreements as a', 'a.id', 'p.agreement_id')
          .select('r.id')
          .whereRef('r.article_id', '=', 'article.id')
          .where('r.status', '<>', 'INACTIVE')
          .where(liveAgreementOf(scope, today)),
      ),
    )
    .orderBy('article.changed_at', 'desc')
    .orderBy('article.id')
    .execute();
  return rows.map((row) => ({ ...row, changedAt: new Date(row.changedAt!).toISOString() }));
}

/**
 * Discontinued articles (discontinued_at has passed) still in an assortment of the organisation;
 * one item per assortment and article, since each is removed from each assortment on its own.
 * With `assignedToUserId`, only the assortments assigned to that user.
 */
export async function articlesDiscontinued(
  db: Database,
  organizationId: number,
  assignedToUserId: number | null,
  now: Date,
): Promise<DiscontinuedArticleItem[]> {
  let query = db
    .selectFrom('assortment_articles as aa')
    .innerJoin('assortments as s', 's.id', 'aa.assortment_id')
    .innerJoin('articles as article', 'article.id', 'aa.article_id')
    .select([
      's.id as assortmentId',
      's.name as assortmentName',
      'article.id as articleId',
      'article.article_number as articleNumber',
      'article.name as articleName',
      'article.discontinued_at as discontinuedAt',
    ])
    .where('s.customer_organization_id', '=', organizationId)
    .where('article.discontinued_at', '<=', now);
  if (assignedToUserId !== null) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('assortment_managers as m')
          .select('m.user_id')
          .whereRef('m.assortment_id', '=', 's.id')
          .where('m.user_id', '=', assignedToUserId),
      ),
    );
  }
  const rows = await query.orderBy('s.name').orderBy('article.article_number').execute();
  return rows.map((row) => ({ ...row, discontinuedAt: new Date(row.discontinuedAt!).toISOString() }));
}
