import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';

export function pricelistRoutes(_api: FastifyInstance, _deps: AppDeps) {}
