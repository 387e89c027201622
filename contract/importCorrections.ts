import { z } from 'zod';
import { bulkCorrectionFields } from './bulkCorrections';
import { checkCellCorrections, checkLeftOutRows } from './correctionChecks';
import { importCorrectionsResponseExample, saveCorrectionsRequestExamples } from './importExamples';

/** One cell's new value, typed on the summary: by its row and our column header. */
export const CellCorrectionInput = z.object({
  // A sheet's rows from 2 (1 is the header row); a Peppol catalogue's lines from 1.
  row: z.number().int().min(1).max(1_048_576),
  column: z.string().min(1).max(100),
  value: z.string().max(1000),
});

/**
 * `POST …/{importId}/corrections` ("Validera igen"): the corrections of this round, the rows to
 * leave out, and the round they were typed on (`basedOn`, the `version` read with them).
 */
export const SaveCorrectionsRequest = z
  .object({
    basedOn: z.number().int().min(0),
    // Each cell and row once, with text that can be stored (contract/correctionChecks.ts).
    corrections: z.array(CellCorrectionInput.strict()).max(1000).superRefine(checkCellCorrections),
    leaveOut: z.array(z.number().int().min(1).max(1_048_576)).max(1000).superRefine(checkLeftOutRows),
    /** Every error of a rule in a column at once (contract/bulkCorrections.ts); a typed cell wins. */
    ...bulkCorrectionFields,
  })
  .strict()
  .meta({
    examples: [saveCorrectionsRequestExamples.cellsAndRows, saveCorrectionsRequestExamples.everyErrorOfARule],
  });
export type SaveCorrectionsRequest = z.infer<typeof SaveCorrectionsRequest>;

/** The corrections kept for an import, every round: what the cell was, what it is now, who and when. */
export const ImportCorrectionsResponse = z
  .object({
    version: z.number().int(),
    /** Whether the summary offers corrections: a failed validation with at most the configured errors. */
    correctable: z.boolean(),
    maxErrors: z.number().int(),
    corrections: z.array(
      z.object({
        row: z.number().int(),
        column: z.string(),
        cell: z.string(),
        oldValue: z.string(),
        newValue: z.string(),
        by: z.string().nullable(),
        at: z.string(),
      }),
    ),
    leftOut: z.array(z.object({ row: z.number().int(), by: z.string().nullable(), at: z.string() })),
  })
  .meta({ examples: [importCorrectionsResponseExample] });
export type ImportCorrectionsResponse = z.infer<typeof ImportCorrectionsResponse>;
