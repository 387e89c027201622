import type { FastifyRequest } from 'fastify';
import { API_KEY_PERMISSIONS } from '#contract';
import { forbidden } from '../errors';
import { apiKeyMessages } from '../identity/apiKeyMessages';
import { hasPermission } from '../identity/profile';
import { requireAuth } from '../identity/session';

/** The signed-in user, who must have the permission to manage API keys. */
export const requireKeyOwner = (request: FastifyRequest) => {
  const auth = requireAuth(request);
  if (!API_KEY_PERMISSIONS.some((permission) => hasPermission(auth, permission)))
    throw forbidden(apiKeyMessages.notAllowed);
  return auth;
};

export const notAllowed = [
  403,
  'Användaren har inte behörighet att hantera API-nycklar (FORBIDDEN).',
] as const;
