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
/** The settings' defaults: RISK_PRICE_CHANGE_PERCENT 25, RISK_FUTURE_REMOVAL_PERCENT 10, RISK_CLEARED_ROWS 10, RISK_CLEARED_PERCENT 10. */
const defaults = { priceChangePercent: 25, futureRemovalPercent: 10, clearedRows: 10, clearedPercent: 10 };
const assess = (input: RiskInput) => assessRisk(input, defaults);
const current = { number: '2', status: 'CURRENT' as const };
const future = { number: '3', status: 'FUTURE' as const };
const why =
  'Filen ska innehålla hela prislistan: rader som inte finns i filen tas bort. Inläsningen kan ångras efteråt med ”Ångra inläsning”.';

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
    ).toEqual([`380 av 400 rader (95\u00a0%) tas bort från prislista 2 (Aktuell). ${why}`]);
    expect(
      assess({ pricelist: current, storedRows: 400, removed: 1, priceChanges: noPriceChanges }).warnings,
    ).toEqual([`1 av 400 rader (0,3\u00a0%) tas bort från prislista 2 (Aktuell). ${why}`]);
  });

  it('names removals of at least 10\u00a0% of a future price list, and not fewer', () => {
    expect(
      assess({ pricelist: future, storedRows: 100, removed: 9, priceChanges: noPriceChanges }).warnings,
    ).toEqual([]);
    expect(
      assess({ pricelist: future, storedRows: 100, removed: 10, priceChanges: noPriceChanges }).warnings,
    ).toEqual([`10 av 100 rader (10\u00a0%) tas bort från prislista 3 (Framtida). ${why}`]);
    // The share is a setting.
    expect(
      assessRisk(
        { pricelist: future, storedRows: 100, removed: 10, priceChanges: noPriceChanges },
        { ...defaults, futureRemovalPercent: 50 },
      ).warnings,
    ).toEqual([]);
  });

  it('names price changes beyond ±25\u00a0% with the largest, and prices set to 0', () => {
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
    // Facts without the lists (an older worker's) name the largest change only.
    expect(risk.warnings).toEqual([
      '4 priser höjs med mer än 25\u00a0%, mest för HMD-0042 (+140\u00a0%).',
      '2 priser sänks med mer än 25\u00a0%, mest för HMD-0007 (−60\u00a0%).',
      '2 priser blir 0\u00a0kr.',
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
        { ...defaults, priceChangePercent: 100 },
      ).warnings,
    ).toEqual(['1 pris höjs med mer än 100\u00a0%: HMD-0042 (+140\u00a0%).']);
  });

  it('explains a removal: the share, why, the first five articles and the undo', () => {
    const risk = assess({
      pricelist: current,
      storedRows: 400,
      removed: 350,
      priceChanges: {
        ...noPriceChanges,
        removedArticleNumbers: ['HMD-0001', 'HMD-0002', 'HMD-0003', 'HMD-0004', 'HMD-0005'],
      },
    });
    expect(risk.warnings).toEqual([
      `350 av 400 rader (87,5\u00a0%) tas bort från prislista 2 (Aktuell): HMD-0001, HMD-0002, HMD-0003, HMD-0004, HMD-0005 och 345 till. ${why}`,
    ]);
    expect(risk).toMatchObject({
      storedRows: 400,
      removedArticleNumbers: ['HMD-0001', 'HMD-0002', 'HMD-0003', 'HMD-0004', 'HMD-0005'],
    });
    // A few rows are named, all of them; a share that rounds to 0 is not "0\u00a0%".
    expect(
      assess({
        pricelist: current,
        storedRows: 20_000,
        removed: 2,
        priceChanges: { ...noPriceChanges, removedArticleNumbers: ['HMD-0001', 'HMD-0002'] },
      }).warnings,
    ).toEqual([
      `2 av 20\u00a0000 rader (under 0,1\u00a0%) tas bort från prislista 2 (Aktuell): HMD-0001 och HMD-0002. ${why}`,
    ]);
  });

  it('names up to five articles with the largest changes, rounded as the facts are', () => {
    const risk = assess({
      pricelist: current,
      storedRows: 400,
      removed: 0,
      priceChanges: {
        ...noPriceChanges,
        percents: Float64Array.from([-54.45, -54.4, -40, -30, -27, -26, -10]),
        increasesFromZero: 1,
        increasedFromZero: ['HMD-0100'],
        largestIncreases: [],
        largestDecrease: { percent: -54.45, articleNumber: 'HMD-0400' },
        largestDecreases: [
          { percent: -54.45, articleNumber: 'HMD-0400' },
          { percent: -54.4, articleNumber: 'HMD-0399' },
          { percent: -40, articleNumber: 'HMD-0398' },
          { percent: -30, articleNumber: 'HMD-0397' },
          { percent: -27, articleNumber: 'HMD-0396' },
        ],
        setToZero: 1,
        setToZeroArticles: ['HMD-0200'],
      },
    });
    expect(risk.warnings).toEqual([
      '1 pris höjs med mer än 25\u00a0%: HMD-0100 (från 0\u00a0kr).',
      '6 priser sänks med mer än 25\u00a0%, mest för HMD-0400 (−54,5\u00a0%), HMD-0399 (−54,4\u00a0%), HMD-0398 (−40\u00a0%), HMD-0397 (−30\u00a0%) och HMD-0396 (−27\u00a0%).',
      '1 pris blir 0\u00a0kr: HMD-0200.',
    ]);
    // The facts carry the same rounding as the warnings.
    expect(risk.largestDecrease).toEqual({ percent: -54.5, articleNumber: 'HMD-0400' });
    expect(risk.largestDecreases?.[0]).toEqual({ percent: -54.5, articleNumber: 'HMD-0400' });
  });

  it('gives every assessment its own id', () => {
    const input = { pricelist: current, storedRows: 1, removed: 1, priceChanges: noPriceChanges };
    expect(assess(input).id).not.toBe(assess(input).id);
  });

  it('makes emptying many stored values of a column a risk, naming the column and the articles', () => {
    const risk = assess({
      pricelist: current,
      storedRows: 400,
      removed: 0,
      priceChanges: {
        ...noPriceChanges,
        clearedValues: [
          {
            column: 'Leveranstid (dagar)',
            rows: 400,
            articleNumbers: ['HMD-0001', 'HMD-0002', 'HMD-0003', 'HMD-0004', 'HMD-0005'],
          },
        ],
      },
    });
    expect(risk.warnings).toEqual([
      '400 rader förlorar Leveranstid (dagar): HMD-0001, HMD-0002, HMD-0003, HMD-0004, HMD-0005 och 395 till. En tom cell i en kolumn som filen har tömmer värdet. En kolumn som filen inte har (eller som kopplingen inte använder) lämnar värdena som de är. Inläsningen kan ångras efteråt med ”Ångra inläsning”.',
    ]);
    expect(risk.clearedValues?.[0]?.rows).toBe(400);
  });

  it('leaves a small clearing to the changes, and weighs a small list by its share', () => {
    const cleared = (rows: number, storedRows: number) =>
      assess({
        pricelist: current,
        storedRows,
        removed: 0,
        priceChanges: {
          ...noPriceChanges,
          clearedValues: [{ column: 'Garantivillkor', rows, articleNumbers: ['HMD-0001'] }],
        },
      }).warnings;
    expect(cleared(9, 400)).toEqual([]);
    expect(cleared(10, 400)).toHaveLength(1);
    expect(cleared(1, 5)).toEqual([
      '1 rad förlorar Garantivillkor: HMD-0001. En tom cell i en kolumn som filen har tömmer värdet. En kolumn som filen inte har (eller som kopplingen inte använder) lämnar värdena som de är. Inläsningen kan ångras efteråt med ”Ångra inläsning”.',
    ]);
  });

  it('counts the rows the user chose to remove apart', () => {
    const risk = assess({
      pricelist: current,
      storedRows: 20,
      removed: 2,
      priceChanges: {
        ...noPriceChanges,
        removedArticleNumbers: ['HMD-0004', 'HMD-0005'],
        removedByChoice: 1,
      },
    });
    expect(risk.warnings).toEqual([
      `2 av 20 rader (10\u00a0%), varav 1 som du valde att ta bort, tas bort från prislista 2 (Aktuell): HMD-0004 och HMD-0005. ${why}`,
    ]);
    expect(risk.removedByChoice).toBe(1);
  });
});
