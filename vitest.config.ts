import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Both cores: the suite's files are independent (each test database is its own schema or
    // PGlite instance), and one worker left CI at 35 minutes.
    maxWorkers: 2,
    // Each worker process runs its files one after another in one module graph, rather than a new
    // process per file: the server's modules (and PGlite's WebAssembly) load once per worker, not
    // once per file, which took a quarter of the suite's CPU time. Nothing global may outlive a
    // file, then: each file makes its own apps and databases and closes them, and a web test
    // restores what it stubs (web/src/test/setup.ts clears what a page may leave behind).
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // The apps' Excel workers start from a bundle made once per run (see the file).
          globalSetup: ['test-support/excelWorkerBundle.ts'],
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
            'examples/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          // A bound, not a target: a page's test clicks through many renders, and two workers
          // share two cores with PGlite's.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
