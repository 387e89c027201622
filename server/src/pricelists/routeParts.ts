import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireImportAccess, requirePricelistReadAccess } from '../identity/importAccess';
import { requireAuth } from '../identity/session';
import { pathId } from '../pathId';

// A plain string: the organisation is checked in the handler, after the session (401 before 404).
export const params = z.object({ organizationId: z.string() });

// The read-only price-list pages and the catalogue: for whoever may import into the organisation's
// lists, as the import endpoints (404 for anyone else). Ids are strings here, checked after the session.
export const generalParams = params.extend({ generalPricelistId: z.string() });
export const importAccess = (request: FastifyRequest, organizationIdParam: string) => {
  requireAuth(request);
  const organizationId = pathId(organizationIdParam);
  requireImportAccess(request, organizationId);
  return organizationId;
};

/** The read-only price-list pages: also for a region's user, who reads every supplier's lists. */
export const pricelistReadAccess = (request: FastifyRequest, organizationIdParam: string) => {
  requireAuth(request);
  const organizationId = pathId(organizationIdParam);
  requirePricelistReadAccess(request, organizationId);
  return organizationId;
};
