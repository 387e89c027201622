/**
 * Vitest's global setup for the server project: bundles the Excel worker once per run, for the
 * workers of the apps that createTestApp makes, as the server does at its start
 * (server/src/pricelistFile/workerBundle.ts). The tests that build a WorkerPool or call
 * runInWorker themselves keep the TypeScript entry, so that it stays tested too.
 */
import type { TestProject } from 'vitest/node';
import { bundleExcelWorker } from '../server/src/pricelistFile/workerBundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled worker entry's path (test-support/testApp.ts gives it to the apps' pools). */
    excelWorkerEntry: string;
  }
}

export default async function bundleForTests(project: TestProject) {
  const bundle = await bundleExcelWorker();
  project.provide('excelWorkerEntry', bundle.entry);
  return bundle.remove;
}
