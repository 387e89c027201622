import type { Kysely, Transaction } from 'kysely';
import {
  type ColumnChoice,
  type FileSheet,
  headerSetKey,
  type PriceListColumnHeader,
  priceListColumns,
  type SavedChoice,
  type SavedColumnMapping,
  savedColumnOf,
} from '#contract';
import type { DB } from '../../db/schema';
import type { SavedMappingOption } from '../../pricelistFile';

/** Saved mappings a validation tries, latest used first (an organisation has a handful). */
export const MAX_SAVED_MAPPINGS = 100;

/** The organisation's saved mappings as the list on the import page shows them, latest used first. */
export async function listSavedMappings(
  db: Kysely<DB>,
  organizationId: number,
): Promise<SavedColumnMapping[]> {
  const rows = await db
    .selectFrom('column_mappings as m')
    .leftJoin('users as u', 'u.id', 'm.saved_by')
    .select([
      'm.id',
      'm.sheet',
      'm.headers',
      'm.columns',
      'm.saved_at',
      'm.last_used_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('m.organization_id', '=', organizationId)
    .orderBy((eb) => eb.fn.coalesce('m.last_used_at', 'm.saved_at'), 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    sheet: row.sheet,
    headers: row.headers,
    columns: priceListColumns.flatMap((column) => {
      const saved = row.columns[column.header];
      return saved ? [{ column: column.header, fileHeader: saved.header }] : [];
    }),
    savedAt: row.saved_at.toISOString(),
    savedBy: row.first_name === null ? null : `${row.first_name} ${row.last_name}`,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  }));
}

/** The saved mappings as a validation tries them: latest used first. */
export async function savedMappingOptions(
  db: Kysely<DB>,
  organizationId: number,
): Promise<SavedMappingOption[]> {
  const rows = await db
    .selectFrom('column_mappings')
    .select(['id', 'header_key', 'sheet', 'headers', 'columns', 'saved_at'])
    .where('organization_id', '=', organizationId)
    .orderBy((eb) => eb.fn.coalesce('last_used_at', 'saved_at'), 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_SAVED_MAPPINGS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    savedAt: row.saved_at.toISOString(),
    key: row.header_key,
    choice: { sheet: row.sheet, columns: row.columns },
    headers: row.headers,
  }));
}

/** Forgets a saved mapping; false when the organisation has none of that id. */
export async function deleteSavedMapping(
  db: Kysely<DB>,
  organizationId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('column_mappings')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Saves a chosen mapping that led to a validation, for the next file with the same sheet and
 * headers: by header name, so a file whose columns moved still fits. Replaces the one saved for
 * the same headers. Inside the transaction that writes the validation's result.
 */
export async function rememberMapping(
  trx: Transaction<DB>,
  at: { organizationId: number; userId: number; now: Date },
  sheet: FileSheet,
  choice: ColumnChoice,
) {
  const columns: SavedChoice['columns'] = {};
  for (const [header, letter] of Object.entries(choice.columns) as [PriceListColumnHeader, string][]) {
    const saved = savedColumnOf(sheet, letter);
    if (saved) columns[header] = saved;
  }
  const values = {
    sheet: sheet.name,
    headers: JSON.stringify(sheet.columns.map((column) => column.header)),
    columns: JSON.stringify(columns),
    saved_by: at.userId,
    saved_at: at.now,
    // Not yet used for another file ("Inte använd ännu").
    last_used_at: null,
  };
  await trx
    .insertInto('column_mappings')
    .values({ organization_id: at.organizationId, header_key: headerSetKey(sheet), ...values })
    .onConflict((oc) => oc.columns(['organization_id', 'header_key']).doUpdateSet(values))
    .execute();
}

/** Notes that a saved mapping read a file (the list shows it; the latest used is tried first). */
export async function markMappingUsed(trx: Transaction<DB>, organizationId: number, id: number, now: Date) {
  await trx
    .updateTable('column_mappings')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .execute();
}
