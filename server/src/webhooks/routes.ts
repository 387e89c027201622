import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WEBHOOK_PERMISSION,
  WEBHOOK_TEST_EVENT,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  type WebhookEventType,
  WebhookTestSent,
  webhookEventTypes,
  webhookLimits,
} from '#contract';
import type { AppDeps } from '../appDeps';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors';
import { hasPermission } from '../identity/profile';
import { requireAuth } from '../identity/session';
import { apiTags, errors, json, noContent } from '../openapi/routeDocs';
import { pathId } from '../pathId';
import { checkWebhookUrl } from './addresses';
import { encryptSecret, NoSecretKey, newWebhookSecret, secretKeyOf } from './secrets';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpointUnderCap,
  listDeliveries,
  listEndpoints,
  setEndpointEnabled,
} from './store';
import { sendTestEvent } from './testEvents';

export const webhookMessages = {
  notAllowed: 'Användaren har inte behörighet att hantera webhooks.',
  notFound: 'Webhook-mottagaren finns inte.',
  eventsMissing: 'Välj minst en händelse.',
  eventUnknown: (event: string) => `Händelsen ${event} finns inte.`,
  tooMany: `Organisationen har redan ${webhookLimits.maxEndpointsPerOrganization} webhook-mottagare. Ta bort en innan du lägger till en ny.`,
  noKey:
    'Webhooks är inte konfigurerade på servern: WEBHOOKS_SECRET_KEY saknas. Kontakta den som driver tjänsten.',
  testWhileOff: 'Mottagaren är avstängd. Slå på den innan du skickar en testhändelse.',
  testTooOften: (max: number, seconds: number) =>
    `Högst ${max} testhändelser i minuten till samma mottagare. Försök igen om ${seconds} ${seconds === 1 ? 'sekund' : 'sekunder'}.`,
} as const;

/**
 * An organisation's webhook endpoints (docs/api-webhooks.md): list, add (the secret is in that
 * answer only), turn on or off, remove, send a test event and see the latest deliveries. Session
 * only, like API keys: a program cannot point the organisation's events elsewhere.
 */
export function webhookRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = deps;

  const requireManager = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    if (!hasPermission(auth, WEBHOOK_PERMISSION)) throw forbidden(webhookMessages.notAllowed);
    return auth;
  };
  const notAllowed = [403, `${webhookMessages.notAllowed} (FORBIDDEN)`] as const;
  const missing = [
    404,
    `${webhookMessages.notFound} Också en annan organisations mottagare (NOT_FOUND).`,
  ] as const;
  const params = z.object({ webhookId: z.string() });

  const endpointOr404 = async (organizationId: number, rawId: string) => {
    const endpoint = await findEndpoint(db, organizationId, pathId(rawId));
    if (!endpoint) throw notFound(webhookMessages.notFound);
    return endpoint;
  };

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
      return { endpoints: await listEndpoints(db, auth.organizationId) };
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
      const events = eventsProblem(request.body.events);
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
      schema: {
        summary: 'Slå på eller stäng av en webhook-mottagare',
        description:
          'En avstängd mottagare får inga nya händelser. Slås den på igen skickas de leveranser som väntar, och räkningen av misslyckade leveranser börjar om.',
        tags: [apiTags.webhooks],
        params,
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
      const endpoint = await endpointOr404(auth.organizationId, request.params.webhookId);
      await setEndpointEnabled(db, auth.organizationId, endpoint.id, request.body.enabled, clock.now());
      if (request.body.enabled) deps.webhookSignal.notify();
      return (await findEndpoint(db, auth.organizationId, endpoint.id))!;
    },
  );

  api.delete(
    '/webhooks/:webhookId',
    {
      schema: {
        summary: 'Ta bort en webhook-mottagare',
        description: 'Mottagaren och dess leveranser tas bort; inget mer skickas dit.',
        tags: [apiTags.webhooks],
        params,
        response: { 204: noContent('Borttagen.'), ...errors(401, notAllowed, missing) },
      },
    },
    async (request, reply) => {
      const auth = requireManager(request);
      if (!(await deleteEndpoint(db, auth.organizationId, pathId(request.params.webhookId))))
        throw notFound(webhookMessages.notFound);
      return reply.status(204).send();
    },
  );

  api.post(
    '/webhooks/:webhookId/test',
    {
      schema: {
        summary: 'Skicka en testhändelse',
        description: `Skickar händelsen ${WEBHOOK_TEST_EVENT} till den här mottagaren, signerad som alla andra. Leveransen syns bland mottagarens leveranser. Högst ${config.WEBHOOKS_TEST_EVENTS_PER_MINUTE} testhändelser i minuten till samma mottagare.`,
        tags: [apiTags.webhooks],
        params,
        response: {
          202: json('Testhändelsen väntar på leverans.', WebhookTestSent),
          ...errors(
            401,
            notAllowed,
            missing,
            [409, `${webhookMessages.testWhileOff} (CONFLICT)`],
            [
              429,
              `Mottagaren har fått ${config.WEBHOOKS_TEST_EVENTS_PER_MINUTE} testhändelser den senaste minuten (TOO_MANY_REQUESTS): vänta så många sekunder som Retry-After säger.`,
            ],
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = requireManager(request);
      const endpoint = await endpointOr404(auth.organizationId, request.params.webhookId);
      const sent = await sendTestEvent(deps, auth.organizationId, endpoint.id);
      if (sent.kind === 'off') throw conflict(webhookMessages.testWhileOff);
      if (sent.kind === 'tooOften')
        throw new ApiError(
          429,
          'TOO_MANY_REQUESTS',
          webhookMessages.testTooOften(sent.max, sent.retryAfterSeconds),
          undefined,
          { 'retry-after': String(sent.retryAfterSeconds) },
        );
      deps.webhookSignal.notify();
      return reply.status(202).send({ eventId: sent.eventId });
    },
  );

  api.get(
    '/webhooks/:webhookId/deliveries',
    {
      schema: {
        summary: 'En webhook-mottagares senaste leveranser',
        description:
          'De 50 senaste, nyaste först: händelsen och dess webhook-id, status (PENDING väntar, DELIVERED levererad, FAILED gav upp efter 24 timmar), antal försök, mottagarens svarskod och tid.',
        tags: [apiTags.webhooks],
        params,
        response: { 200: json('Leveranserna.', WebhookDeliveryList), ...errors(401, notAllowed, missing) },
      },
    },
    async (request, reply) => {
      const auth = requireManager(request);
      const endpoint = await endpointOr404(auth.organizationId, request.params.webhookId);
      reply.header('cache-control', 'no-store');
      return { deliveries: await listDeliveries(db, endpoint.id) };
    },
  );
}

function eventsProblem(events: readonly string[]): { events: WebhookEventType[] } | { message: string } {
  if (events.length === 0) return { message: webhookMessages.eventsMissing };
  const unknown = events.find((event) => !(webhookEventTypes as readonly string[]).includes(event));
  if (unknown !== undefined) return { message: webhookMessages.eventUnknown(unknown) };
  return { events: webhookEventTypes.filter((event) => events.includes(event)) };
}
