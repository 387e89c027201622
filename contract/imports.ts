import { z } from 'zod';
import { bulkCorrectionFields } from './bulkCorrections';
import { checkCellCorrections, checkLeftOutRows } from './correctionChecks';
import {
  changeKinds,
  columnMappingSources,
  importStatuses,
  importTypes,
  priceListColumnHeaders,
  pricelistRowValueFields,
  revalidationCauses,
  validationRules,
} from './domain';
import { PricelistRowValues, PricelistTimeStatusSchema } from './pricelists';

export const ImportTypeSchema = z.enum(importTypes);
export const ImportStatusSchema = z.enum(importStatuses);

export const GeneralPricelistMetadata = z
  .object({
    parent: z.number().int(),
    id: z.number().int(),
    number: z.string().optional(),
  })
  .meta({ examples: [{ parent: 1, id: 2, number: '2' }] });
export type GeneralPricelistMetadata = z.infer<typeof GeneralPricelistMetadata>;

/** A database id: a positive PostgreSQL integer. */
const DatabaseId = z.number().int().min(1).max(2_147_483_647);

/** A column letter, A to XFD. */
const ColumnLetter = z.string().regex(/^[A-Z]{1,3}$/);

/**
 * A mapping names at most our own columns: the first other key refuses the whole request with
 * one short message, before the mapping is looked at against the file, so that an answer never
 * grows with the number of keys sent.
 */
function refuseUnknownColumnKeys(value: Record<string, unknown>, ctx: z.core.$RefinementCtx) {
  for (const key in value) {
    if (!(priceListColumnHeaders as readonly string[]).includes(key)) {
      const shown = key.length > 100 ? `${key.slice(0, 100)}…` : key;
      ctx.addIssue({
        code: 'custom',
        input: key,
        // The API answers with this message as it is (server/src/errors.ts).
        params: { swedish: true },
        message: `”${shown}” är inte en av prislistans kolumner (${priceListColumnHeaders.join(', ')}).`,
      });
      return;
    }
  }
}

/**
 * A mapping of the file's own columns onto ours, as a caller sends it: the sheet, and for each of
 * our column headers ("Artikelnummer") the file's header ("Art.nr") or, for a header that
 * repeats or is empty, its letter (`{ "column": "C" }`). An optional column left out is not used.
 */
export const ColumnMappingRequest = z
  .object({
    sheet: z.string().min(1).max(255),
    columns: z
      .record(
        z.string().max(100),
        z.union([z.string().max(1000), z.object({ column: ColumnLetter }).strict()]),
      )
      .superRefine(refuseUnknownColumnKeys),
  })
  .strict()
  .meta({
    examples: [
      {
        sheet: 'Blad1',
        columns: {
          Artikelnummer: 'Art.nr',
          Pris: 'Pris exkl. moms',
          'Minsta beställningsantal': { column: 'E' },
        },
      },
    ],
  });
export type ColumnMappingRequest = z.infer<typeof ColumnMappingRequest>;

/** The `request` part of the multipart upload. */
export const CreateImportRequest = z
  .object({
    type: ImportTypeSchema,
    metadata: z.object({ parent: DatabaseId, id: DatabaseId }),
    columnMapping: ColumnMappingRequest.optional(),
  })
  .meta({ examples: [{ type: 'GENERAL_PRICELIST', metadata: { parent: 1, id: 2 } }] });
export type CreateImportRequest = z.infer<typeof CreateImportRequest>;

/**
 * The example import of the API reference (/api-dokumentation), in the states the API answers
 * with: the demo supplier's file for its current price list 2, from upload to undo.
 */
