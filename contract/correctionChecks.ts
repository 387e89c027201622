import type { z } from 'zod';
import { forbiddenCharacterIn, forbiddenCharacterMessage } from './cellRules';

/**
 * What a round of corrections (or a draft of one) may not hold, checked on its lists as a whole
 * (docs/api-imports.md, "Corrections and Validera igen"): the same cell, row or bulk action
 * twice (which of two values would count?), and a character that cannot be stored: a C0 control
 * other than tab, line feed and carriage return, half of a surrogate pair, U+FFFE or U+FFFF. They
 * are the characters a text column refuses in a file (contract/cellRules.ts), the ones PostgreSQL
 * cannot keep (U+0000, a broken pair) and the ones XML 1.0 cannot hold, so a corrected catalogue
 * or workbook always reads back as typed. Each refusal is answered with its Swedish sentence
 * (server/src/errors.ts answers a `params.swedish` issue with its message).
 */

type Ctx = z.core.$RefinementCtx;

const refuse = (ctx: Ctx, message: string) =>
  ctx.addIssue({ code: 'custom', input: undefined, params: { swedish: true }, message });

/** Refuses `text` when it holds a character that cannot be stored; `where` names it ("Rad 3, Pris"). */
function storable(ctx: Ctx, where: string, text: string): boolean {
  const forbidden = forbiddenCharacterIn(text);
  if (forbidden) refuse(ctx, `${where}: ${forbiddenCharacterMessage(forbidden)}`);
  return forbidden === null;
}

const columnStorable = (ctx: Ctx, column: string) => storable(ctx, 'Kolumnens namn', column);

/** The single cells of a round: each cell once, and only text that can be stored. */
export function checkCellCorrections(
  corrections: readonly { row: number; column: string; value: string }[],
  ctx: Ctx,
) {
  const seen = new Set<string>();
  for (const { row, column, value } of corrections) {
    if (!columnStorable(ctx, column)) return;
    if (!storable(ctx, `Rad ${row}, ${column}`, value)) return;
    const key = `${row}\u0000${column}`;
    if (seen.has(key))
      return refuse(ctx, `Rad ${row}, ${column} har två rättelser i samma omgång. Ange varje cell en gång.`);
    seen.add(key);
  }
}

/** The rows left out of a round: each once. */
export function checkLeftOutRows(rows: readonly number[], ctx: Ctx) {
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row))
      return refuse(ctx, `Rad ${row} tas bort två gånger i samma omgång. Ange varje rad en gång.`);
    seen.add(row);
  }
}

/** "Sätt alla till …" and "Ta bort alla rader med det här felet": each column and rule once. */
export function checkBulkCorrections(
  what: 'Sätt alla till' | 'Ta bort alla rader med det här felet',
  bulks: readonly { column: string; rule: string; value?: string }[],
  ctx: Ctx,
) {
  const seen = new Set<string>();
  for (const { column, rule, value } of bulks) {
    if (!columnStorable(ctx, column)) return;
    if (value !== undefined && !storable(ctx, `”${what}” för ${column} (${rule})`, value)) return;
    const key = `${column}\u0000${rule}`;
    if (seen.has(key))
      return refuse(
        ctx,
        `”${what}” för ${column} (${rule}) finns två gånger i samma omgång. Ange varje kolumn och feltyp en gång.`,
      );
    seen.add(key);
  }
}
