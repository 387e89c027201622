import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { sv } from '../../ui/text/sv';

/** The API's Swedish message (`{ error: { message } }`), or a general one when there is none. */
export function errorMessageOf(error: FetchBaseQueryError | SerializedError | undefined): string {
  const data =
    error && 'data' in error ? (error.data as { error?: { message?: unknown } } | undefined) : undefined;
  const message = data?.error?.message;
  return typeof message === 'string' && message !== '' ? message : sv.imports.summaryPage.actionFailed;
}
