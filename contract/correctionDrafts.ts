import { z } from 'zod';
import { bulkCorrectionFields } from './bulkCorrections';
import { SaveCorrectionsRequest } from './imports';

/**
 * A round of corrections as it is being typed on the summary, kept on the server per import and
 * user (docs/api-imports.md, "Drafts"; decision 0043): the page saves it a moment after each
 * change, so a reload, a time-out or another sign-in finds it again. The same shape as the round
 * "Validera igen" sends, without `basedOn`.
 */
export const CorrectionDraft = SaveCorrectionsRequest.omit({ basedOn: true })
  .extend({
    setAll: bulkCorrectionFields.setAll.unwrap().default([]),
    leaveOutAll: bulkCorrectionFields.leaveOutAll.unwrap().default([]),
  })
  .strict()
  .meta({
    examples: [
      {
        corrections: [{ row: 3, column: 'Pris', value: '109.50' }],
        leaveOut: [27],
        setAll: [{ column: 'Minsta beställningsantal', rule: 'LESS_THAN_ONE', value: '1' }],
        leaveOutAll: [],
      },
    ],
  });
export type CorrectionDraft = z.infer<typeof CorrectionDraft>;
export type CorrectionDraftInput = z.input<typeof CorrectionDraft>;

/**
 * `GET …/corrections/draft`: the caller's draft for the import, or null. What no longer matches an
 * error of the last validation (someone else's round fixed it) is left out and counted in `dropped`.
 */
export const CorrectionDraftResponse = z
  .object({
    draft: CorrectionDraft.extend({ savedAt: z.string() }).nullable(),
    dropped: z.number().int(),
  })
  .meta({
    examples: [
      {
        draft: {
          corrections: [{ row: 3, column: 'Pris', value: '109.50' }],
          leaveOut: [27],
          setAll: [{ column: 'Minsta beställningsantal', rule: 'LESS_THAN_ONE', value: '1' }],
          leaveOutAll: [],
          savedAt: '2026-11-28T10:04:12.512Z',
        },
        dropped: 0,
      },
    ],
  });
export type CorrectionDraftResponse = z.infer<typeof CorrectionDraftResponse>;
