import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';

export function organizationRoutes(_api: FastifyInstance, _deps: AppDeps) {}
