import { apiFailureOf } from '../../api/apiError';
import { sv } from '../../ui/text/sv';

/** The API's Swedish message, or a general one when there is none. */
export const errorMessageOf = (error: unknown): string =>
  apiFailureOf(error).message ?? sv.imports.summaryPage.actionFailed;
