import type { LeaveOutAllRows, SetAllCorrection } from '#contract/bulkCorrections';
import { type CellProblem, checkCellText } from '#contract/cellRules';
import type { CorrectionDraft, CorrectionDraftInput } from '#contract/correctionDrafts';
import type { ValidationRule } from '#contract/domain';
import type { SaveCorrectionsRequest, ValidationError } from '#contract/imports';

/**
 * The round of corrections the user is typing on the summary, before "Validera igen": the values
 * typed into cells, the rows removed, and "Sätt alla till …" and "Ta bort alla rader med det här
 * felet" of a column's rule. Pure: the page keeps it in state and as a draft on the server.
 */
export interface CorrectionRound {
  /** Typed values by cell; `original` is what the field showed before (null for a value read back from a draft). */
  cells: ReadonlyMap<string, CellDraft>;
  leftOut: ReadonlySet<number>;
  setAll: ReadonlyMap<string, SetAllCorrection>;
  leaveOutAll: ReadonlyMap<string, LeaveOutAllRows>;
}

export interface CellDraft {
  row: number;
  column: string;
  value: string;
  original: string | null;
}

export const cellKey = (row: number, column: string) => `${row}\u0000${column}`;
export const ruleKey = (column: string, rule: ValidationRule) => `${column}\u0000${rule}`;
const ruleKeyOf = (error: ValidationError) => (error.rule ? ruleKey(error.column, error.rule) : '');

export const emptyRound: CorrectionRound = {
  cells: new Map(),
  leftOut: new Set(),
  setAll: new Map(),
  leaveOutAll: new Map(),
};

/** A draft the server kept, as the round it was. */
export function roundFromDraft(draft: CorrectionDraft): CorrectionRound {
  return {
    cells: new Map(
      draft.corrections.map(({ row, column, value }) => [
        cellKey(row, column),
        { row, column, value, original: null },
      ]),
    ),
    leftOut: new Set(draft.leaveOut),
    setAll: new Map(draft.setAll.map((bulk) => [ruleKey(bulk.column, bulk.rule), bulk])),
    leaveOutAll: new Map(draft.leaveOutAll.map((bulk) => [ruleKey(bulk.column, bulk.rule), bulk])),
  };
}

/** A cell typed back to the file's value is no change. */
const isChanged = (cell: CellDraft) => cell.original === null || cell.value !== cell.original;

/** The round as the server keeps it for the user: every change, also of rows removed. */
export function draftOf(round: CorrectionRound): CorrectionDraftInput {
  return {
    corrections: [...round.cells.values()]
      .filter(isChanged)
      .map(({ row, column, value }) => ({ row, column, value })),
    leaveOut: [...round.leftOut].sort((a, b) => a - b),
    setAll: [...round.setAll.values()],
    leaveOutAll: [...round.leaveOutAll.values()],
  };
}

/** What "Validera igen" sends: the changed cells of rows kept (a removed row goes whole). */
export function requestOf(round: CorrectionRound): Omit<SaveCorrectionsRequest, 'basedOn'> {
  const draft = draftOf(round);
  return {
    corrections: draft.corrections.filter((cell) => !round.leftOut.has(cell.row)),
    leaveOut: draft.leaveOut,
    ...(draft.setAll!.length > 0 && { setAll: draft.setAll }),
    ...(draft.leaveOutAll!.length > 0 && { leaveOutAll: draft.leaveOutAll }),
  };
}

export const isEmptyRequest = (request: Omit<SaveCorrectionsRequest, 'basedOn'>) =>
  request.corrections.length === 0 &&
  request.leaveOut.length === 0 &&
  !request.setAll?.length &&
  !request.leaveOutAll?.length;

/** The value a cell's field shows: typed, else set for all of its rule, else the file's. */
export function shownValue(round: CorrectionRound, error: ValidationError): string {
  return (
    round.cells.get(cellKey(error.row, error.column))?.value ??
    round.setAll.get(ruleKeyOf(error))?.value ??
    error.value
  );
}

