import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';

export function importRoutes(_api: FastifyInstance, _deps: AppDeps) {}
