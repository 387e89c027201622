import { defineConfig } from '@playwright/test';

/** End-to-end tests in Debian's Chromium against a server the run starts itself on a fresh PGlite folder. */
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;
const dataDir = `data/e2e-${port}`;
const isRoot = process.getuid?.() === 0;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...(isRoot ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node -e "require('fs').rmSync('${dataDir}',{recursive:true,force:true})" && npx tsx server/src/main.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      ENABLE_TESTABILITY: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
