import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Excel worker's TypeScript bundled into one module per run, for the pool to start its
 * threads from. The default entry (excelWorker.mjs) loads excelWorker.ts and its imports through
 * tsx in each new thread, about 1 s of CPU, and every job has a thread of its own; a thread
 * started from the bundle is ready after about 0.15 s. Packages stay outside it, loaded by Node
 * as the server loads them, and the writers (with exceljs) stay chunks of their own, loaded only
 * by the jobs that write workbooks.
 *
 * The bundle is written beside the packages (node_modules/.cache), so that its imports of them
 * resolve, in a folder of its own, which `remove` deletes at shutdown; folders left by a killed
 * process are removed after a day.
 */
export interface ExcelWorkerBundle {
  entry: string;
  remove(): void;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FOLDER_PREFIX = 'hmdb-excel-worker-';

export async function bundleExcelWorker(): Promise<ExcelWorkerBundle> {
  // esbuild comes with tsx, which runs the server; loaded only here.
  const { build } = await import('esbuild');
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  removeLeftBundles(cache);
  const outdir = mkdtempSync(path.join(cache, FOLDER_PREFIX));
  try {
    await build({
      entryPoints: [path.join(root, 'server/src/pricelistFile/excelWorker.ts')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      outExtension: { '.js': '.mjs' },
      outdir,
      logLevel: 'silent',
    });
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
  return {
    entry: path.join(outdir, 'excelWorker.mjs'),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/** Bundles of runs that ended without removing theirs (killed), a day old. */
function removeLeftBundles(cache: string) {
  const dayAgo = Date.now() - 24 * 60 * 60_000;
  for (const name of readdirSync(cache)) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = path.join(cache, name);
    try {
      if (statSync(folder).mtimeMs < dayAgo) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}
