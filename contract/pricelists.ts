import { z } from 'zod';
import { pricelistTimeStatuses } from './domain';

export const PricelistTimeStatusSchema = z.enum(pricelistTimeStatuses);

export const GeneralPricelist = z.object({ id: z.number().int() });
export type GeneralPricelist = z.infer<typeof GeneralPricelist>;

export const ActivePricelist = z.object({
  id: z.number().int(),
  number: z.string(),
  status: PricelistTimeStatusSchema,
});
export type ActivePricelist = z.infer<typeof ActivePricelist>;
