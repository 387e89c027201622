import type { Transaction } from 'kysely';
import type { AgreementRowStatus, DB } from '../db/schema';
import { addDays, swedishDateOf } from '../lib/calendar';
import type { SeedContext } from './seedContext';

/*
 * The demo agreements and assortments behind the start-page counts. Every entry is placed to be
 * counted by exactly the lists docs/dashboard-counts.md names, or, where a comment says so, to
 * prove that something is NOT counted (too old, ended agreement, inactive row, unassigned).
 * demoCounts.ts holds the resulting numbers; change both together.
 */

const DAY = 24 * 60 * 60 * 1000;

/** [article number, status, days since approval when approved] */
type RowSpec = [string, AgreementRowStatus, number?];

interface PricelistSpec {
  number: string;
  /** Start, in days from today. */
  from: number;
  rows: RowSpec[];
}

interface AgreementSpec {
  supplier: 'supplier' | 'otherSupplier';
  number: string;
  name: string;
  from: number;
  to: number;
  changedByCustomerDaysAgo: number | null;
  pricelists: PricelistSpec[];
}

const agreements: AgreementSpec[] = [
  {
    supplier: 'supplier',
    number: '2025-101',
    name: 'Rullstolar och tillbehör',
    from: -200,
    to: 400,
    changedByCustomerDaysAgo: 5,
    pricelists: [
      {
        number: '1',
        from: -200,
        rows: [
          ['HMD-0001', 'ACTIVE', 100],
          ['HMD-0002', 'ACTIVE', 3],
          ['HMD-0003', 'ACTIVE', 10],
          ['HMD-0004', 'DECLINED'],
          ['HMD-0005', 'PENDING_APPROVAL'],
        ],
      },
      { number: '2', from: 30, rows: [] },
    ],
  },
  {
    supplier: 'supplier',
    number: '2025-102',
    name: 'Gånghjälpmedel',
    from: -300,
    to: 45, // ends within 90 days: to extend
    changedByCustomerDaysAgo: 45, // too long ago to count
    pricelists: [
      {
        number: '1',
        from: -300,
        rows: [
          ['HMD-0010', 'CREATED'],
          ['HMD-0011', 'CHANGED'],
          ['HMD-0012', 'ACTIVE', 20],
          ['HMD-0013', 'PENDING_INACTIVATION'],
        ],
      },
      {
        number: '2',
        from: -100,
        rows: [
          ['HMD-0014', 'DECLINED'],
          ['HMD-0015', 'PENDING_APPROVAL'],
          ['HMD-0016', 'PENDING_APPROVAL'],
        ],
      },
    ],
  },
  {
    supplier: 'supplier',
    number: '2024-087',
    name: 'Hygienhjälpmedel',
    from: -700,
    to: 120, // beyond 90 days: not yet to extend
    changedByCustomerDaysAgo: 60,
    pricelists: [
      {
        number: '1',
        from: -700,
        rows: [
          ['HMD-0020', 'ACTIVE', 400],
          ['HMD-0021', 'INACTIVE', 500],
          ['HMD-0022', 'DECLINED'],
          ['HMD-0023', 'CHANGED'],
          ['HMD-0026', 'ACTIVE', 7],
        ],
      },
      {
        number: '2',
        from: -200,
        rows: [
          ['HMD-0024', 'PENDING_INACTIVATION'],
          ['HMD-0025', 'ACTIVE', 45],
          ['HMD-0027', 'PENDING_APPROVAL'],
        ],
      },
    ],
  },
  {
    // Ended ten days ago: none of it counts, though it has something for every list.
    supplier: 'supplier',
    number: '2023-015',
    name: 'Hörselhjälpmedel',
    from: -1000,
    to: -10,
    changedByCustomerDaysAgo: 3,
    pricelists: [
      {
        number: '1',
        from: -1000,
        rows: [
          ['HMD-0030', 'DECLINED'],
          ['HMD-0031', 'PENDING_APPROVAL'],
          ['HMD-0032', 'ACTIVE', 15],
          ['HMD-0033', 'PENDING_INACTIVATION'],
          ['HMD-0034', 'CREATED'],
        ],
      },
      { number: '2', from: -400, rows: [] },
    ],
  },
  {
    supplier: 'supplier',
    number: '2026-003',
    name: 'Lyft och selar',
    from: -20,
    to: 700,
    changedByCustomerDaysAgo: null,
    pricelists: [
      { number: '1', from: -20, rows: [] },
      {
        number: '2',
        from: 10,
        rows: [
          ['HMD-0040', 'CREATED'],
          ['HMD-0041', 'CREATED'],
          ['HMD-0042', 'ACTIVE', 1],
          ['HMD-0043', 'ACTIVE', 29],
          ['HMD-0001', 'ACTIVE', 60], // also on 2025-101: a changed article counts once
          ['HMD-0044', 'PENDING_APPROVAL'],
        ],
      },
    ],
  },
  {
    // Starts in two weeks: it has not ended, so it counts.
    supplier: 'supplier',
    number: '2026-011',
    name: 'Sittdynor och positionering',
    from: 15,
    to: 380,
    changedByCustomerDaysAgo: null,
    pricelists: [
      {
        number: '1',
        from: 15,
        rows: [
          ['HMD-0050', 'PENDING_APPROVAL'],
          ['HMD-0051', 'PENDING_APPROVAL'],
          ['HMD-0052', 'CHANGED'],
        ],
      },
    ],
  },
  {
    // The other supplier's agreement with the same region: Region Demo counts it, Hjälpmedel Demo AB never.
    supplier: 'otherSupplier',
    number: '2025-240',
    name: 'Förbrukningsartiklar',
    from: -335,
    to: 30,
    changedByCustomerDaysAgo: 90,
    pricelists: [
      {
        number: '1',
        from: -335,
        rows: [
          ['ANN-0001', 'ACTIVE', 200],
          ['ANN-0002', 'ACTIVE', 200],
          ['ANN-0003', 'PENDING_INACTIVATION'],
          ['ANN-0004', 'ACTIVE', 200],
        ],
      },
    ],
  },
];

