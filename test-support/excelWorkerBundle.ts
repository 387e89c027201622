/**
 * Vitest's global setup for the server project: bundles the Excel worker's TypeScript once per
 * run, for the workers of the apps that createTestApp makes.
 *
 * The server starts each worker thread from excelWorker.mjs, which loads excelWorker.ts and its
 * imports through tsx in that thread: about 0.6 s of CPU per thread, and every job has a thread
 * of its own, so the unit tests' ~700 jobs spent about a third of the suite's CPU time there. A
 * bundle of the same sources (packages left to Node, as the server loads them) starts in about
 * 0.13 s. Vitest already loads the rest of the server through its own transform, not tsx; the
 * tests that build a WorkerPool or call runInWorker themselves, the server processes of
 * serverProcess.ts, the e2e runs and `npm run bench` keep the real entry.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled worker entry's path (test-support/testApp.ts gives it to the apps' pools). */
    excelWorkerEntry: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default async function bundleExcelWorker(project: TestProject) {
  // Beside the packages (node_modules/.cache), so that the bundle's imports of them resolve; a
  // folder per run, as several runs may share the checkout.
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  removeLeftBundles(cache);
  const outdir = mkdtempSync(path.join(cache, 'hmdb-excel-worker-'));
  await build({
    entryPoints: [path.join(root, 'server/src/pricelistFile/worker/excelWorker.ts')],
    bundle: true,
    // The writers (and exceljs) stay chunks of their own, loaded by the jobs that need them.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    outdir,
    logLevel: 'warning',
  });
  project.provide('excelWorkerEntry', path.join(outdir, 'excelWorker.mjs'));
  return () => rmSync(outdir, { recursive: true, force: true });
}

/** Bundles of runs that ended without their teardown (killed), a day old. */
function removeLeftBundles(cache: string) {
  const dayAgo = Date.now() - 24 * 60 * 60_000;
  for (const name of readdirSync(cache)) {
    if (!name.startsWith('hmdb-excel-worker-')) continue;
    const folder = path.join(cache, name);
    try {
      if (statSync(folder).mtimeMs < dayAgo) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}
