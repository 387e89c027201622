import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { deliveryRoutes } from './deliveryRoutes';
import { endpointRoutes } from './endpointRoutes';

/**
 * An organisation's webhook endpoints (docs/api-webhooks.md): list, add (the secret is in that
 * answer only), turn on or off, remove, send a test event and see the latest deliveries. Session
 * only, like API keys: a program cannot point the organisation's events elsewhere.
 */
export function webhookRoutes(app: FastifyInstance, deps: AppDeps) {
  endpointRoutes(app, deps);
  deliveryRoutes(app, deps);
}
