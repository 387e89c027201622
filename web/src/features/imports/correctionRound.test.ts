import { describe, expect, it } from 'vitest';
import type { ValidationError } from '#contract/imports';
import {
  draftOf,
  emptyRound,
  leaveOutAllRows,
  leaveOutRow,
  refusedValues,
  requestOf,
  roundFromDraft,
  rowsRemovedByRule,
  setAllTo,
  shownValue,
  typeValue,
} from './correctionRound';

const quantity = (row: number): ValidationError => ({
  row,
  sheet: 'Prislista',
  column: 'Minsta beställningsantal',
  message: 'Värdet är mindre än 1.',
  value: '0',
  rule: 'LESS_THAN_ONE',
  cell: `D${row}`,
});
const setAll = { column: 'Minsta beställningsantal', rule: 'LESS_THAN_ONE' as const, value: '1' };

describe('the round being typed', () => {
  it('a value typed back to what the field showed is no change; a typed value wins over "Sätt alla"', () => {
    let round = typeValue(emptyRound, quantity(2), '3');
    round = typeValue(round, quantity(2), '0');
    expect(requestOf(round).corrections).toEqual([]);

    round = setAllTo(typeValue(round, quantity(2), '3'), setAll, [quantity(2), quantity(3)]);
    // "Sätt alla" replaces what was typed in its fields before it.
    expect(shownValue(round, quantity(2))).toBe('1');
    round = typeValue(round, quantity(3), '4');
    expect(shownValue(round, quantity(3))).toBe('4');
    expect(requestOf(round)).toEqual({
      corrections: [{ row: 3, column: 'Minsta beställningsantal', value: '4' }],
      leaveOut: [],
      setAll: [setAll],
    });
  });

  it('sends no value of a removed row, and refuses only values of rows that stay', () => {
    let round = typeValue(emptyRound, quantity(2), 'ett');
    round = typeValue(round, quantity(3), 'två');
    round = leaveOutRow(round, 3, true);
    expect(refusedValues(round).map(({ cell }) => cell.row)).toEqual([2]);
    round = leaveOutAllRows(round, 'Minsta beställningsantal', 'LESS_THAN_ONE', true);
    const removed = rowsRemovedByRule(round, [quantity(2), quantity(3)]);
    expect([...removed]).toEqual([2, 3]);
    expect(refusedValues(round, removed)).toEqual([]);
    expect(requestOf(round).corrections).toEqual([
      { row: 2, column: 'Minsta beställningsantal', value: 'ett' },
    ]);
  });

  it('is kept as a draft and read back as it was', () => {
    const round = leaveOutRow(setAllTo(typeValue(emptyRound, quantity(2), '7'), setAll, []), 5, true);
    const draft = draftOf(round);
    expect(draft).toEqual({
      corrections: [{ row: 2, column: 'Minsta beställningsantal', value: '7' }],
      leaveOut: [5],
      setAll: [setAll],
      leaveOutAll: [],
    });
    const back = roundFromDraft({ ...draft, setAll: draft.setAll!, leaveOutAll: draft.leaveOutAll! });
    expect(draftOf(back)).toEqual(draft);
    expect(shownValue(back, quantity(2))).toBe('7');
  });
});
