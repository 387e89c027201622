import type { AppDeps } from './appDeps';
import type { DatabaseKind } from './db/database';
import { uploadFolderFor } from './imports/store/importFiles';
import { JobSignal } from './lib/jobs/jobSignal';
import { createJobMetrics } from './metrics/jobMetrics';

/** The parts made outside (the database, the clock, the mailer, the pool), and the database's kind. */
export type AppParts = Pick<AppDeps, 'config' | 'db' | 'clock' | 'mailer' | 'logger' | 'workerPool'> & {
  databaseKind: DatabaseKind;
};

/** An app's dependencies: the parts given, and the state it keeps in memory, new for this app. */
export function createAppDeps({ databaseKind, ...parts }: AppParts): AppDeps {
  return {
    ...parts,
    uploadFolder: uploadFolderFor(databaseKind, parts.config.DATA_DIR),
    importJobSignal: new JobSignal(),
    webhookSignal: new JobSignal(),
    jobMetrics: createJobMetrics(),
  };
}
