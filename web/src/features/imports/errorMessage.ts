import { errorTextOf } from '../../ui/errorText';
import { sv } from '../../ui/text/sv';

/** The API's Swedish message, or the import pages' general one when there is none. */
export const errorMessageOf = (error: unknown): string => errorTextOf(error, sv.app.actionFailed);
