import type { Kysely, Transaction } from 'kysely';
import type { ImportCorrectionsResponse, ValidationError } from '#contract';
import type { DB } from '../../db/schema';
import type { CorrectedCells, FileCorrections } from '../../pricelistFile';

/** A row left out of the file is kept as a correction of this (empty) column. */
const WHOLE_ROW = '';

/** The corrections of an import as the validation applies them (every round). */
export async function fileCorrectionsOf(
  db: Kysely<DB>,
  importId: number,
): Promise<FileCorrections | undefined> {
  const rows = await db
    .selectFrom('import_corrections')
    .select(['row_number', 'column_name', 'new_value'])
    .where('import_id', '=', importId)
    .execute();
  if (rows.length === 0) return undefined;
  return {
    cells: rows
      .filter((row) => row.column_name !== WHOLE_ROW && row.new_value !== null)
      .map((row) => ({ row: row.row_number, column: row.column_name, value: row.new_value! })),
    leaveOut: rows.filter((row) => row.column_name === WHOLE_ROW).map((row) => row.row_number),
  };
}

/** The corrections kept for an import, as the summary page and the API show them. */
export async function listCorrections(
  db: Kysely<DB>,
  importId: number,
): Promise<Pick<ImportCorrectionsResponse, 'corrections' | 'leftOut'>> {
  const rows = await db
    .selectFrom('import_corrections as c')
    .leftJoin('users as u', 'u.id', 'c.corrected_by')
    .select([
      'c.row_number',
      'c.column_name',
      'c.cell',
      'c.old_value',
      'c.new_value',
      'c.corrected_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('c.import_id', '=', importId)
    .orderBy('c.row_number')
    .orderBy('c.cell')
    .execute();
  const by = (row: (typeof rows)[number]) =>
    row.first_name === null ? null : `${row.first_name} ${row.last_name}`;
  return {
    corrections: rows
      .filter((row) => row.column_name !== WHOLE_ROW)
      .map((row) => ({
        row: row.row_number,
        column: row.column_name,
        cell: row.cell,
        oldValue: row.old_value,
        newValue: row.new_value ?? '',
        by: by(row),
        at: row.corrected_at.toISOString(),
      })),
    leftOut: rows
      .filter((row) => row.column_name === WHOLE_ROW)
      .map((row) => ({ row: row.row_number, by: by(row), at: row.corrected_at.toISOString() })),
  };
}

/** One round's corrections, checked against the errors they correct: saved over earlier ones of the same cell. */
export async function saveCorrections(
  trx: Transaction<DB>,
  at: { importId: number; userId: number; now: Date },
  cells: readonly { error: ValidationError; value: string }[],
  leaveOut: readonly { row: number; value: string }[],
) {
  const values = [
    ...cells.map(({ error, value }) => ({
      row_number: error.row,
      column_name: error.column,
      cell: error.cell ?? '',
      old_value: error.value,
      new_value: value,
    })),
    ...leaveOut.map(({ row, value }) => ({
      row_number: row,
      column_name: WHOLE_ROW,
      cell: '',
      old_value: value,
      new_value: null,
    })),
  ].map((row) => ({ ...row, import_id: at.importId, corrected_by: at.userId, corrected_at: at.now }));
  if (values.length === 0) return;
  await trx
    .insertInto('import_corrections')
    .values(values)
    // A cell corrected again keeps what the file had (old_value), and the latest new value.
    .onConflict((oc) =>
      oc.columns(['import_id', 'row_number', 'column_name']).doUpdateSet((eb) => ({
        new_value: eb.ref('excluded.new_value'),
        corrected_by: eb.ref('excluded.corrected_by'),
        corrected_at: eb.ref('excluded.corrected_at'),
      })),
    )
    .execute();
}

/** Drops the corrections: a new file or other columns make them point at other cells. */
export async function dropCorrections(trx: Transaction<DB>, importId: number) {
  await trx.deleteFrom('import_corrections').where('import_id', '=', importId).execute();
  // So do the rounds being typed (decision 0043): every user's draft names the old cells.
  await trx.deleteFrom('import_correction_drafts').where('import_id', '=', importId).execute();
  await trx
    .updateTable('imports')
    .set((eb) => ({ corrections_version: eb('corrections_version', '+', 1) }))
    .where('id', '=', importId)
    .execute();
}

/** The corrections as they are written into the supplier's own file: by cell, and the rows left out. */
export async function correctedCellsOf(
  db: Kysely<DB>,
  importId: number,
): Promise<Omit<CorrectedCells, 'sheet'> | undefined> {
  const rows = await db
    .selectFrom('import_corrections')
    .select(['row_number', 'column_name', 'cell', 'new_value'])
    .where('import_id', '=', importId)
    .execute();
  if (rows.length === 0) return undefined;
  return {
    cells: rows
      .filter((row) => row.column_name !== WHOLE_ROW)
      .map((row) => ({
        row: row.row_number,
        cell: row.cell,
        column: row.column_name,
        value: row.new_value ?? '',
      })),
    leaveOut: rows.filter((row) => row.column_name === WHOLE_ROW).map((row) => row.row_number),
  };
}
