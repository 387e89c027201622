import type { ImportSummary, PricelistRowValues, ValidationError } from '../../../../contract';

/**
 * The seam between the import jobs (database, HTTP) and the pure Excel engine in this folder.
 * The engine knows nothing of the database: the job hands it the file and the data it checks
 * against, and stores what comes back.
 */
export interface PriceListValidationInput {
  content: Uint8Array;
  fileName: string;
  /** Article numbers of the supplier's own organisation. */
  articleNumbers: readonly string[];
  /** The chosen price list's rows as they are now. */
  existingRows: readonly PricelistRowValues[];
}

export interface RowUpdate {
  old: PricelistRowValues;
  new: PricelistRowValues;
}

export interface PriceListChanges {
  added: PricelistRowValues[];
  updated: RowUpdate[];
  removed: PricelistRowValues[];
}

export type PriceListValidationOutcome =
  /** CONFIRM summary: the file is valid; `changes` is what confirming it would do. */
  | { summary: Extract<ImportSummary, { type: 'CONFIRM' }>; changes: PriceListChanges }
  /** INVALID_FORMAT or VALIDATION_ERRORS: `allErrors` holds every error (the summary only the first 100). */
  | { summary: Exclude<ImportSummary, { type: 'CONFIRM' }>; allErrors: ValidationError[] };
