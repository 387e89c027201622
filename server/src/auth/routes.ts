import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { createBackgroundTasks } from '../mail/background';
import { dummyPasswordHash } from './passwords';
import { passwordResetRoutes } from './resetRoutes';
import { sessionRoutes } from './sessionRoutes';

/**
 * Sign-in, sign-out, the profile, the session ping and password reset (docs/product.md, "Calls").
 * `afterLogin` runs in the background on every login attempt: the service's housekeeping rides
 * on requests that come anyway (operations/housekeeping.ts).
 */
export function authRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  afterLogin: (now: Date) => Promise<void> = async () => {},
) {
  const background = createBackgroundTasks(deps.logger);
  app.addHook('onClose', () => background.settle());
  // Computed now, so that the first unknown username is not answered faster than the rest.
  void dummyPasswordHash();

  sessionRoutes(app, deps, background, afterLogin);
  passwordResetRoutes(app, deps, background);
}
