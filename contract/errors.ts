import { z } from 'zod';

/** Every error the API answers with (DESIGN.md §4): a code and a Swedish message. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field errors, such as the new password's (specification §5). */
    errors: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