const pendingImport = {
  id: 12,
  type: 'GENERAL_PRICELIST',
  status: 'VALIDATION_PENDING',
  created: '2026-11-26T09:14:03.120Z',
  importStarted: null,
  imported: null,
  fileName: 'prislista-2026.xlsx',
  importedBy: { id: 1, fullName: 'Lena Lindqvist' },
  metadata: { parent: 1, id: 2, number: '2' },
} as const;
const appliedImport = {
  ...pendingImport,
  status: 'IMPORT_SUCCESS',
  importStarted: '2026-11-26T09:20:41.002Z',
  imported: '2026-11-26T09:20:43.517Z',
} as const;
export const importExamples = {
  /** Uploaded (or given a new file, a mapping, corrections): waiting for its validation. */
  pending: pendingImport,
  /** Validated, valid: ready to be confirmed. */
  validated: { ...pendingImport, status: 'VALIDATION_SUCCESS', undoable: false },
  /** Confirmed: waiting to be applied. */
  confirmed: { ...pendingImport, status: 'IMPORT_PENDING', importStarted: '2026-11-26T09:20:41.002Z' },
  /** Applied, and the latest of its price list: it can be undone. */
  applied: { ...appliedImport, undoable: true },
  /** Applied, then undone ("Ångra inläsning"). */
  undone: {
    ...appliedImport,
    undone: { at: '2026-11-26T10:02:15.730Z', byFullName: 'Lena Lindqvist' },
    undoable: false,
  },
} as const;

export const Import = z
  .object({
    id: z.number().int(),
    type: ImportTypeSchema,
    status: ImportStatusSchema,
    created: z.string(),
    importStarted: z.string().nullable(),
    imported: z.string().nullable(),
    fileName: z.string(),
    importedBy: z.object({ id: z.number().int(), fullName: z.string() }),
    metadata: GeneralPricelistMetadata,
    /**
     * Only for VALIDATION_ERROR and IMPORT_ERROR when the file itself was refused (a zip bomb, a
     * DOCTYPE, a truncated file…): why, in Swedish, for the supplier. Absent for internal failures.
     */
    failureReason: z.string().optional(),
    /** An applied import that was undone ("Ångra inläsning"): when, and by whom. */
    undone: z.object({ at: z.string(), byFullName: z.string() }).optional(),
    /**
     * Only when one import is read: whether it is its price list's latest applied import, not yet
     * undone, so the summary offers "Ångra inläsning" (the undo still refuses if the price list has
     * changed since).
     */
    undoable: z.boolean().optional(),
    /**
     * When the import was validated again on its own because its price list changed after its
     * validation (another import applied or undone): why, when the list changed (null when not
     * known), and the sentence the summary shows. A confirm applies only what the latest summary
     * shows. Gone when the import gets a new file.
     */
    revalidated: z
      .object({
        cause: z.enum(revalidationCauses),
        changedAt: z.string().nullable(),
        message: z.string(),
      })
      .optional(),
  })
  .meta({ examples: [importExamples.pending, importExamples.validated, importExamples.applied] });
export type Import = z.infer<typeof Import>;

export const ImportListResponse = z.object({ imports: z.array(Import) });

/** An import in a price list's history: with what it changed, when its summary has counts. */
export const PricelistImport = Import.extend({
  counts: z
    .object({ added: z.number().int(), updated: z.number().int(), removed: z.number().int() })
    .nullable(),
}).meta({ examples: [{ ...appliedImport, counts: { added: 3, updated: 12, removed: 1 } }] });
export type PricelistImport = z.infer<typeof PricelistImport>;
export const PricelistImportsResponse = z.object({ imports: z.array(PricelistImport) });
export type PricelistImportsResponse = z.infer<typeof PricelistImportsResponse>;
export type ImportListResponse = z.infer<typeof ImportListResponse>;
export const ImportResponse = z.object({ importObject: Import });
export type ImportResponse = z.infer<typeof ImportResponse>;

/** `POST …/{importId}/column-mapping`: validate the same stored file again with this mapping. */
export const ValidateWithMappingRequest = z.object({ columnMapping: ColumnMappingRequest }).strict();
export type ValidateWithMappingRequest = z.infer<typeof ValidateWithMappingRequest>;

/**
 * One column of a sheet's header row (row 1): its letter and its header as written ("" when
 * empty); `samples`: up to three non-empty values from its first data rows, shown safely and
 * shortened (missing when there are none, and on older summaries).
 */
export const FileColumnSchema = z
  .object({ column: z.string(), header: z.string(), samples: z.array(z.string()).optional() })
  .meta({ examples: [{ column: 'A', header: 'Art.nr', samples: ['HMD-0001', 'HMD-0002', 'HMD-0003'] }] });
