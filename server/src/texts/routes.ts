import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';

export function textRoutes(_api: FastifyInstance, _deps: AppDeps) {}
