import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { createAppDeps } from './createAppDeps';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { isDatabaseEmpty, seedDemoData } from './demo/seed';
import { startImportJobs } from './imports/jobs/importJobs';
import { createWorkerPool } from './imports/jobs/workerLimits';
import { createLogger } from './logger';
import { createMailer } from './mail/transport';
import { startHousekeeping } from './operations/housekeeping';
import { bundleExcelWorker, type ExcelWorkerBundle } from './pricelistFile/workerBundle';
import { startWebhookDeliveries } from './webhooks/delivery';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleConnectionError: (error) => logger.warn({ err: error }, 'an idle database connection broke'),
  });
  const applied = await migrate(database.db);
  logger.info({ database: database.kind, applied }, 'database ready');
  if (await isDatabaseEmpty(database.db)) {
    await seedDemoData(database.db);
    logger.info('demo data loaded into the empty database');
  }

  // The worker threads start from a bundle (a fraction of the CPU of loading the TypeScript in
  // each); should bundling fail, from the TypeScript as before.
  let workerBundle: ExcelWorkerBundle | undefined;
  try {
    workerBundle = await bundleExcelWorker();
  } catch (error) {
    logger.warn({ err: error }, 'the Excel worker could not be bundled; its threads load the TypeScript');
  }

  // With PGlite, which runs on the API thread, uploaded files go to disk (decision 0010).
  const deps = createAppDeps({
    config,
    db: database.db,
    databaseKind: database.kind,
    clock: systemClock,
    mailer: createMailer(config, logger),
    logger,
    workerPool: createWorkerPool(config, undefined, workerBundle?.entry),
  });
  const app: FastifyInstance = await buildApp(deps);
  const jobs = startImportJobs(deps);
  // The webhook outbox: events the imports wrote, delivered from any instance (docs/api-webhooks.md).
  const deliveries = startWebhookDeliveries(deps);
  // Expired sessions, the mails a week before API keys expire and uploaded files past their
  // retention, even when nobody signs in.
  const housekeeping = startHousekeeping(deps);
  await app.listen({ host: config.HOST, port: config.PORT });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop taking requests and let those in flight finish, then stop the jobs, then the database.
    await app.close();
    await jobs.stop();
    await deliveries.stop();
    await housekeeping.stop();
    await deps.workerPool.close();
    workerBundle?.remove();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
