import { apiFailureOf } from '../api/apiError';
import { sv } from './text/sv';

/** What a failed action says: the server's Swedish message, or the general text. */
export const errorTextOf = (error: unknown): string =>
  apiFailureOf(error).message ?? sv.app.somethingWentWrong;
