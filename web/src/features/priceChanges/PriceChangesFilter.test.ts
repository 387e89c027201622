import { describe, expect, it } from 'vitest';
import { dayErrors } from './PriceChangesFilter';

describe('the days of "Prisändringar"', () => {
  it('takes empty days as every day, and names a day that is not one, or an end before the start', () => {
    expect(dayErrors('', '')).toEqual({ from: null, to: null });
    expect(dayErrors('2026-11-01', '2026-11-30')).toEqual({ from: null, to: null });
    expect(dayErrors('2026-11-30', '2026-11-30')).toEqual({ from: null, to: null });
    expect(dayErrors('30/11', '')).toEqual({ from: 'Ange ett datum som 2026-11-30.', to: null });
    // A day half typed: the browser gives an empty value and says it could not read it.
    expect(dayErrors('', '', { to: true })).toEqual({ from: null, to: 'Ange ett datum som 2026-11-30.' });
    expect(dayErrors('2026-12-01', '2026-11-30')).toEqual({
      from: null,
      to: 'Till och med kan inte vara före från och med.',
    });
  });
});
