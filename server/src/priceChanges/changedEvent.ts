import type { Transaction } from 'kysely';
import type { WebhookPricelistChangedEvent } from '#contract';
import type { DB } from '../db/schema';
import { recordEvent } from '../events/outbox';

/**
 * `pricelist.changed` for the entry at `position`, in the transaction that wrote it: to the
 * supplier's endpoints and every region's that asked for it. Small on purpose: who, which list,
 * the counts, and the feed's cursor to read the rows from.
 */
export async function recordPricelistChangedEvent(trx: Transaction<DB>, position: number, now: Date) {
  const entry = await trx
    .selectFrom('pricelist_changes as c')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .innerJoin('pricelists as p', 'p.id', 'c.pricelist_id')
    .select([
      'c.kind',
      'c.organization_id',
      'o.name',
      'c.general_pricelist_id',
      'c.pricelist_id',
      'p.number',
      'c.import_id',
      'c.added',
      'c.updated',
      'c.removed',
    ])
    .where('c.position', '=', position)
    .executeTakeFirstOrThrow();
  await recordEvent(
    trx,
    { organizationId: entry.organization_id, type: 'pricelist.changed', now, alsoRegions: true },
    async (): Promise<WebhookPricelistChangedEvent['data']> => ({
      kind: entry.kind,
      organization: { id: entry.organization_id, name: entry.name },
      generalPricelistId: entry.general_pricelist_id,
      pricelist: { id: entry.pricelist_id, number: entry.number },
      importId: entry.import_id,
      counts: { added: entry.added, updated: entry.updated, removed: entry.removed },
      feed: { cursor: String(position), after: String(position - 1) },
    }),
  );
}
