import { describe, expect, it } from 'vitest';
import { type ImportStatus, importStatuses } from '#contract/domain';
import {
  cardShowsDelete,
  cardShowsReview,
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
});
