import { describe, expect, it } from 'vitest';
import { largestPriceChanges, reversed } from './largestPriceChanges';

const update = (articleNumber: string, before: string, after: string) => ({
  old: { articleNumber, price: before },
  new: { price: after },
});

describe('the largest price changes of an entry', () => {
  it('names at most five, the largest change in kronor first, up or down, and never an unchanged price', () => {
    const changes = largestPriceChanges([
      update('A', '100.00', '101.00'),
      update('B', '100.00', '40.00'),
      update('C', '10.00', '10.00'),
      update('D', '5.5', '75.50'),
      update('E', '1.00', '2.00'),
      update('F', '1.00', '3.00'),
      update('G', '200.00', '180.00'),
      update('H', '300.00', '299.00'),
    ]);
    expect(changes).toEqual([
      { articleNumber: 'D', before: '5.50', after: '75.50' },
      { articleNumber: 'B', before: '100.00', after: '40.00' },
      { articleNumber: 'G', before: '200.00', after: '180.00' },
      { articleNumber: 'F', before: '1.00', after: '3.00' },
      { articleNumber: 'A', before: '100.00', after: '101.00' },
    ]);
  });

  it('gives an undo the same changes backwards', () => {
    expect(reversed([{ articleNumber: 'A', before: '1.00', after: '2.00' }])).toEqual([
      { articleNumber: 'A', before: '2.00', after: '1.00' },
    ]);
    expect(reversed(null)).toBeNull();
  });
});
