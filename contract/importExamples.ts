/**
 * The examples the import schemas show in the OpenAPI document and the API reference
 * (/api-dokumentation): the demo supplier's file for its current price list 2, from upload to
 * undo. Each value is written once here and reused wherever a schema shows it, so the examples
 * agree with each other; server/src/openapi/examples.test.ts checks each against its schema.
 * Plain data; the row values are the price list's own example (contract/pricelists.ts).
 */
import { exampleRowValues } from './pricelists';

const supplierUser = { id: 1, fullName: 'Lena Lindqvist' } as const;

export const pricelistMetadataExample = { parent: 1, id: 2, number: '2' } as const;

export const createImportRequestExample = {
  type: 'GENERAL_PRICELIST',
  metadata: { parent: pricelistMetadataExample.parent, id: pricelistMetadataExample.id },
} as const;

const pendingImport = {
  id: 12,
  type: 'GENERAL_PRICELIST',
  status: 'VALIDATION_PENDING',
  created: '2026-11-26T09:14:03.120Z',
  importStarted: null,
  imported: null,
  fileName: 'prislista-2026.xlsx',
  importedBy: supplierUser,
  metadata: pricelistMetadataExample,
} as const;
const appliedImport = {
  ...pendingImport,
  status: 'IMPORT_SUCCESS',
  importStarted: '2026-11-26T09:20:41.002Z',
  imported: '2026-11-26T09:20:43.517Z',
} as const;

/** The example import in the states the API answers with. */
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
    undone: { at: '2026-11-26T10:02:15.730Z', byFullName: supplierUser.fullName },
    undoable: false,
  },
} as const;

/** What the applied example import did to its price list; the summary's counts say the same. */
const appliedCounts = { added: 3, updated: 12, removed: 1 } as const;

export const pricelistImportExample = { ...appliedImport, counts: appliedCounts } as const;

export const legacyImportStatusExample = {
  uniqueId: 'legacy-0001',
  readStatus: 1,
  importStartDate: '2026-10-02T08:30:00.000Z',
  importEndDate: '2026-10-02T08:31:12.000Z',
  fileName: 'prislista-hosten-2026.xlsx',
} as const;

// Column mapping: the file's sheet, and how its columns are read as ours.

export const columnMappingRequestExample = {
  sheet: 'Blad1',
  columns: {
    Artikelnummer: 'Art.nr',
    Pris: 'Pris exkl. moms',
    'Minsta beställningsantal': { column: 'E' },
  },
} as const;

export const fileColumnExample = {
  column: 'A',
  header: 'Art.nr',
  samples: ['HMD-0001', 'HMD-0002', 'HMD-0003'],
} as const;

export const fileSheetExample = {
  name: 'Blad1',
  columns: [
    fileColumnExample,
    { column: 'B', header: 'Benämning', samples: ['Rullator', 'Gåbord', 'Duschpall'] },
    { column: 'C', header: 'Pris exkl. moms', samples: ['1250', '899.5', '420'] },
    { column: 'D', header: 'Min. order', samples: ['1', '1', '2'] },
  ],
} as const;

export const savedMappingMismatchExample = {
  sheet: 'Blad1',
  missingHeaders: ['Pris exkl. moms'],
  newHeaders: ['Nettopris'],
} as const;

export const columnChoiceExample = {
  sheet: 'Blad1',
  columns: { Artikelnummer: 'A', Pris: 'C', 'Minsta beställningsantal': 'D' },
} as const;

export const columnMappingUsedExample = {
  source: 'REQUEST',
  sheet: 'Blad1',
  columns: [
    { column: 'Artikelnummer', fileColumn: 'A', fileHeader: 'Art.nr' },
    { column: 'Pris', fileColumn: 'C', fileHeader: 'Pris exkl. moms' },
    { column: 'Minsta beställningsantal', fileColumn: 'D', fileHeader: 'Min. order' },
  ],
} as const;

export const savedColumnMappingExample = {
  id: 3,
  sheet: 'Blad1',
  headers: fileSheetExample.columns.map((column) => column.header),
  columns: columnMappingUsedExample.columns.map(({ column, fileHeader }) => ({ column, fileHeader })),
  savedAt: '2026-11-20T13:02:11.845Z',
  savedBy: supplierUser.fullName,
  lastUsedAt: '2026-11-26T09:14:05.310Z',
} as const;

