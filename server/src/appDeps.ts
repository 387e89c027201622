import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import type { JobSignal } from './lib/jobs/jobSignal';
import type { Mailer } from './mail/transport';
import type { JobMetrics } from './metrics/jobMetrics';
import type { WorkerPool } from './pricelistFile';

/**
 * What the application is built from, made once at start (main.ts) or per test
 * (test-support/testApp.ts) by createAppDeps and passed to every feature. Its own module, so
 * that the features that take it need not import the app that registers them. Everything an
 * app keeps in memory is here, so two apps in one process (tests, two instances) share nothing.
 */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** Every Excel worker thread (validation, error workbook, template) comes from this pool. */
  workerPool: WorkerPool;
  /** Where uploaded files are kept: a folder with PGlite (decision 0010), null for in the database. */
  uploadFolder: string | null;
  /** Wakes this instance's job loop when a request has just made a job. */
  importJobSignal: JobSignal;
  /** Wakes this instance's webhook deliveries when a change of this instance has written an event. */
  webhookSignal: JobSignal;
  /** The job histograms of this app's /metrics. */
  jobMetrics: JobMetrics;
}
