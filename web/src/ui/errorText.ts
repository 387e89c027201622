import { apiFailureOf } from '../api/apiError';
import { sv } from './text/sv';

/** What a failed action says: the server's Swedish message, or `fallback` when it sent none. */
export const errorTextOf = (error: unknown, fallback: string = sv.app.somethingWentWrong): string =>
  apiFailureOf(error).message ?? fallback;
