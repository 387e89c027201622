import { describe, expect, it } from 'vitest';
import { type ImportStatus, importStatuses } from '#contract/domain';
import { fileChoiceProblem } from './components/upload/FilePicker';
import {
  cardShowsDelete,
  cardShowsReview,
  fileNameProblem,
  summaryShowsColumnMapping,
  summaryShowsConfirm,
  summaryShowsDelete,
  summaryShowsReplace,
} from './importRules';

/** docs/product.md, "Imports: types, statuses, flow", as a table: which buttons each status offers. */
const expected: Record<
  ImportStatus,
  { review: boolean; cardDelete: boolean; confirm: boolean; replace: boolean; summaryDelete: boolean }
> = {
  VALIDATION_PENDING: {
    review: false,
    cardDelete: false,
    confirm: false,
    replace: false,
    summaryDelete: true,
  },
  VALIDATION_SUCCESS: { review: true, cardDelete: true, confirm: true, replace: false, summaryDelete: true },
  VALIDATION_FAIL: { review: true, cardDelete: true, confirm: false, replace: true, summaryDelete: true },
  VALIDATION_ERROR: { review: false, cardDelete: true, confirm: false, replace: false, summaryDelete: true },
  IMPORT_PENDING: { review: false, cardDelete: false, confirm: false, replace: false, summaryDelete: true },
  IMPORT_SUCCESS: { review: false, cardDelete: true, confirm: false, replace: false, summaryDelete: false },
  IMPORT_FAIL: { review: true, cardDelete: true, confirm: false, replace: false, summaryDelete: true },
  IMPORT_ERROR: { review: false, cardDelete: true, confirm: false, replace: false, summaryDelete: true },
  IMPORT_ABORTED: { review: false, cardDelete: true, confirm: false, replace: false, summaryDelete: true },
};

describe.each(importStatuses)('the buttons of an import in %s', (status) => {
  const want = expected[status];
  it(`card: Granska ${want.review ? 'shown' : 'hidden'}, Radera ${want.cardDelete ? 'shown' : 'hidden'}`, () => {
    expect(cardShowsReview(status)).toBe(want.review);
    expect(cardShowsDelete(status)).toBe(want.cardDelete);
  });
  it(`summary: Läs in ${want.confirm}, Läs in ny fil ${want.replace}, Radera ${want.summaryDelete}`, () => {
    expect(summaryShowsConfirm(status)).toBe(want.confirm);
    expect(summaryShowsReplace(status)).toBe(want.replace);
    expect(summaryShowsDelete(status)).toBe(want.summaryDelete);
  });
  it(`summary: the columns can be mapped again ${want.confirm || want.replace}`, () => {
    // Exactly where "Läs in" or "Läs in ny fil" is offered: the validated import waits for the user.
    expect(summaryShowsColumnMapping(status)).toBe(want.confirm || want.replace);
  });
});

describe('the file the dialog takes', () => {
  const macroEnabled =
    'Filen är en makroaktiverad arbetsbok (.xlsm). Spara den som Excel-arbetsbok (.xlsx) och läs in den igen.';

  it('says a macro-enabled workbook (.xlsm) is one, in the words the server uses', () => {
    for (const name of ['prislista.xlsm', 'Prislista 2026.XLSM', 'prislista.xlsm ']) {
      expect(fileNameProblem(name), name).toBe(macroEnabled);
    }
    expect(fileChoiceProblem([new File(['x'], 'prislista.xlsm')])).toBe(macroEnabled);
  });

  it('takes .xls and .xlsx and refuses other names as before', () => {
    expect(fileNameProblem('prislista.xlsx')).toBeNull();
    expect(fileNameProblem('Prislista.XLS')).toBeNull();
    for (const name of ['prislista.csv', 'prislista.xlsm.pdf', 'prislista.xlsb']) {
      expect(fileNameProblem(name), name).toBe('Endast filer av typen .xls och .xlsx kan läsas in.');
    }
  });
});
