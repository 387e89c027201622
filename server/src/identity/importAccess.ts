import type { FastifyRequest } from 'fastify';
import { IMPORT_PERMISSION, permissions } from '#contract';
import { notFound } from '../errors';
import { type AuthContext, hasPermission } from './profile';
import { requireAuth } from './session';

/**
 * The caller (401 without a session) when they may handle imports of `organizationId`: the
 * permission on their first engagement and that engagement's organisation. Anything else is 404,
 * so another organisation's imports are neither shown nor confirmed to exist (docs/product.md, "API conventions").
 */
export function requireImportAccess(request: FastifyRequest, organizationId: number): AuthContext {
  const auth = requireAuth(request);
  if (!hasPermission(auth, IMPORT_PERMISSION) || auth.organizationId !== organizationId) throw notFound();
  return auth;
}

/**
 * The caller (401 without a session) when they may read the price lists of `organizationId`: who
 * may import into them, or a region's user who reads every supplier's (generalpricelist:view_all).
 * Anything else is 404, as for imports.
 */
export function requirePricelistReadAccess(request: FastifyRequest, organizationId: number): AuthContext {
  const auth = requireAuth(request);
  if (!hasPermission(auth, permissions.generalPricelistViewAll)) requireImportAccess(request, organizationId);
  return auth;
}
