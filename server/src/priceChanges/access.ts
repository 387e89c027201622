import type { FastifyRequest } from 'fastify';
import { permissions } from '#contract';
import { forbidden, notFound } from '../errors';
import { hasPermission } from '../identity/profile';
import { requireAuth } from '../identity/session';

export const feedTexts = {
  badQuery:
    'En parameter i frågan är fel: after ska vara en markör som flödet har lämnat, limit ett tal 1–1000, organizationId och pricelistId id-nummer.',
  badRecentQuery:
    'En parameter i frågan är fel: organizationId ska vara ett id-nummer, from och to datum som 2026-11-30, limit ett tal 1–100.',
  notAllowed: 'Användaren har inte behörighet att läsa prisändringar.',
} as const;

/** Whose price changes the caller reads: `organizationId` filters, `visibleOrganizationId` bounds. */
export interface PriceChangeScope {
  organizationId: number | undefined;
  /** A supplier's own organisation; undefined for a region's user, who sees every supplier. */
  visibleOrganizationId: number | undefined;
}

/**
 * Who may read price changes (docs/api-changes.md): a region's user with generalpricelist:view_all
 * every supplier's, a supplier with product:create_own its own (another organisation's is 404, as
 * if it had none); anyone else 403. Call it before reading the query, so 401 and 403 come first.
 */
export function requirePriceChangeReader(request: FastifyRequest) {
  const auth = requireAuth(request);
  const allSuppliers = hasPermission(auth, permissions.generalPricelistViewAll);
  if (!allSuppliers && !hasPermission(auth, permissions.productCreateOwn))
    throw forbidden(feedTexts.notAllowed);
  return (organizationId: number | undefined): PriceChangeScope => {
    if (allSuppliers) return { organizationId, visibleOrganizationId: undefined };
    if (organizationId !== undefined && organizationId !== auth.organizationId) throw notFound();
    return { organizationId: auth.organizationId, visibleOrganizationId: auth.organizationId };
  };
}
