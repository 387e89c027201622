import { describe, expect, it } from 'vitest';
import { type AttemptFacts, compareAttempts } from '../attemptComparison';

const errors = (number: number, keys: string[]): AttemptFacts => ({
  number,
  result: keys.length ? 'VALIDATION_ERRORS' : 'CONFIRM',
  errorCount: keys.length,
  counts: null,
  errorKeys: keys,
});

describe('an attempt compared with the previous one', () => {
  it('counts the errors fixed, new and still there, by cell and rule', () => {
    const before = errors(2, ['2|Pris|NOT_A_NUMBER', '3|Pris|NOT_A_NUMBER', '4|Artikelnummer|REQUIRED']);
    const after = errors(3, ['4|Artikelnummer|REQUIRED', '2|Pris|NEGATIVE']);
    expect(compareAttempts(before, after)).toEqual({
      previous: 2,
      fixed: 2,
      new: 1,
      remaining: 1,
      message: 'Försök 3: 2 fel rättade, 1 nya fel, 1 kvar.',
    });
  });

  it('says how the counts moved between two valid attempts', () => {
    const before = { ...errors(1, []), counts: { added: 2, updated: 5, removed: 3, unchanged: 10 } };
    const after = { ...errors(2, []), counts: { added: 2, updated: 4, removed: 0, unchanged: 14 } };
    expect(compareAttempts(before, after)).toMatchObject({
      fixed: 0,
      new: 0,
      added: 0,
      updated: -1,
      removed: -3,
      message: 'Försök 2: 2 tillagda (±0), 4 ändrade (−1), 0 borttagna (−3) jämfört med försök 1.',
    });
  });

  it('compares by the counts when there were too many errors to keep, and not at all with a file that could not be read', () => {
    const many = {
      ...errors(1, []),
      result: 'VALIDATION_ERRORS' as const,
      errorCount: 20_000,
      errorKeys: null,
    };
    const fewer = { ...many, number: 2, errorCount: 12_000 };
    expect(compareAttempts(many, fewer)).toMatchObject({ fixed: 8_000, new: 0, remaining: 12_000 });
    expect(compareAttempts({ ...many, result: 'INVALID_FORMAT' }, fewer)).toBeNull();
  });
});
