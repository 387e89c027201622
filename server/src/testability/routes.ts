import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { seedDemoData } from '../demo/seed';
import { notFound } from '../errors';

/** `GET testability/reset` restores the demo data, only when the server runs with ENABLE_TESTABILITY. */
export function testabilityRoutes(api: FastifyInstance, { config, db, clock }: AppDeps) {
  api.get('/testability/reset', async () => {
    if (!config.ENABLE_TESTABILITY) throw notFound();
    await seedDemoData(db, clock.now());
    return { status: 'ok' };
  });
}
