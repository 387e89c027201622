import { describe, expect, it } from 'vitest';
import type { PricelistRowValues } from '#contract';
import { storedRowsOf } from './diff';
import { priceChangeFactsOf } from './priceChanges';

const row = (articleNumber: string, price: string): PricelistRowValues => ({
  articleNumber,
  price,
  minimumOrderQuantity: 1,
  deliveryTimeDays: null,
  warrantyQuantity: null,
  warrantyUnit: null,
  warrantyValidFrom: null,
  warrantyTerms: null,
});

describe('the price facts of a comparison', () => {
  const stored = storedRowsOf(
    Array.from({ length: 10 }, (_, i) => row(`HMD-${String(i).padStart(4, '0')}`, i === 9 ? '0' : '100')),
  );
  const facts = priceChangeFactsOf(
    {
      added: [row('NEW-1', '0')],
      // Prices 100 → 110, 120, …, 170; 100 → 40; 100 → 0; 0 → 50.
      updated: [
        ...[110, 120, 130, 140, 150, 160, 170].map((price, i) => ({
          old: i,
          new: row(`HMD-000${i}`, String(price)),
        })),
        { old: 7, new: row('HMD-0007', '40') },
        { old: 8, new: row('HMD-0008', '0') },
        { old: 9, new: row('HMD-0009', '50') },
      ],
      removed: [],
      unchanged: 0,
      removedByChoice: 0,
    },
    stored,
  );

  it('counts a price set to 0 once, not also as a decrease of 100 %', () => {
    expect(facts.setToZero).toBe(2);
    expect(facts.setToZeroArticles).toEqual(['NEW-1', 'HMD-0008']);
    expect(Array.from(facts.percents)).not.toContain(-100);
    expect(facts.largestDecreases).toEqual([{ percent: -60, articleNumber: 'HMD-0007' }]);
  });

  it('keeps the five largest increases, largest first, and the increases from 0', () => {
    expect(facts.largestIncreases?.map((change) => change.articleNumber)).toEqual([
      'HMD-0006',
      'HMD-0005',
      'HMD-0004',
      'HMD-0003',
      'HMD-0002',
    ]);
    expect(facts.largestIncrease).toEqual({ percent: 70, articleNumber: 'HMD-0006' });
    expect(facts.increasesFromZero).toBe(1);
    expect(facts.increasedFromZero).toEqual(['HMD-0009']);
  });

  it('names the first five removed articles', () => {
    const removed = priceChangeFactsOf(
      { added: [], updated: [], removed: [0, 1, 2, 3, 4, 5, 6], unchanged: 3, removedByChoice: 2 },
      stored,
    );
    expect(removed.removedArticleNumbers).toEqual([
      'HMD-0000',
      'HMD-0001',
      'HMD-0002',
      'HMD-0003',
      'HMD-0004',
    ]);
  });

  it('counts, by column, the updated rows that lose a stored value, and only those', () => {
    const full = (articleNumber: string): PricelistRowValues => ({
      ...row(articleNumber, '100'),
      deliveryTimeDays: 5,
      warrantyQuantity: 2,
      warrantyUnit: 'År',
      warrantyValidFrom: 'Leveransdatum',
      warrantyTerms: 'Hela produkten',
    });
    const before = storedRowsOf([full('A-1'), full('A-2'), { ...row('A-3', '100'), deliveryTimeDays: null }]);
    const facts = priceChangeFactsOf(
      {
        added: [],
        updated: [
          { old: 0, new: { ...full('A-1'), deliveryTimeDays: null, warrantyTerms: null } },
          { old: 1, new: { ...full('A-2'), deliveryTimeDays: null } },
          // Had no delivery time: nothing is lost.
          { old: 2, new: { ...row('A-3', '120'), deliveryTimeDays: null } },
        ],
        removed: [],
        unchanged: 0,
        removedByChoice: 0,
      },
      before,
    );
    expect(facts.clearedValues).toEqual([
      { column: 'Leveranstid (dagar)', rows: 2, articleNumbers: ['A-1', 'A-2'] },
      { column: 'Garantivillkor', rows: 1, articleNumbers: ['A-1'] },
    ]);
  });
});
