import { z } from 'zod';

export const DynamicText = z.object({ dynamicText: z.string() });
export type DynamicText = z.infer<typeof DynamicText>;
