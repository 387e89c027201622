import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { ownPricelistRoutes } from './ownPricelistRoutes';
import { pricelistPageRoutes } from './pricelistPageRoutes';

/**
 * The caller's own general price list and its active price lists, and the read-only price-list
 * pages (a price list as a Peppol catalogue: priceChanges/peppolRoutes.ts). Every route here only
 * reads, and takes an API key too (docs/api-keys.md).
 */
export function pricelistRoutes(api: FastifyInstance, deps: AppDeps) {
  ownPricelistRoutes(api, deps);
  pricelistPageRoutes(api, deps);
}
