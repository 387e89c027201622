import { systemClock } from '../server/src/clock';
import type { Config } from '../server/src/config';
import { createAppDeps } from '../server/src/createAppDeps';
import type { DatabaseHandle } from '../server/src/db/database';
import { createWorkerPool } from '../server/src/imports/jobs/workerLimits';
import { createLogger } from '../server/src/logger';
import { createMailer } from '../server/src/mail/transport';
import { bundleExcelWorker } from '../server/src/pricelistFile/workerBundle';

/** The worker bundle the server starts its threads from (main.ts), made once per task process. */
const workerBundle = await bundleExcelWorker();
process.on('exit', () => workerBundle.remove());

/** The server's pool of Excel workers, started from the bundle as the server's are. */
export const benchWorkerPool = (config: Config) => createWorkerPool(config, undefined, workerBundle.entry);

/** The dependencies a running server builds at start, for a task that runs jobs or the app itself. */
export function serverDeps(config: Config, database: DatabaseHandle, workerPool = benchWorkerPool(config)) {
  const logger = createLogger(config);
  return createAppDeps({
    config,
    db: database.db,
    databaseKind: database.kind,
    clock: systemClock,
    logger,
    mailer: createMailer(config, logger),
    workerPool,
  });
}
