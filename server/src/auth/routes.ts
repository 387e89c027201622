import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';

export function authRoutes(_api: FastifyInstance, _deps: AppDeps) {}
