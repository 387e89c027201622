import { z } from 'zod';

/**
 * A database id: a positive PostgreSQL integer. Every id the API reads or answers has this shape,
 * so the OpenAPI document says minimum 1 (and the integer's maximum), not any safe integer.
 */
export const DatabaseId = z.number().int().min(1).max(2_147_483_647);

/** The same id in a query string, where it comes as text. */
export const DatabaseIdQuery = z.coerce.number().int().min(1).max(2_147_483_647);
