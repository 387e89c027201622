import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  IMPORT_PERMISSION,
  UpdateWebhookRequest,
  WebhookEndpoint,
  WebhookEndpointList,
  type WebhookEventType,
  webhookEventsFor,
  webhookEventTypes,
  webhookLimits,
} from '#contract';
import type { AppDeps } from '../appDeps';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import { hasPermission } from '../identity/profile';
import { signedInFirst } from '../identity/session';
import { apiTags, errors, json, noContent } from '../openapi/routeDocs';
import { checkWebhookUrl } from './addresses';
import {
  endpointOr404,
  mayManage,
  missing,
  notAllowed,
  requireManager,
  webhookMessages,
  webhookParams,
} from './routeParts';
import { encryptSecret, NoSecretKey, newWebhookSecret, secretKeyOf } from './secrets';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpointUnderCap,
  listEndpoints,
  setEndpointEnabled,
} from './store';

/** The endpoints themselves: list, add (the secret is in that answer only), turn on or off, remove. */
export function endpointRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = deps;

  api.get(
    '/webhooks',
    {
      schema: {
        summary: 'Organisationens webhook-mottagare',
        description:
          'Mottagarna i den ordning de lades till: adress, händelser, om de är på. Aldrig hemligheten.',
        tags: [apiTags.webhooks],
        response: { 200: json('Mottagarna.', WebhookEndpointList), ...errors(401, notAllowed) },
      },
    },
    async (request, reply) => {
      const auth = requireManager(request);
      reply.header('cache-control', 'no-store');
      const endpoints = await listEndpoints(db, auth.organizationId);
      return { endpoints: endpoints.filter((endpoint) => mayManage(auth, endpoint)) };
    },
  );

  api.post(
    '/webhooks',
    {
      schema: {
        summary: 'Lägg till en webhook-mottagare',
        description: `Adressen måste börja med https:// och gå till en adress på internet (inte ett internt nät). events är en eller flera av ${webhookEventTypes.join(', ')}. Signeringshemligheten (whsec_…) finns bara i det här svaret.`,
        tags: [apiTags.webhooks],
        body: CreateWebhookRequest,
        response: {
          201: json('Mottagaren och, den här enda gången, hemligheten.', CreatedWebhook),
          ...errors(
            [
              400,
              'Adressen eller händelserna är fel: felet står också under errors.url eller errors.events.',
            ],
            401,
            notAllowed,
            [
              409,
              `Organisationen har redan ${webhookLimits.maxEndpointsPerOrganization} mottagare (CONFLICT).`,
            ],
            [503, 'Servern saknar nyckeln som krypterar hemligheterna (SERVICE_UNAVAILABLE).'],
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = requireManager(request);
      const checked = await checkWebhookUrl(request.body.url, {
        allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK,
      });
      const events = eventsProblem(
        request.body.events,
        webhookEventsFor(hasPermission(auth, IMPORT_PERMISSION)),
      );
      const fieldErrors = {
        ...(checked.ok ? {} : { url: checked.message }),
        ...('message' in events ? { events: events.message } : {}),
      };
      const first = Object.values(fieldErrors)[0];
      if (first || !checked.ok || !('events' in events)) throw badRequest(first, fieldErrors);
      let key: Buffer;
      try {
        key = secretKeyOf(config);
      } catch (error) {
        if (error instanceof NoSecretKey)
          throw new ApiError(503, 'SERVICE_UNAVAILABLE', webhookMessages.noKey);
        throw error;
      }
      const secret = newWebhookSecret();
      // Counted and added in one transaction under a lock: creates at once cannot pass the cap.
      const id = await insertEndpointUnderCap(
        db,
        {
          organizationId: auth.organizationId,
          userId: auth.userId,
          url: checked.url,
          events: events.events,
          secretEncrypted: encryptSecret(key, auth.organizationId, secret),
          now: clock.now(),
        },
        webhookLimits.maxEndpointsPerOrganization,
      );
      if (id === null) throw conflict(webhookMessages.tooMany);
      request.log.info({ webhookId: id, organizationId: auth.organizationId }, 'webhook endpoint added');
      reply.header('cache-control', 'no-store');
      const endpoint = (await findEndpoint(db, auth.organizationId, id))!;
      return reply.status(201).send({ endpoint, secret });
    },
  );

  api.patch(
    '/webhooks/:webhookId',
    {
      onRequest: signedInFirst,
      schema: {
        summary: 'Slå på eller stäng av en webhook-mottagare',
        description:
          'En avstängd mottagare får inga nya händelser. Slås den på igen skickas de leveranser som väntar, och räkningen av misslyckade leveranser börjar om.',
        tags: [apiTags.webhooks],
        params: webhookParams,
        body: UpdateWebhookRequest,
        response: {
          200: json('Mottagaren som den nu är.', WebhookEndpoint),
          ...errors(
            [400, 'Kroppen är inte {"enabled": true|false} (BAD_REQUEST).'],
            401,
            notAllowed,
            missing,
          ),
        },
      },
    },
    async (request) => {
      const auth = requireManager(request);
      const endpoint = await endpointOr404(db, auth, request.params.webhookId);
      await setEndpointEnabled(db, auth.organizationId, endpoint.id, request.body.enabled, clock.now());
      if (request.body.enabled) deps.webhookSignal.notify();
      return (await findEndpoint(db, auth.organizationId, endpoint.id))!;
    },
  );

  api.delete(
    '/webhooks/:webhookId',
    {
      onRequest: signedInFirst,
      schema: {
        summary: 'Ta bort en webhook-mottagare',
        description: 'Mottagaren och dess leveranser tas bort; inget mer skickas dit.',
        tags: [apiTags.webhooks],
        params: webhookParams,
        response: { 204: noContent('Borttagen.'), ...errors(401, notAllowed, missing) },
      },
    },
    async (request, reply) => {
      const auth = requireManager(request);
      await endpointOr404(db, auth, request.params.webhookId);
      if (!(await deleteEndpoint(db, auth.organizationId, request.params.webhookId)))
        throw notFound(webhookMessages.notFound);
      return reply.status(204).send();
    },
  );
}

function eventsProblem(
  events: readonly string[],
  offered: readonly WebhookEventType[],
): { events: WebhookEventType[] } | { message: string } {
  if (events.length === 0) return { message: webhookMessages.eventsMissing };
  const unknown = events.find((event) => !(webhookEventTypes as readonly string[]).includes(event));
  if (unknown !== undefined) return { message: webhookMessages.eventUnknown(unknown) };
  const notOffered = events.find((event) => !(offered as readonly string[]).includes(event));
  if (notOffered !== undefined) return { message: webhookMessages.eventNotOffered(notOffered) };
  return { events: webhookEventTypes.filter((event) => events.includes(event)) };
}