/** Days since the supplier changed each article (articles.changed_at). */
const articleChanges: [string, number][] = [
  ['HMD-0001', 2],
  ['HMD-0010', 5],
  ['HMD-0020', 8],
  ['HMD-0040', 1],
  ['HMD-0050', 29],
  ['HMD-0021', 3], // only on an INACTIVE row: not counted
  ['HMD-0030', 1], // only on the ended agreement: not counted
  ['HMD-0200', 1], // on no agreement: not counted
  ['HMD-0011', 40], // too long ago
  ['ANN-0001', 4],
  ['ANN-0002', 6],
];

/** Days since each article was discontinued; negative = announced for a later day. */
const articleDiscontinuations: [string, number][] = [
  ['HMD-0007', 20],
  ['HMD-0008', 200],
  ['HMD-0009', -10], // not yet discontinued
  ['HMD-0021', 50],
  ['HMD-0025', 1],
  ['HMD-0400', 5], // in no assortment
  ['ANN-0002', 3],
];

const range = (prefix: string, first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => `${prefix}-${String(first + i).padStart(4, '0')}`);

const assortments: { name: string; assignedTo: string[]; articles: string[] }[] = [
  {
    name: 'Utbud rörelsehinder',
    assignedTo: ['region.tilldelat'],
    articles: [...range('HMD', 1, 10), ...range('ANN', 1, 3)],
  },
  {
    name: 'Utbud hygien',
    assignedTo: [],
    articles: ['HMD-0007', ...range('HMD', 20, 30)],
  },
  { name: 'Utbud hörsel', assignedTo: ['region.tilldelat'], articles: range('HMD', 300, 305) },
];

/** Agreement and assortment demo data behind the start-page counts. */
export async function seedAgreementData(trx: Transaction<DB>, context: SeedContext): Promise<void> {
  const { now, organizations, users } = context;
  const today = swedishDateOf(now);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  const article = (number: string) => {
    const id = context.articles.get(number);
    if (id === undefined) throw new Error(`demo article ${number} is missing`);
    return id;
  };

  for (const spec of agreements) {
    const agreement = await trx
      .insertInto('agreements')
      .values({
        supplier_organization_id: organizations[spec.supplier],
        customer_organization_id: organizations.region,
        agreement_number: spec.number,
        name: spec.name,
        valid_from: addDays(today, spec.from),
        valid_to: addDays(today, spec.to),
        changed_by_customer_at:
          spec.changedByCustomerDaysAgo === null ? null : daysAgo(spec.changedByCustomerDaysAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const pricelistSpec of spec.pricelists) {
      const pricelist = await trx
        .insertInto('agreement_pricelists')
        .values({
          agreement_id: agreement.id,
          number: pricelistSpec.number,
          valid_from: addDays(today, pricelistSpec.from),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (pricelistSpec.rows.length === 0) continue;
      await trx
        .insertInto('agreement_pricelist_rows')
        .values(
          pricelistSpec.rows.map(([number, status, approvedDaysAgo], index) => {
            const approvedAt = approvedDaysAgo === undefined ? null : daysAgo(approvedDaysAgo);
            return {
              agreement_pricelist_id: pricelist.id,
              article_id: article(number),
              price: (250 + index * 37.5).toFixed(2),
              status,
              created_at: daysAgo(Math.max(approvedDaysAgo ?? 0, 0) + 30),
              status_changed_at: approvedAt ?? daysAgo(index + 1),
              approved_at: approvedAt,
            };
          }),
        )
        .execute();
    }
  }

  for (const [number, days] of articleChanges) {
    await trx
      .updateTable('articles')
      .set({ changed_at: daysAgo(days) })
      .where('id', '=', article(number))
      .execute();
  }
  for (const [number, days] of articleDiscontinuations) {
    await trx
      .updateTable('articles')
      .set({ discontinued_at: daysAgo(days) })
      .where('id', '=', article(number))
      .execute();
  }

  for (const spec of assortments) {
    const assortment = await trx
      .insertInto('assortments')
      .values({ customer_organization_id: organizations.region, name: spec.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('assortment_articles')
      .values(spec.articles.map((number) => ({ assortment_id: assortment.id, article_id: article(number) })))
      .execute();
    for (const username of spec.assignedTo) {
      const userId = users[username];
      if (userId === undefined) throw new Error(`demo user ${username} is missing`);
      await trx
        .insertInto('assortment_managers')
        .values({ assortment_id: assortment.id, user_id: userId })
        .execute();
    }
  }
}
