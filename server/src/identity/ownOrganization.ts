import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import type { AuthContext } from './profile';
import { requireAuth } from './session';

/**
 * The signed-in caller (401 without a session) when `organizationId` (the path's, validated by the
 * route's params) is the organisation of their first engagement; any other organisation answers
 * 404, so another organisation's data is neither shown nor confirmed to exist (docs/product.md,
 * "API conventions").
 */
export function requireOwnOrganization(request: FastifyRequest, organizationId: number): AuthContext {
  const auth = requireAuth(request);
  if (organizationId !== auth.organizationId) throw notFound();
  return auth;
}
