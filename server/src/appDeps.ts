import type { Logger } from 'pino';
import type { Mailer } from './auth/mail';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import type { WorkerPool } from './priceListFile';

/**
 * What the application is built from, made once at start (main.ts) or per test
 * (test/testApp.ts) and passed to every feature. Its own module, so that the features that take
 * it need not import the app that registers them.
 */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** Every Excel worker thread (validation, error workbook, template) comes from this pool. */
  workerPool: WorkerPool;
}
