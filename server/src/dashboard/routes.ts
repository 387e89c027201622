import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';

export function dashboardRoutes(_api: FastifyInstance, _deps: AppDeps) {}