/** A row removed on its own ("Ta bort artikeln ur prislistan"). */
export const isLeftOut = (round: CorrectionRound, row: number) => round.leftOut.has(row);

/**
 * Rows removed with every row of a rule ("Ta bort alla rader med det här felet"), as far as the
 * errors the page has read tell; the server removes every such row.
 */
export function rowsRemovedByRule(round: CorrectionRound, errors: readonly ValidationError[]): Set<number> {
  const rows = new Set<number>();
  if (round.leaveOutAll.size === 0) return rows;
  for (const error of errors) if (round.leaveOutAll.has(ruleKeyOf(error))) rows.add(error.row);
  return rows;
}

/** A value typed into an error's field; typed back to what the field showed before, it is no change. */
export function typeValue(round: CorrectionRound, error: ValidationError, value: string): CorrectionRound {
  const key = cellKey(error.row, error.column);
  const shown = round.setAll.get(ruleKeyOf(error))?.value ?? error.value;
  const cells = new Map(round.cells);
  if (value === shown) cells.delete(key);
  else cells.set(key, { row: error.row, column: error.column, value, original: shown });
  return { ...round, cells };
}

export function leaveOutRow(round: CorrectionRound, row: number, out: boolean): CorrectionRound {
  const leftOut = new Set(round.leftOut);
  if (out) leftOut.add(row);
  else leftOut.delete(row);
  return { ...round, leftOut };
}

/** "Sätt alla till …": the rule's fields show the value; values typed for them before give way. */
export function setAllTo(
  round: CorrectionRound,
  bulk: SetAllCorrection,
  errors: readonly ValidationError[],
): CorrectionRound {
  const key = ruleKey(bulk.column, bulk.rule);
  const cells = new Map(round.cells);
  for (const error of errors) if (ruleKeyOf(error) === key) cells.delete(cellKey(error.row, error.column));
  return { ...round, cells, setAll: new Map(round.setAll).set(key, bulk) };
}

export function undoSetAll(round: CorrectionRound, column: string, rule: ValidationRule): CorrectionRound {
  const setAll = new Map(round.setAll);
  setAll.delete(ruleKey(column, rule));
  return { ...round, setAll };
}

export function leaveOutAllRows(
  round: CorrectionRound,
  column: string,
  rule: ValidationRule,
  out: boolean,
): CorrectionRound {
  const leaveOutAll = new Map(round.leaveOutAll);
  if (out) leaveOutAll.set(ruleKey(column, rule), { column, rule });
  else leaveOutAll.delete(ruleKey(column, rule));
  return { ...round, leaveOutAll };
}

/**
 * The typed values the validation would refuse on their own (the contract's rules, in the words
 * the server uses), of rows that are kept: nothing is sent while there are any.
 */
export function refusedValues(
  round: CorrectionRound,
  removedByRule: ReadonlySet<number> = new Set(),
): { cell: CellDraft; problem: CellProblem }[] {
  const refused: { cell: CellDraft; problem: CellProblem }[] = [];
  for (const cell of round.cells.values()) {
    if (!isChanged(cell) || round.leftOut.has(cell.row) || removedByRule.has(cell.row)) continue;
    const problem = checkCellText(cell.column, cell.value);
    if (problem) refused.push({ cell, problem });
  }
  return refused;
}

/** The problem of a field's current value, when it is one the user typed (or set for all). */
export function problemOf(round: CorrectionRound, error: ValidationError): CellProblem | null {
  const key = cellKey(error.row, error.column);
  const typed = round.cells.get(key);
  if (typed) return isChanged(typed) ? checkCellText(error.column, typed.value) : null;
  const bulk = round.setAll.get(ruleKeyOf(error));
  return bulk ? checkCellText(error.column, bulk.value) : null;
}
