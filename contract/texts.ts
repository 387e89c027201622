import { z } from 'zod';

export const DynamicText = z
  .object({ dynamicText: z.string() })
  .meta({ examples: [{ dynamicText: '<p>Välkommen till Hjälpmedelsdatabasen.</p>' }] });
export type DynamicText = z.infer<typeof DynamicText>;

export { MACRO_ENABLED_WORKBOOK, PASSWORD_PROTECTED_FILE } from './fileRefusals';
