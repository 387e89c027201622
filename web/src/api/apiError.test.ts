import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiErrorBody } from '#contract/errors';
import { apiFailureOf, apiFailureOfText } from './apiError';

describe('apiFailureOf', () => {
  it('reads the status, code, message and field errors of the API error body', () => {
    const error = {
      status: 400,
      data: {
        error: { code: 'BAD_REQUEST', message: 'Lösenordet är för kort.', errors: { password: 'För kort.' } },
      },
    };
    expect(apiFailureOf(error)).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Lösenordet är för kort.',
      fieldErrors: { password: 'För kort.' },
    });
  });

  it('gives the status alone for a body that is not the error body, and nothing for a network failure', () => {
    expect(apiFailureOf({ status: 502, data: '<html>Bad gateway</html>' })).toEqual({ status: 502 });
    expect(apiFailureOf({ status: 409, data: { error: { message: 42 } } })).toEqual({ status: 409 });
    expect(apiFailureOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: undefined,
    });
    expect(apiFailureOf(undefined)).toEqual({ status: undefined });
  });

  it('leaves out an empty message, so the caller falls back to its own text', () => {
    expect(apiFailureOf({ status: 500, data: { error: { code: 'INTERNAL_ERROR', message: ' ' } } })).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
    });
  });
});

describe('apiFailureOfText', () => {
  it('reads a body that came as text, and survives one that is not JSON', () => {
    const text = JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Filen är för stor.' } });
    expect(apiFailureOfText(413, text)).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Filen är för stor.',
    });
    expect(apiFailureOfText(502, 'Bad gateway')).toEqual({ status: 502 });
  });
});

describe('the hand check of the error body', () => {
  it('accepts exactly what the contract schema accepts', () => {
    const text = fc.oneof(fc.string(), fc.integer(), fc.constant(null));
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          error: fc.oneof(
            fc.anything(),
            fc.record(
              {
                code: text,
                message: text,
                errors: fc.oneof(fc.anything(), fc.dictionary(fc.string(), text)),
              },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(body, (value) => {
        expect(apiFailureOf({ status: 400, data: value }).code !== undefined).toBe(
          ApiErrorBody.safeParse(value).success,
        );
      }),
      // A field named __proto__, which zod leaves out of a record (a run once found it).
      {
        numRuns: 2000,
        examples: [[JSON.parse('{"error":{"code":"","message":"","errors":{"__proto__":null}}}')]],
      },
    );
  });
});
