import { z } from 'zod';
import { checkBulkCorrections } from './correctionChecks';
import { validationRules } from './domain';

/**
 * Corrections of every error of one rule in one column at once, in a round of "Validera igen"
 * (docs/api-imports.md, "Corrections and Validera igen"): the server turns each into ordinary
 * corrections of every such error of the last validation, not only those a page showed.
 */

/** At most this many of each kind in a round or a draft: there are not more columns times rules. */
export const BULK_CORRECTIONS_MAX = 50;

const errorsOf = {
  /** Our column header, as the errors name it ("Minsta beställningsantal"). */
  column: z.string().min(1).max(100),
  rule: z.enum(validationRules),
};

/** "Sätt alla till …": one value for every error of `rule` in `column`. */
export const SetAllCorrection = z
  .object({ ...errorsOf, value: z.string().max(1000) })
  .strict()
  .meta({ examples: [{ column: 'Minsta beställningsantal', rule: 'LESS_THAN_ONE', value: '1' }] });
export type SetAllCorrection = z.infer<typeof SetAllCorrection>;

/** "Ta bort alla rader med det här felet": every row with an error of `rule` in `column` is left out. */
export const LeaveOutAllRows = z
  .object(errorsOf)
  .strict()
  .meta({ examples: [{ column: 'Artikelnummer', rule: 'UNKNOWN_ARTICLE' }] });
export type LeaveOutAllRows = z.infer<typeof LeaveOutAllRows>;

/** Each column and rule once, with text that can be stored (contract/correctionChecks.ts). */
export const bulkCorrectionFields = {
  setAll: z
    .array(SetAllCorrection)
    .max(BULK_CORRECTIONS_MAX)
    .superRefine((bulks, ctx) => checkBulkCorrections('Sätt alla till', bulks, ctx))
    .optional(),
  leaveOutAll: z
    .array(LeaveOutAllRows)
    .max(BULK_CORRECTIONS_MAX)
    .superRefine((bulks, ctx) => checkBulkCorrections('Ta bort alla rader med det här felet', bulks, ctx))
    .optional(),
};