/** A sheet of the file and its header row. */
export const FileSheetSchema = z.object({ name: z.string(), columns: z.array(FileColumnSchema) }).meta({
  examples: [
    {
      name: 'Blad1',
      columns: [
        { column: 'A', header: 'Art.nr', samples: ['HMD-0001', 'HMD-0002', 'HMD-0003'] },
        { column: 'B', header: 'Benämning', samples: ['Rullator', 'Gåbord', 'Duschpall'] },
        { column: 'C', header: 'Pris exkl. moms', samples: ['1250', '899.5', '420'] },
        { column: 'D', header: 'Min. order', samples: ['1', '1', '2'] },
      ],
    },
  ],
});

/**
 * Why the organisation's saved mapping for a sheet of this name was not used: the headers it
 * was saved with that the file no longer has, and the file's headers it was not saved with.
 */
export const SavedMappingMismatch = z
  .object({ sheet: z.string(), missingHeaders: z.array(z.string()), newHeaders: z.array(z.string()) })
  .meta({ examples: [{ sheet: 'Blad1', missingHeaders: ['Pris exkl. moms'], newHeaders: ['Nettopris'] }] });
export type SavedMappingMismatch = z.infer<typeof SavedMappingMismatch>;

/** A mapping as chosen: for each of our column headers, the letter of the file's column. */
export const ColumnChoiceSchema = z
  .object({
    sheet: z.string(),
    columns: z.record(z.string(), ColumnLetter),
  })
  .meta({
    examples: [
      { sheet: 'Blad1', columns: { Artikelnummer: 'A', Pris: 'C', 'Minsta beställningsantal': 'D' } },
    ],
  });

/**
 * The columns a validation read, and where that came from. `fileHeader` is the file's own
 * header of the column; `savedMapping` names the organisation's saved mapping that was used.
 */
export const ColumnMappingUsed = z
  .object({
    source: z.enum(columnMappingSources),
    sheet: z.string(),
    columns: z.array(z.object({ column: z.string(), fileColumn: z.string(), fileHeader: z.string() })),
    savedMapping: z.object({ id: z.number().int(), savedAt: z.string() }).optional(),
  })
  .meta({
    examples: [
      {
        source: 'REQUEST',
        sheet: 'Blad1',
        columns: [
          { column: 'Artikelnummer', fileColumn: 'A', fileHeader: 'Art.nr' },
          { column: 'Pris', fileColumn: 'C', fileHeader: 'Pris exkl. moms' },
          { column: 'Minsta beställningsantal', fileColumn: 'D', fileHeader: 'Min. order' },
        ],
      },
    ],
  });
export type ColumnMappingUsed = z.infer<typeof ColumnMappingUsed>;

/** A mapping the organisation saved: found again by its sheet and the set of the file's headers. */
export const SavedColumnMapping = z
  .object({
    id: z.number().int(),
    sheet: z.string(),
    /** The file's headers the mapping was saved for, in the file's order. */
    headers: z.array(z.string()),
    /** Our column and the file's header it is read from; an optional column not used is left out. */
    columns: z.array(z.object({ column: z.string(), fileHeader: z.string() })),
    savedAt: z.string(),
    savedBy: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        id: 3,
        sheet: 'Blad1',
        headers: ['Art.nr', 'Benämning', 'Pris exkl. moms', 'Min. order'],
        columns: [
          { column: 'Artikelnummer', fileHeader: 'Art.nr' },
          { column: 'Pris', fileHeader: 'Pris exkl. moms' },
          { column: 'Minsta beställningsantal', fileHeader: 'Min. order' },
        ],
        savedAt: '2026-11-20T13:02:11.845Z',
        savedBy: 'Lena Lindqvist',
        lastUsedAt: '2026-11-26T09:14:05.310Z',
      },
    ],
  });
export type SavedColumnMapping = z.infer<typeof SavedColumnMapping>;
export const SavedColumnMappingsResponse = z.object({ mappings: z.array(SavedColumnMapping) });
export type SavedColumnMappingsResponse = z.infer<typeof SavedColumnMappingsResponse>;

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
    examples: [
      { basedOn: 0, corrections: [{ row: 3, column: 'Pris', value: '109.50' }], leaveOut: [27] },
      {
        basedOn: 1,
        corrections: [],
        leaveOut: [],
        setAll: [{ column: 'Minsta beställningsantal', rule: 'LESS_THAN_ONE', value: '1' }],
        leaveOutAll: [{ column: 'Artikelnummer', rule: 'UNKNOWN_ARTICLE' }],
      },
    ],
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
  .meta({
    examples: [
      {
        version: 1,
        correctable: true,
        maxErrors: 1000,
        corrections: [
          {
            row: 3,
            column: 'Pris',
            cell: 'C3',
            oldValue: '109,5 kr',
            newValue: '109.50',
            by: 'Lena Lindqvist',
            at: '2026-11-26T09:17:30.004Z',
          },
        ],
        leftOut: [{ row: 27, by: 'Lena Lindqvist', at: '2026-11-26T09:17:30.004Z' }],
      },
    ],
  });
