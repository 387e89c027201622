import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { ownPricelistRoutes } from './ownPricelistRoutes';
import { pricelistDownloadRoutes } from './pricelistDownloadRoutes';
import { pricelistPageRoutes } from './pricelistPageRoutes';

/**
 * The caller's own general price list and its active price lists, the read-only price-list pages
 * and a price list as a Peppol catalogue. Every route here only reads, and takes an API key too
 * (docs/api-keys.md).
 */
export function pricelistRoutes(api: FastifyInstance, deps: AppDeps) {
  ownPricelistRoutes(api, deps);
  pricelistPageRoutes(api, deps);
  pricelistDownloadRoutes(api, deps);
}
