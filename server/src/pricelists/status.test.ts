import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, swedishDateOf } from '../lib/calendar';
import { pricelistStatuses } from './status';

const statusesOf = (lists: { id: number; validFrom: string }[], today: string) =>
  pricelistStatuses(lists, today).map(({ id, status }) => [id, status]);

describe('pricelistStatuses', () => {
  it('makes the latest started list CURRENT, older ones PAST and later ones FUTURE, by valid_from', () => {
    const lists = [
      { id: 3, validFrom: '2026-03-01' },
      { id: 1, validFrom: '2025-01-01' },
      { id: 2, validFrom: '2026-01-15' },
    ];
    expect(statusesOf(lists, '2026-02-01')).toEqual([
      [1, 'PAST'],
      [2, 'CURRENT'],
      [3, 'FUTURE'],
    ]);
  });

  it('counts a list as started on its first day', () => {
    const lists = [
      { id: 1, validFrom: '2026-01-15' },
      { id: 2, validFrom: '2026-03-01' },
    ];
    expect(statusesOf(lists, '2026-02-28')).toEqual([
      [1, 'CURRENT'],
      [2, 'FUTURE'],
    ]);
    expect(statusesOf(lists, '2026-03-01')).toEqual([
      [1, 'PAST'],
      [2, 'CURRENT'],
    ]);
  });

  it('has no CURRENT list before the first one starts', () => {
    expect(statusesOf([{ id: 7, validFrom: '2026-05-01' }], '2026-04-30')).toEqual([[7, 'FUTURE']]);
    expect(pricelistStatuses([], '2026-04-30')).toEqual([]);
  });

  it('makes the later created of two lists starting the same day CURRENT', () => {
    const lists = [
      { id: 9, validFrom: '2026-01-01' },
      { id: 4, validFrom: '2026-01-01' },
    ];
    expect(statusesOf(lists, '2026-01-02')).toEqual([
      [4, 'PAST'],
      [9, 'CURRENT'],
    ]);
  });

  it('keeps the other fields of each list', () => {
    const [list] = pricelistStatuses([{ id: 1, validFrom: '2026-01-01', number: '12' }], '2026-01-01');
    expect(list).toEqual({ id: 1, validFrom: '2026-01-01', number: '12', status: 'CURRENT' });
  });

  it('always gives at most one CURRENT, with only PAST before it and only FUTURE after today', () => {
    const date = fc.integer({ min: 0, max: 2000 }).map((offset) => addDays('2024-01-01', offset));
    const lists = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), validFrom: date }), {
      selector: (list) => list.id,
      maxLength: 12,
    });
    fc.assert(
      fc.property(lists, date, (input, today) => {
        const result = pricelistStatuses(input, today);
        expect(result).toHaveLength(input.length);
        const current = result.filter((list) => list.status === 'CURRENT');
        expect(current.length).toBe(input.some((list) => list.validFrom <= today) ? 1 : 0);
        for (const list of result) {
          expect(list.status === 'FUTURE').toBe(list.validFrom > today);
          if (list.status === 'PAST') expect(list.validFrom <= current[0]!.validFrom).toBe(true);
        }
      }),
    );
  });
});

describe('calendar dates', () => {
  it('takes today as the date in Sweden, in winter and in summer time', () => {
    expect(swedishDateOf(new Date('2026-01-14T22:59:00Z'))).toBe('2026-01-14');
    expect(swedishDateOf(new Date('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    expect(swedishDateOf(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
    expect(swedishDateOf(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-01-15', 90)).toBe('2026-04-15');
  });
});
