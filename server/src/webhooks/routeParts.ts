import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMPORT_PERMISSION, WEBHOOK_PERMISSIONS, webhookEventsFor, webhookLimits } from '#contract';
import type { Database } from '../db/database';
import { forbidden, notFound } from '../errors';
import { type AuthContext, hasPermission } from '../identity/profile';
import { requireAuth } from '../identity/session';
import { PathIdParam } from '../pathId';
import { findEndpoint } from './store';

export const webhookMessages = {
  notAllowed: 'Användaren har inte behörighet att hantera webhooks.',
  notFound: 'Webhook-mottagaren finns inte.',
  eventsMissing: 'Välj minst en händelse.',
  eventUnknown: (event: string) => `Händelsen ${event} finns inte.`,
  eventNotOffered: (event: string) =>
    `Händelsen ${event} gäller leverantörer som läser in prislistor. En region kan välja pricelist.changed.`,
  tooMany: `Organisationen har redan ${webhookLimits.maxEndpointsPerOrganization} webhook-mottagare. Ta bort en innan du lägger till en ny.`,
  noKey:
    'Webhooks är inte konfigurerade på servern: WEBHOOKS_SECRET_KEY saknas. Kontakta den som driver tjänsten.',
  testWhileOff: 'Mottagaren är avstängd. Slå på den innan du skickar en testhändelse.',
  testTooOften: (max: number, seconds: number) =>
    `Högst ${max} testhändelser i minuten till samma mottagare. Försök igen om ${seconds} ${seconds === 1 ? 'sekund' : 'sekunder'}.`,
} as const;

/** The signed-in user, if they may manage the organisation's webhooks; 403 otherwise. */
export const requireManager = (request: FastifyRequest) => {
  const auth = requireAuth(request);
  if (!WEBHOOK_PERMISSIONS.some((permission) => hasPermission(auth, permission)))
    throw forbidden(webhookMessages.notAllowed);
  return auth;
};
/** The 403 and 404 the routes document, in the form `errors()` takes. */
export const notAllowed = [403, `${webhookMessages.notAllowed} (FORBIDDEN)`] as const;
export const missing = [
  404,
  `${webhookMessages.notFound} Också en annan organisations mottagare (NOT_FOUND).`,
] as const;
export const webhookParams = z.object({ webhookId: PathIdParam });

/**
 * Whether the manager may see and change this endpoint: a supplier who imports every one of the
 * organisation's; a region's user (generalpricelist:view_all, no import) only those that ask for
 * no more than what such a user may add, so the import events of the organisation stay its
 * importers' to turn off or remove.
 */
export const mayManage = (auth: AuthContext, endpoint: { events: readonly string[] }) => {
  const offered: readonly string[] = webhookEventsFor(hasPermission(auth, IMPORT_PERMISSION));
  return endpoint.events.every((event) => offered.includes(event));
};

/** The organisation's endpoint by the id in the path; 404 also when it is another organisation's, or not the caller's to manage. */
export const endpointOr404 = async (db: Database, auth: AuthContext, id: number) => {
  const endpoint = await findEndpoint(db, auth.organizationId, id);
  if (!endpoint || !mayManage(auth, endpoint)) throw notFound(webhookMessages.notFound);
  return endpoint;
};
