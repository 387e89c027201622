import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { pathId } from '../pathId';
import type { AuthContext } from './profile';
import { requireAuth } from './session';

/**
 * The signed-in caller (401 without a session) when `organization` (the path's id, as text or
 * validated by the route's params) is the organisation of their first engagement; any other
 * organisation answers 404, so another organisation's data is neither shown nor confirmed to
 * exist (docs/product.md, "API conventions").
 */
export function requireOwnOrganization(request: FastifyRequest, organization: string | number): AuthContext {
  const auth = requireAuth(request);
  const organizationId = typeof organization === 'string' ? pathId(organization) : organization;
  if (organizationId !== auth.organizationId) throw notFound();
  return auth;
}
