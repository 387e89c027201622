import { type ImportStatus, isPendingStatus } from '#contract/domain';

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
