import type { ApiErrorBody } from '#contract/errors';

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `__proto__` key of the field errors is left out, as the contract's schema (zod) leaves it out. */
const PROTO = '__proto__';
const withoutProto = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => field !== PROTO));

/**
 * The contract's error body, checked by hand: the schema (contract/errors.ts) would bring zod into
 * the first bundle of every page for these few lines.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (!isRecord(body) || !isRecord(body.error)) return false;
  const { code, message, errors } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  return (
    errors === undefined ||
    (isRecord(errors) &&
      Object.entries(errors).every(([field, text]) => field === PROTO || typeof text === 'string'))
  );
}

function fromBody(status: number | undefined, body: unknown): ApiFailure {
  if (!isApiErrorBody(body)) return { status };
  const { code, message, errors } = body.error;
  return {
    status,
    code,
    ...(message.trim() !== '' ? { message } : {}),
    ...(errors ? { fieldErrors: withoutProto(errors) } : {}),
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
