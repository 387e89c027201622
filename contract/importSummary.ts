import { z } from 'zod';
import { changeKinds, pricelistRowValueFields, validationRules } from './domain';
import {
  ColumnChoiceSchema,
  ColumnMappingUsed,
  FileSheetSchema,
  SavedMappingMismatch,
} from './importColumnMappings';
import {
  attemptComparisonExample,
  clearedValuesExample,
  importAttemptExample,
  importChangeExample,
  importChangesResponseExample,
  importErrorsResponseExample,
  importRiskExample,
  importSummaryExamples,
  largestPriceChangeExample,
  validationErrorCountExample,
  validationErrorWithRowExample,
} from './importExamples';
import { PricelistRowValues, PricelistTimeStatusSchema } from './pricelists';

/** How an attempt's result moved since the previous attempt, computed by the validation job. */
export const AttemptComparison = z
  .object({
    previous: z.number().int(),
    /** Errors of the previous attempt gone now, new ones, and those still there (by cell and rule). */
    fixed: z.number().int(),
    new: z.number().int(),
    remaining: z.number().int(),
    /** Both CONFIRM: how the counts moved (now minus then). */
    added: z.number().int().optional(),
    updated: z.number().int().optional(),
    removed: z.number().int().optional(),
    /** The comparison as the summary says it: "Försök 3: 97 fel rättade, 2 nya fel, 1 kvar." */
    message: z.string(),
  })
  .meta({ examples: [attemptComparisonExample] });
export type AttemptComparison = z.infer<typeof AttemptComparison>;

/** One validation of an import: the first upload, every new file, every "Validera igen". */
export const ImportAttempt = z
  .object({
    number: z.number().int(),
    at: z.string(),
    by: z.string().nullable(),
    fileName: z.string(),
    /** Corrections (cells and rows left out) this attempt read the file with. */
    corrections: z.number().int(),
    result: z.enum(['CONFIRM', 'VALIDATION_ERRORS', 'INVALID_FORMAT']),
    errorCount: z.number().int(),
    counts: z
      .object({
        added: z.number().int(),
        updated: z.number().int(),
        removed: z.number().int(),
        unchanged: z.number().int(),
      })
      .nullable(),
    comparison: AttemptComparison.nullable(),
  })
  .meta({ examples: [importAttemptExample] });
export type ImportAttempt = z.infer<typeof ImportAttempt>;
export const ImportAttemptsResponse = z.object({ attempts: z.array(ImportAttempt) });
export type ImportAttemptsResponse = z.infer<typeof ImportAttemptsResponse>;

export const ValidationRuleSchema = z.enum(validationRules);

export const ValidationError = z
  .object({
    row: z.number().int(),
    articleNumber: z.string().optional(),
    sheet: z.string(),
    column: z.string(),
    message: z.string(),
    value: z.string(),
    /** The rule the value breaks. Missing only on errors stored before rules had codes. */
    rule: ValidationRuleSchema.optional(),
    /** The cell in the file ("C12"); missing when the file has no such column, or the error is not a cell's. */
    cell: z.string().optional(),
    /**
     * The column as the supplier's file names it, when that is not our name: "Pris exkl. moms
     * (kolumn C)" beside `column` "Pris".
     */
    fileColumn: z.string().optional(),
    /** Benämning on the error's row, when the file has one there (shown safely, at most 300 characters). */
    articleName: z.string().optional(),
    /**
     * The row's values in our columns as the validation read them (corrections written in), each
     * shown safely and cut at 60 characters, so that a row without an article number can be told.
     * Missing on errors that are not a row's, and on errors stored before it was kept.
     */
    rowValues: z
      .array(z.object({ column: z.string(), value: z.string() }))
      .max(9)
      .optional(),
  })
  .meta({ examples: [validationErrorWithRowExample] });
export type ValidationError = z.infer<typeof ValidationError>;

/** How many errors of the file break one rule in one column, and that as a Swedish sentence. */
export const ValidationErrorCount = z
  .object({
    column: z.string(),
    rule: ValidationRuleSchema,
    count: z.number().int(),
    label: z.string(),
  })
  .meta({ examples: [validationErrorCountExample] });
export type ValidationErrorCount = z.infer<typeof ValidationErrorCount>;

/** `GET …/errors`: one page of the import's errors, filtered; total counts the filtered errors. */
export const ImportErrorsResponse = z
  .object({ errors: z.array(ValidationError), total: z.number().int() })
  .meta({ examples: [importErrorsResponseExample] });
export type ImportErrorsResponse = z.infer<typeof ImportErrorsResponse>;

/** The biggest price change of one direction, in per cent of the old price, and its article. */
export const LargestPriceChange = z
  .object({ percent: z.number(), articleNumber: z.string() })
  .meta({ examples: [largestPriceChangeExample] });
export type LargestPriceChange = z.infer<typeof LargestPriceChange>;

/** Updated rows that lose their stored value in one of our columns. */
export const ClearedValues = z
  .object({ column: z.string(), rows: z.number().int(), articleNumbers: z.array(z.string()) })
  .meta({ examples: [clearedValuesExample] });
export type ClearedValues = z.infer<typeof ClearedValues>;

/**
 * What confirming would do to the price list, beyond the four counts, and the rules it breaks
 * (docs/api-imports.md, "Risks and the confirm guard"). Computed once, by the validation job.
 */