export type ImportCorrectionsResponse = z.infer<typeof ImportCorrectionsResponse>;

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
  .meta({
    examples: [
      {
        previous: 2,
        fixed: 97,
        new: 2,
        remaining: 1,
        message: 'Försök 3: 97 fel rättade, 2 nya fel, 1 kvar.',
      },
    ],
  });
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
  .meta({
    examples: [
      {
        number: 3,
        at: '2026-11-26T09:17:31.220Z',
        by: 'Lena Lindqvist',
        fileName: 'prislista-2026.xlsx',
        corrections: 98,
        result: 'VALIDATION_ERRORS',
        errorCount: 3,
        counts: null,
        comparison: {
          previous: 2,
          fixed: 97,
          new: 2,
          remaining: 1,
          message: 'Försök 3: 97 fel rättade, 2 nya fel, 1 kvar.',
        },
      },
    ],
  });
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
  .meta({
    examples: [
      {
        row: 3,
        articleNumber: 'HMD-0002',
        sheet: 'Prislista',
        column: 'Pris',
        message: 'Värdet är inte ett tal.',
        value: '109,5 kr',
        rule: 'NOT_A_NUMBER',
        cell: 'C3',
        articleName: 'Rullstol Lätt',
        rowValues: [
          { column: 'Artikelnummer', value: 'HMD-0002' },
          { column: 'Benämning', value: 'Rullstol Lätt' },
          { column: 'Pris', value: '109,5 kr' },
          { column: 'Minsta beställningsantal', value: '1' },
        ],
      },
    ],
  });
export type ValidationError = z.infer<typeof ValidationError>;

/** How many errors of the file break one rule in one column, and that as a Swedish sentence. */
export const ValidationErrorCount = z
  .object({
    column: z.string(),
    rule: ValidationRuleSchema,
    count: z.number().int(),
    label: z.string(),
  })
  .meta({
    examples: [{ column: 'Pris', rule: 'NOT_A_NUMBER', count: 1, label: 'Pris: 1 värde är inte ett tal' }],
  });
export type ValidationErrorCount = z.infer<typeof ValidationErrorCount>;

/** `GET …/errors`: one page of the import's errors, filtered; total counts the filtered errors. */
export const ImportErrorsResponse = z
  .object({ errors: z.array(ValidationError), total: z.number().int() })
  .meta({
    examples: [
      {
        errors: [
          {
            row: 3,
            articleNumber: 'HMD-0002',
            sheet: 'Prislista',
            column: 'Pris',
            message: 'Värdet är inte ett tal.',
            value: '109,5 kr',
            rule: 'NOT_A_NUMBER',
            cell: 'C3',
          },
        ],
        total: 1,
      },
    ],
  });
export type ImportErrorsResponse = z.infer<typeof ImportErrorsResponse>;

/** The biggest price change of one direction, in per cent of the old price, and its article. */
export const LargestPriceChange = z
  .object({ percent: z.number(), articleNumber: z.string() })
  .meta({ examples: [{ percent: 4.3, articleNumber: 'HMD-0002' }] });
export type LargestPriceChange = z.infer<typeof LargestPriceChange>;

/**
 * What confirming would do to the price list, beyond the four counts, and the rules it breaks
 * (docs/api-imports.md, "Risks and the confirm guard"). Computed once, by the validation job.
 */
/** Updated rows that lose their stored value in one of our columns. */
export const ClearedValues = z
  .object({ column: z.string(), rows: z.number().int(), articleNumbers: z.array(z.string()) })
  .meta({ examples: [{ column: 'Leveranstid (dagar)', rows: 400, articleNumbers: ['HMD-0001'] }] });
export type ClearedValues = z.infer<typeof ClearedValues>;

