import { type ImportStatus, isPendingStatus } from '#contract/domain';
import { MACRO_ENABLED_WORKBOOK } from '#contract/texts';
import { importTexts } from './texts';

/** Which buttons an import offers, by status (docs/product.md, "Imports: types, statuses, flow"). */

const reviewable: readonly ImportStatus[] = ['VALIDATION_FAIL', 'VALIDATION_SUCCESS', 'IMPORT_FAIL'];

/** A card shows "Granska" for these statuses. */
export const cardShowsReview = (status: ImportStatus) => reviewable.includes(status);

/** A card shows "Radera" when the import is not pending. */
export const cardShowsDelete = (status: ImportStatus) => !isPendingStatus(status);

/** The summary offers "Läs in" (confirm) only on a successful validation. */
export const summaryShowsConfirm = (status: ImportStatus) => status === 'VALIDATION_SUCCESS';

/** The summary offers "Läs in ny fil" only on a failed validation. */
export const summaryShowsReplace = (status: ImportStatus) => status === 'VALIDATION_FAIL';

/** The summary offers "Radera" unless the import succeeded (legacy imports have no summary buttons). */
export const summaryShowsDelete = (status: ImportStatus) => status !== 'IMPORT_SUCCESS';

/**
 * The summary lets the columns be mapped (again) only while the validated import waits for the
 * user: a confirm or a new file ends that.
 */
export const summaryShowsColumnMapping = (status: ImportStatus) =>
  status === 'VALIDATION_SUCCESS' || status === 'VALIDATION_FAIL';

/**
 * Why a chosen file cannot be uploaded, by its name, or null for an .xls or .xlsx: a macro-enabled
 * workbook gets the server's own words for it before it is sent.
 */
export function fileNameProblem(fileName: string): string | null {
  if (/\.xlsm$/i.test(fileName.trim())) return MACRO_ENABLED_WORKBOOK;
  if (!/\.xlsx?$/i.test(fileName)) return importTexts.dialog.wrongFileType;
  return null;
}

/**
 * The summary lets the errors be corrected and the file validated again ("Validera igen") only on
 * a failed validation; the server says whether this one may (not with too many errors).
 */
export const summaryOffersCorrections = (status: ImportStatus) => status === 'VALIDATION_FAIL';
