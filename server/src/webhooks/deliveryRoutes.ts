import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WEBHOOK_TEST_EVENT, WebhookDeliveryList, WebhookTestSent } from '#contract';
import type { AppDeps } from '../appDeps';
import { ApiError, conflict } from '../errors';
import { signedInFirst } from '../identity/session';
import { apiTags, errors, json } from '../openapi/routeDocs';
import {
  endpointOr404,
  missing,
  notAllowed,
  requireManager,
  webhookMessages,
  webhookParams,
} from './routeParts';
import { listDeliveries } from './store';
import { sendTestEvent } from './testEvents';

/** What goes to an endpoint: a test event on request, and the latest deliveries. */
export function deliveryRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;

  api.post(
    '/webhooks/:webhookId/test',
    {
      onRequest: signedInFirst,
      schema: {
        summary: 'Skicka en testhändelse',
        description: `Skickar händelsen ${WEBHOOK_TEST_EVENT} till den här mottagaren, signerad som alla andra. Leveransen syns bland mottagarens leveranser. Högst ${config.WEBHOOKS_TEST_EVENTS_PER_MINUTE} testhändelser i minuten till samma mottagare.`,
        tags: [apiTags.webhooks],
        params: webhookParams,
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
      const endpoint = await endpointOr404(db, auth, request.params.webhookId);
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
      onRequest: signedInFirst,
      schema: {
        summary: 'En webhook-mottagares senaste leveranser',
        description:
          'De 50 senaste, nyaste först: händelsen och dess webhook-id, status (PENDING väntar, DELIVERED levererad, FAILED gav upp efter 24 timmar), antal försök, mottagarens svarskod och tid.',
        tags: [apiTags.webhooks],
        params: webhookParams,
        response: { 200: json('Leveranserna.', WebhookDeliveryList), ...errors(401, notAllowed, missing) },
      },
    },
    async (request, reply) => {
      const auth = requireManager(request);
      const endpoint = await endpointOr404(db, auth, request.params.webhookId);
      reply.header('cache-control', 'no-store');
      return { deliveries: await listDeliveries(db, endpoint.id) };
    },
  );
}