// Corrections typed on the summary, and the corrections kept.

export const saveCorrectionsRequestExamples = {
  cellsAndRows: { basedOn: 0, corrections: [{ row: 3, column: 'Pris', value: '109.50' }], leaveOut: [27] },
  everyErrorOfARule: {
    basedOn: 1,
    corrections: [],
    leaveOut: [],
    setAll: [{ column: 'Minsta beställningsantal', rule: 'LESS_THAN_ONE', value: '1' }],
    leaveOutAll: [{ column: 'Artikelnummer', rule: 'UNKNOWN_ARTICLE' }],
  },
} as const;

export const importCorrectionsResponseExample = {
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
      by: supplierUser.fullName,
      at: '2026-11-26T09:17:30.004Z',
    },
  ],
  leftOut: [{ row: 27, by: supplierUser.fullName, at: '2026-11-26T09:17:30.004Z' }],
} as const;

// The summary: attempts, errors, risks and changes.

export const attemptComparisonExample = {
  previous: 2,
  fixed: 97,
  new: 2,
  remaining: 1,
  message: 'Försök 3: 97 fel rättade, 2 nya fel, 1 kvar.',
} as const;

export const importAttemptExample = {
  number: 3,
  at: '2026-11-26T09:17:31.220Z',
  by: supplierUser.fullName,
  fileName: pendingImport.fileName,
  corrections: 98,
  result: 'VALIDATION_ERRORS',
  errorCount: 3,
  counts: null,
  comparison: attemptComparisonExample,
} as const;

export const validationErrorExample = {
  row: 3,
  articleNumber: 'HMD-0002',
  sheet: 'Prislista',
  column: 'Pris',
  message: 'Värdet är inte ett tal.',
  value: '109,5 kr',
  rule: 'NOT_A_NUMBER',
  cell: 'C3',
} as const;

/** The same error with the row it is on, as one error is shown on its own. */
export const validationErrorWithRowExample = {
  ...validationErrorExample,
  articleName: 'Rullstol Lätt',
  rowValues: [
    { column: 'Artikelnummer', value: 'HMD-0002' },
    { column: 'Benämning', value: 'Rullstol Lätt' },
    { column: 'Pris', value: '109,5 kr' },
    { column: 'Minsta beställningsantal', value: '1' },
  ],
} as const;

export const validationErrorCountExample = {
  column: 'Pris',
  rule: 'NOT_A_NUMBER',
  count: 1,
  label: 'Pris: 1 värde är inte ett tal',
} as const;

export const largestPriceChangeExample = { percent: 4.3, articleNumber: 'HMD-0002' } as const;

export const clearedValuesExample = {
  column: 'Leveranstid (dagar)',
  rows: 400,
  articleNumbers: ['HMD-0001'],
} as const;

/** Risks of the example import: one row removed from a current price list. */
export const importRiskExample = {
  id: '3f1c9a2e-5b7d-4c1a-9e2f-8d6b0a4c7e15',
  pricelist: { number: '2', status: 'CURRENT' },
  priceIncreases: 12,
  largestIncrease: largestPriceChangeExample,
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
  largestIncreases: [largestPriceChangeExample],
  largestDecreases: [],
} as const;

export const importSummaryExamples = {
  confirm: { type: 'CONFIRM', ...appliedCounts, unchanged: 7, risk: importRiskExample },
  validationErrors: {
    type: 'VALIDATION_ERRORS',
    errorCount: 1,
    errors: [validationErrorExample],
    errorCounts: [validationErrorCountExample],
  },
} as const;

export const importErrorsResponseExample = { errors: [validationErrorExample], total: 1 } as const;

/** A row the example import changes: its price goes up. */
export const importChangeExample = {
  articleNumber: 'HMD-0002',
  articleName: 'Rollator HMD 2',
  values: exampleRowValues,
  changes: [{ field: 'price', oldValue: '105.00', newValue: '109.50' }],
} as const;

export const importChangesResponseExample = { total: 1, changes: [importChangeExample] } as const;

export const confirmImportRequestExample = { acknowledgedRiskId: importRiskExample.id } as const;
