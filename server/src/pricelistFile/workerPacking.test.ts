import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PricelistRowValues, type ValidationError, validationRules } from '#contract';
import { packErrors, packRows, packTexts, unpackErrors, unpackRows, unpackTexts } from './workerPacking';

/** Any UTF-16 text, controls and lone surrogate halves included: what a decoded cell can be. */
const anyText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
});
const orNull = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

describe('the packing of rows and errors between the job and the worker', () => {
  it('gives back every text exactly, null apart from every string, whatever characters they hold', () => {
    fc.assert(
      fc.property(fc.array(orNull(anyText)), (texts) => {
        expect(unpackTexts(packTexts(texts))).toEqual(texts);
      }),
    );
    const awkward = ['\u0000', '\u0001', '', null, 'a\u0000b', '\uD800', 'x'];
    expect(unpackTexts(packTexts(awkward))).toEqual(awkward);
  });

  it('keeps each row whole when a text holds NUL or U+0001 (once field separator and null marker)', () => {
    const rows: PricelistRowValues[] = [
      {
        articleNumber: 'HMD-0001',
        price: '10.00',
        minimumOrderQuantity: 1,
        deliveryTimeDays: null,
        warrantyQuantity: 2,
        warrantyUnit: 'År',
        warrantyValidFrom: null,
        warrantyTerms: 'a\u0000b\u0000c',
      },
      {
        articleNumber: 'HMD-0002',
        price: '20.00',
        minimumOrderQuantity: 3,
        deliveryTimeDays: 4,
        warrantyQuantity: null,
        warrantyUnit: null,
        warrantyValidFrom: 'Leveransdatum',
        warrantyTerms: '\u0001',
      },
    ];
    expect(unpackRows(packRows(rows))).toEqual(rows);
  });

  it('gives back every error, with and without an article number, a rule and a cell', () => {
    const error = fc.record(
      {
        row: fc.integer({ min: 2, max: 1_048_576 }),
        articleNumber: anyText,
        sheet: anyText,
        column: anyText,
        message: anyText,
        value: anyText,
        rule: fc.constantFrom(...validationRules),
        cell: anyText,
      },
      { requiredKeys: ['row', 'sheet', 'column', 'message', 'value'] },
    );
    fc.assert(
      fc.property(fc.array(error), (errors: ValidationError[]) => {
        expect(unpackErrors(packErrors(errors))).toEqual(errors);
      }),
    );
  });
});
