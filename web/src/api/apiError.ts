import { ApiErrorBody } from '#contract/errors';

/**
 * What a failed call says, read one way for every caller: its HTTP status (undefined for a
 * network failure) and, when the body is the API's error body (contract/errors.ts), its code,
 * Swedish message and field errors.
 */
export interface ApiFailure {
  status: number | undefined;
  code?: string;
  /** The server's Swedish message; undefined when it sent none, or an empty one. */
  message?: string;
  fieldErrors?: Record<string, string>;
}

function fromBody(status: number | undefined, body: unknown): ApiFailure {
  const parsed = ApiErrorBody.safeParse(body);
  if (!parsed.success) return { status };
  const { code, message, errors } = parsed.data.error;
  return {
    status,
    code,
    ...(message.trim() !== '' ? { message } : {}),
    ...(errors ? { fieldErrors: errors } : {}),
  };
}

/** A failed RTK Query call (`{ status, data }`), or anything else thrown. */
export function apiFailureOf(error: unknown): ApiFailure {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
  return fromBody(typeof status === 'number' ? status : undefined, data);
}

/** A failed call whose body came as text (the upload, sent with XMLHttpRequest for its progress). */
export function apiFailureOfText(status: number, responseText: string): ApiFailure {
  try {
    return fromBody(status, JSON.parse(responseText));
  } catch {
    return { status };
  }
}
