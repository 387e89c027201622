import type { FastifyRequest } from 'fastify';
import { IMPORT_PERMISSION } from '#contract';
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