/** Risks of the example import: one row removed from a current price list. */
const exampleRisk = {
  id: '3f1c9a2e-5b7d-4c1a-9e2f-8d6b0a4c7e15',
  pricelist: { number: '2', status: 'CURRENT' },
  priceIncreases: 12,
  largestIncrease: { percent: 4.3, articleNumber: 'HMD-0002' },
  priceDecreases: 0,
  largestDecrease: null,
  medianChangePercent: 2.1,
  pricesSetToZero: 0,
  removed: 1,
  warnings: [
    '1 av 20 rader (5\u00a0%) tas bort från prislista 2 (Aktuell): HMD-0005. Filen ska innehålla hela prislistan: rader som inte finns i filen tas bort. Inläsningen kan ångras efteråt med ”Ångra inläsning”.',
  ],
  storedRows: 20,
  removedArticleNumbers: ['HMD-0005'],
  largestIncreases: [{ percent: 4.3, articleNumber: 'HMD-0002' }],
  largestDecreases: [],
} as const;

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
  .meta({ examples: [exampleRisk] });
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
  .meta({
    examples: [
      { type: 'CONFIRM', added: 3, updated: 12, removed: 1, unchanged: 7, risk: exampleRisk },
      {
        type: 'VALIDATION_ERRORS',
        errorCount: 1,
        errors: [
          {
            row: 3,
            articleNumber: 'HMD-0002',
            sheet: 'Prislista',
            column: 'Pris',
            message: 'Värdet är inte ett tal.',
            value: '109,5 kr',
            rule: 'NOT_A_NUMBER',
            cell: 'C3',
          },
        ],
        errorCounts: [
          { column: 'Pris', rule: 'NOT_A_NUMBER', count: 1, label: 'Pris: 1 värde är inte ett tal' },
        ],
      },
    ],
  });
export type ImportSummary = z.infer<typeof ImportSummary>;
export const ImportSummaryResponse = z.object({ result: ImportSummary.nullable() });
export type ImportSummaryResponse = z.infer<typeof ImportSummaryResponse>;

/**
 * One price-list row as the file and the database both describe it (docs/price-list-file.md): the article
 * number and each of `pricelistRowValueFields`.
 */

export const ChangeKindSchema = z.enum(changeKinds);

/** A row the example import changes: its price goes up. */
const exampleChange = {
  articleNumber: 'HMD-0002',
  articleName: 'Rollator HMD 2',
  values: {
    articleNumber: 'HMD-0002',
    price: '109.50',
    minimumOrderQuantity: 2,
    deliveryTimeDays: 6,
    warrantyQuantity: 2,
    warrantyUnit: 'År',
    warrantyValidFrom: 'Leveransdatum',
    warrantyTerms: null,
  },
  changes: [{ field: 'price', oldValue: '105.00', newValue: '109.50' }],
} as const;

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
  .meta({ examples: [exampleChange] });
export type ImportChange = z.infer<typeof ImportChange>;
export const ImportChangesResponse = z
  .object({ total: z.number().int(), changes: z.array(ImportChange) })
  .meta({ examples: [{ total: 1, changes: [exampleChange] }] });
export type ImportChangesResponse = z.infer<typeof ImportChangesResponse>;

/** Legacy import status of docs/product.md, "Data the shell shows". */
export const LegacyImportStatus = z
  .object({
    uniqueId: z.string(),
    readStatus: z.number().int(),
    importStartDate: z.string().nullable(),
    importEndDate: z.string().nullable(),
    fileName: z.string(),
  })
  .meta({
    examples: [
      {
        uniqueId: 'legacy-0001',
        readStatus: 1,
        importStartDate: '2026-10-02T08:30:00.000Z',
        importEndDate: '2026-10-02T08:31:12.000Z',
        fileName: 'prislista-hosten-2026.xlsx',
      },
    ],
  });
export type LegacyImportStatus = z.infer<typeof LegacyImportStatus>;

/** `POST …/confirm`: the acknowledgement a risky import needs (the id of the risks it was shown). */
export const ConfirmImportRequest = z
  .object({ acknowledgedRiskId: z.string().max(100).optional() })
  .meta({ examples: [{ acknowledgedRiskId: '3f1c9a2e-5b7d-4c1a-9e2f-8d6b0a4c7e15' }] });
export type ConfirmImportRequest = z.infer<typeof ConfirmImportRequest>;
