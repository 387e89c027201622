import { existsSync } from 'node:fs';
import { chromium, defineConfig } from '@playwright/test';

/** End-to-end tests in Debian's Chromium against servers the run starts itself on fresh PGlite folders. */
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;
const isRoot = process.getuid?.() === 0;
/**
 * Where a server's reset mails go: its port + 1000 (9181 for the main server), where
 * e2e/auth.spec.ts listens with a real SMTP server.
 */
export const smtpPortOf = (serverUrl: string) => Number(new URL(serverUrl).port) + 1000;
// Clear of the other runs' ports, which sit close together (8201, 8202, …).
export const shortSessionPort = port + 100;
/** The tests on the short-session server: they run beside the others (see `projects`). */
export const SHORT_SESSION = '@short-session';
/** The server of the page sweeps, which run beside the others (see `projects`). */
const sweepPort = port + 200;
/**
 * The long sweeps over every page (axe, the API reference, pages alike however reached): they
 * read, change little, and wait on no timing.
 */
const SWEEPS = ['**/everyRoute.spec.ts', '**/apiDocs.spec.ts', '**/pageConsistency.spec.ts'];

function e2eServer(serverPort: number, extraEnv: Record<string, string> = {}) {
  const url = `http://localhost:${serverPort}`;
  const dataDir = `data/e2e-${serverPort}`;
  return {
    command: `node -e "require('fs').rmSync('${dataDir}',{recursive:true,force:true})" && npx tsx server/src/main.ts`,
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ENABLE_TESTABILITY: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      SMTP_URL: `smtp://127.0.0.1:${smtpPortOf(url)}`,
      // e2e/webhooks.spec.ts delivers to a receiver it runs on loopback.
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      // The first main server's only: the others run on PGlite.
      ...(process.env.E2E_DATABASE_URL && serverPort === port
        ? { DATABASE_URL: process.env.E2E_DATABASE_URL }
        : {}),
      ...extraEnv,
    },
  };
}

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else a system Chromium (Debian's package, other
 * distributions' names), else Playwright's own download. Without any, stop at once and say how
 * to get one, rather than fail in every test.
 */
function chromiumExecutable(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    chromium.executablePath(),
  ];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found)
    throw new Error(
      "No Chromium found: install your distribution's package (Debian: apt-get install chromium), or run `npx playwright install chromium`, or set CHROMIUM_PATH.",
    );
  return found;
}

export default defineConfig({
  testDir: 'e2e',
  // Per port, so that parallel runs on one machine do not clear each other's artifacts.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  // The tests on the main server run one at a time (each resets its data). Those on the
  // short-session server mostly wait for real time to pass (the warning, the countdown's minute),
  // so they run beside them in a second worker, one at a time, against their own server and
  // database. The page sweeps (every route at three widths with axe, the API reference, pages
  // alike however reached) take a third of the time and depend on no timing: a third worker runs
  // them against a third server. (Two main servers, each with its share of the scenarios, were tried: on two cores the
  // scenarios then ran into each other's timing, and the suite was no shorter.)
  workers: 3,
  projects: [
    { name: 'main server', grepInvert: new RegExp(SHORT_SESSION), testIgnore: SWEEPS, workers: 1 },
    { name: 'short sessions', grep: new RegExp(SHORT_SESSION), workers: 1 },
    {
      name: 'page sweeps',
      testMatch: SWEEPS,
      workers: 1,
      use: { baseURL: `http://localhost:${sweepPort}` },
    },
  ],
  retries: 0,
  // Bounds, not targets: three workers and three servers share two cores, so a long scenario
  // (uploads, validations, axe at three widths) may take twice its time on a quiet machine.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
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
  // The main server, and one whose sessions expire after 5.2 minutes of inactivity and
  // whose pages ping every 2 s (not 30), so that the session warning (at 300 s left) shows about
  // 12 s after the last activity (e2e/session.spec.ts, e2e/focusAndLayout.spec.ts).
  webServer: [
    e2eServer(port),
    e2eServer(shortSessionPort, { SESSION_IDLE_MINUTES: '5.2', SESSION_PING_SECONDS: '2' }),
    e2eServer(sweepPort),
  ],
});
