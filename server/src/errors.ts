import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '#contract/errors';

/** An error the API answers with as `{ error: { code, message } }` (docs/product.md, "API conventions"); messages are Swedish. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Response headers that go with it, such as Retry-After on a 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message = 'Felaktig begäran.', fieldErrors?: Record<string, string>) =>
  new ApiError(400, 'BAD_REQUEST', message, fieldErrors);
export const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', 'Du är inte inloggad.');
export const forbidden = (message = 'Du har inte behörighet till detta.') =>
  new ApiError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Hittades inte.') => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);

/** The one error body of the API (contract/errors.ts), which the SPA reads with apiFailureOf. */
export const errorBody = (
  code: string,
  message: string,
  fieldErrors?: Record<string, string>,
): ApiErrorBody => ({
  error: { code, message, ...(fieldErrors ? { errors: fieldErrors } : {}) },
});

const statusCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

const messages: Record<number, string> = {
  400: 'Felaktig begäran.',
  404: 'Hittades inte.',
  // Uploads answer with their own texts (imports/http/upload.ts); these are for any other body.
  413: 'Begäran är för stor.',
  415: 'Begäran har ett format som inte stöds.',
  429: 'För många försök. Försök igen senare.',
};

/**
 * Fastify's own refusals before routing (a URL that does not decode, such as `%FF`) bypass the
 * error handler: `frameworkErrors` answers them with the same body as any other bad request.
 */
export const answerFrameworkError = (_error: FastifyError, _request: unknown, reply: FastifyReply) =>
  reply.status(400).send(errorBody('BAD_REQUEST', messages[400]!));

/** Turns every error into the JSON error body; never a stack trace to the caller. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that fails its params schema names nothing there is (pathId.ts).
      if (error.validationContext === 'params')
        return reply.status(404).send(errorBody('NOT_FOUND', messages[404]!));
      // A schema's own check may word its refusal in Swedish (params.swedish); zod's own words are English.
      const own = error.validation.find(
        (issue) => (issue.params as { params?: { swedish?: boolean } }).params?.swedish === true,
      );
      return reply.status(400).send(errorBody('BAD_REQUEST', own?.message ?? messages[400]!));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply
      .status(status)
      .send(
        errorBody(
          statusCodes[status] ?? 'INTERNAL_ERROR',
          messages[status] ?? (status === 500 ? 'Någonting gick fel.' : 'Felaktig begäran.'),
        ),
      );
  });
}
