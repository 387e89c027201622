import type { LeaveOutAllRows, SaveCorrectionsRequest, SetAllCorrection, ValidationError } from '#contract';
import { isCorrectableError } from '#contract/domain';

/** The round as it is saved: each corrected cell with the error it corrects, and the rows left out. */
export interface ExpandedRound {
  cells: { error: ValidationError; value: string }[];
  leaveOut: { row: number; value: string }[];
}

export type RoundOutcome = { kind: 'ok'; round: ExpandedRound } | { kind: 'invalid'; message: string };

const cellKey = (row: number, column: string) => `${row}\u0000${column}`;
const matches = (bulk: SetAllCorrection | LeaveOutAllRows) => (error: ValidationError) =>
  error.column === bulk.column && error.rule === bulk.rule;
const noSuchErrors = (bulk: SetAllCorrection | LeaveOutAllRows) =>
  `Kolumnen ${bulk.column} har inga fel av typen ${bulk.rule} att rätta.`;

/**
 * A round of "Validera igen" checked against the errors of the last validation (every error is
 * kept: a file with more than CORRECTIONS_MAX_ERRORS is not corrected here) and turned into
 * ordinary corrections: a typed cell must have an error, a row left out must have one, and
 * "Sätt alla till …" (`setAll`) and "Ta bort alla rader med det här felet" (`leaveOutAll`) become
 * a correction of every such error's cell, or every such error's row, also those no page showed.
 * A cell typed on its own wins over "Sätt alla"; a row left out gets no bulk value. Each cell and
 * row once, however many errors or bulk actions name it.
 */
export function expandRound(
  errors: readonly ValidationError[],
  request: Omit<SaveCorrectionsRequest, 'basedOn'>,
): RoundOutcome {
  const errorAt = new Map(errors.map((error) => [cellKey(error.row, error.column), error]));
  const articleOfRow = new Map(errors.map((error) => [error.row, error.articleNumber ?? '']));
  const invalid = (message: string): RoundOutcome => ({ kind: 'invalid', message });

  const leftOut = new Set<number>();
  for (const row of request.leaveOut) {
    if (!articleOfRow.has(row)) return invalid(`Rad ${row} har inga fel och kan inte lämnas utanför här.`);
    leftOut.add(row);
  }
  for (const bulk of request.leaveOutAll ?? []) {
    const rows = errors.filter(matches(bulk)).map((error) => error.row);
    if (rows.length === 0) return invalid(noSuchErrors(bulk));
    for (const row of rows) leftOut.add(row);
  }

  const cells = new Map<string, { error: ValidationError; value: string }>();
  for (const correction of request.corrections) {
    const error = errorAt.get(cellKey(correction.row, correction.column));
    if (!error || !isCorrectableError(error))
      return invalid(`Rad ${correction.row} har inget fel i kolumnen ${correction.column} att rätta.`);
    cells.set(cellKey(error.row, error.column), { error, value: correction.value });
  }
  for (const bulk of request.setAll ?? []) {
    const wrong = errors.filter((error) => matches(bulk)(error) && isCorrectableError(error));
    if (wrong.length === 0) return invalid(noSuchErrors(bulk));
    for (const error of wrong) {
      const key = cellKey(error.row, error.column);
      if (!cells.has(key) && !leftOut.has(error.row)) cells.set(key, { error, value: bulk.value });
    }
  }

  return {
    kind: 'ok',
    round: {
      cells: [...cells.values()],
      leaveOut: [...leftOut].sort((a, b) => a - b).map((row) => ({ row, value: articleOfRow.get(row)! })),
    },
  };
}
