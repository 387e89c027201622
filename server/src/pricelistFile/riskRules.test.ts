import { describe, expect, it } from 'vitest';
import type { PriceChangeFacts } from './priceChanges';
import { assessRisk, type RiskInput } from './riskRules';

const noPriceChanges: PriceChangeFacts = {
  percents: new Float64Array(),
  increasesFromZero: 0,
  largestIncrease: null,
  largestDecrease: null,
  setToZero: 0,
};
/** The settings' defaults: RISK_PRICE_CHANGE_PERCENT 25, RISK_FUTURE_REMOVAL_PERCENT 10. */
const assess = (input: RiskInput) => assessRisk(input, { priceChangePercent: 25, futureRemovalPercent: 10 });
const current = { number: '2', status: 'CURRENT' as const };
const future = { number: '3', status: 'FUTURE' as const };

describe('the risk rules of an import', () => {
  it('finds nothing risky in a file that only adds rows and changes prices a little', () => {
    const risk = assess({
      pricelist: current,
      storedRows: 400,
      removed: 0,
      priceChanges: {
        ...noPriceChanges,
        percents: Float64Array.from([10, -5, 25, -25]),
        largestIncrease: { percent: 25, articleNumber: 'HMD-0003' },
        largestDecrease: { percent: -25, articleNumber: 'HMD-0004' },
      },
    });
    expect(risk).toMatchObject({
      priceIncreases: 2,
      priceDecreases: 2,
      medianChangePercent: 2.5,
      removed: 0,
      warnings: [],
    });
    expect(risk.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names any removal from a current price list', () => {
    expect(
      assess({ pricelist: current, storedRows: 400, removed: 380, priceChanges: noPriceChanges }).warnings,
    ).toEqual(['380 rader tas bort från prislista 2 (Aktuell).']);
    expect(
      assess({ pricelist: current, storedRows: 400, removed: 1, priceChanges: noPriceChanges }).warnings,
    ).toEqual(['1 rad tas bort från prislista 2 (Aktuell).']);
  });

  it('names removals of at least 10 % of a future price list, and not fewer', () => {
    expect(
      assess({ pricelist: future, storedRows: 100, removed: 9, priceChanges: noPriceChanges }).warnings,
    ).toEqual([]);
    expect(
      assess({ pricelist: future, storedRows: 100, removed: 10, priceChanges: noPriceChanges }).warnings,
    ).toEqual(['10 rader tas bort från prislista 3 (Framtida), 10 % av dess rader.']);
    // The share is a setting.
    expect(
      assessRisk(
        { pricelist: future, storedRows: 100, removed: 10, priceChanges: noPriceChanges },
        { priceChangePercent: 25, futureRemovalPercent: 50 },
      ).warnings,
    ).toEqual([]);
  });

  it('names price changes beyond ±25 % with the largest, and prices set to 0', () => {
    const risk = assess({
      pricelist: future,
      storedRows: 20_000,
      removed: 0,
      priceChanges: {
        percents: Float64Array.from([140, 30, 26, 10, -60, -30]),
        increasesFromZero: 1,
        largestIncrease: { percent: 140, articleNumber: 'HMD-0042' },
        largestDecrease: { percent: -60, articleNumber: 'HMD-0007' },
        setToZero: 2,
      },
    });
    expect(risk.warnings).toEqual([
      '4 priser höjs med mer än 25 %, som mest 140 % (HMD-0042).',
      '2 priser sänks med mer än 25 %, som mest 60 % (HMD-0007).',
      '2 priser blir 0 kr.',
    ]);
    expect(risk).toMatchObject({
      priceIncreases: 5,
      priceDecreases: 2,
      medianChangePercent: 18,
      pricesSetToZero: 2,
    });
    // With a higher threshold only the largest increase is one.
    expect(
      assessRisk(
        {
          pricelist: future,
          storedRows: 20_000,
          removed: 0,
          priceChanges: {
            ...noPriceChanges,
            percents: Float64Array.from([140, 30]),
            largestIncrease: { percent: 140, articleNumber: 'HMD-0042' },
          },
        },
        { priceChangePercent: 100, futureRemovalPercent: 10 },
      ).warnings,
    ).toEqual(['1 pris höjs med mer än 100 %, som mest 140 % (HMD-0042).']);
  });

  it('gives every assessment its own id', () => {
    const input = { pricelist: current, storedRows: 1, removed: 1, priceChanges: noPriceChanges };
    expect(assess(input).id).not.toBe(assess(input).id);
  });
});
