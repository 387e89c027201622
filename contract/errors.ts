import { z } from 'zod';

/** Every error the API answers with (docs/product.md, "API conventions"): a code and a Swedish message. */
export const ApiErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      /** Field errors, such as the new password's (docs/product.md, "Forms"). */
      errors: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ examples: [{ error: { code: 'NOT_FOUND', message: 'Hittades inte.' } }] });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