export const ImportRisk = z
  .object({
    /** Names this validation's risks; a confirm acknowledges them by it (a new file gets a new id). */
    id: z.string(),
    pricelist: z.object({ number: z.string(), status: PricelistTimeStatusSchema }),
    /** Rows whose price goes up / down; the largest change of each, when there is one. */
    priceIncreases: z.number().int(),
    largestIncrease: LargestPriceChange.nullable(),
    priceDecreases: z.number().int(),
    largestDecrease: LargestPriceChange.nullable(),
    /** The median change of the rows whose price changes, per cent; null when none does. */
    medianChangePercent: z.number().nullable(),
    /** Added or updated rows whose price becomes 0. */
    pricesSetToZero: z.number().int(),
    removed: z.number().int(),
    /** Each rule the import breaks, as a Swedish sentence naming the consequence; empty: not risky. */
    warnings: z.array(z.string()),
    /** Rows the price list had when validated (the base of the removed share). Missing on older summaries. */
    storedRows: z.number().int().optional(),
    /** The first five removed article numbers, by article number. Missing on older summaries. */
    removedArticleNumbers: z.array(z.string()).optional(),
    /** The (at most five) largest increases and decreases, largest first, per cent with one decimal. */
    largestIncreases: z.array(LargestPriceChange).optional(),
    largestDecreases: z.array(LargestPriceChange).optional(),
    /**
     * Each of our columns in which updated rows lose a stored value (an empty cell in a column
     * the file has): how many rows, and the first five articles. Missing on older summaries.
     */
    clearedValues: z.array(ClearedValues).optional(),
    /** Of `removed`: rows the user chose to leave out of the file on the summary ("Ta bort artikeln ur prislistan"). */
    removedByChoice: z.number().int().optional(),
  })
  .meta({ examples: [importRiskExample] });
export type ImportRisk = z.infer<typeof ImportRisk>;

export const ImportSummary = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('CONFIRM'),
      added: z.number().int(),
      updated: z.number().int(),
      removed: z.number().int(),
      unchanged: z.number().int(),
      /** Missing only on summaries written before risks were computed. */
      risk: ImportRisk.optional(),
      columnMapping: ColumnMappingUsed.optional(),
      fileSheets: z.array(FileSheetSchema).optional(),
      attempt: z.object({ number: z.number().int(), comparison: AttemptComparison.nullable() }).optional(),
      /** A Peppol catalogue only: the elements it has that a price list does not keep, each once. */
      ignoredElements: z.array(z.string()).optional(),
    }),
    z.object({
      type: z.literal('INVALID_FORMAT'),
      missingColumns: z.array(z.object({ column: z.string(), sheets: z.array(z.string()) })),
      /** When the file has no such sheet at all: that sheet, and the sheets the file has. */
      missingSheet: z.string().optional(),
      sheetsInFile: z.array(z.string()).optional(),
      /** The file's sheets and their header rows, to map the file's own columns onto ours. */
      fileSheets: z.array(FileSheetSchema).optional(),
      /**
       * The mapping to preselect: the organisation's saved choices where the headers still fit,
       * otherwise names that look alike. Only a suggestion: nothing is validated with it.
       */
      suggestedMapping: ColumnChoiceSchema.optional(),
      /**
       * When the organisation has a saved mapping for a sheet of the file but the file's headers
       * differ from those it was saved with: the one that fits best, and how the headers differ.
       */
      savedMappingMismatch: SavedMappingMismatch.optional(),
      /**
       * A Peppol catalogue only: why it does not fit the chosen price list (its start date), in
       * Swedish, naming both dates. It has no missing columns then.
       */
      catalogueProblem: z.string().optional(),
    }),
    z.object({
      type: z.literal('VALIDATION_ERRORS'),
      errorCount: z.number().int(),
      /** The first 100 errors. */
      errors: z.array(ValidationError),
      /**
       * Every error of the file counted by column and rule, in column order. Missing only on
       * summaries written before errors were counted.
       */
      errorCounts: z.array(ValidationErrorCount).optional(),
      columnMapping: ColumnMappingUsed.optional(),
      fileSheets: z.array(FileSheetSchema).optional(),
      attempt: z.object({ number: z.number().int(), comparison: AttemptComparison.nullable() }).optional(),
      /** A Peppol catalogue only: the elements it has that a price list does not keep, each once. */
      ignoredElements: z.array(z.string()).optional(),
    }),
  ])
  .meta({ examples: [importSummaryExamples.confirm, importSummaryExamples.validationErrors] });
export type ImportSummary = z.infer<typeof ImportSummary>;
export const ImportSummaryResponse = z.object({ result: ImportSummary.nullable() });
export type ImportSummaryResponse = z.infer<typeof ImportSummaryResponse>;

export const ChangeKindSchema = z.enum(changeKinds);

export const ImportChange = z
  .object({
    articleNumber: z.string(),
    articleName: z.string().nullable(),
    /** The row as the file has it (added, updated) or as the price list has it (removed). */
    values: PricelistRowValues,
    /** For updated rows: each field that changes, with the old and the new value. */
    changes: z.array(
      z.object({
        field: z.enum(pricelistRowValueFields),
        oldValue: z.string().nullable(),
        newValue: z.string().nullable(),
      }),
    ),
  })
  .meta({ examples: [importChangeExample] });
export type ImportChange = z.infer<typeof ImportChange>;
export const ImportChangesResponse = z
  .object({ total: z.number().int(), changes: z.array(ImportChange) })
  .meta({ examples: [importChangesResponseExample] });
export type ImportChangesResponse = z.infer<typeof ImportChangesResponse>;
