/**
 * The SPA: gzipped bytes of the JavaScript and CSS the browser loads for /login and for / (signed
 * in), and the time from navigation start to a visible login form, in Debian's Chromium.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { projectRoot, report, spread, startServer } from '../lib';

const RUNS = 7;
// What `npm start` does first: a fresh checkout has no built SPA to measure. WEB_DIST_DIR names a
// build made elsewhere (`npx vite build --outDir …`); the server serves it and it is measured as it is.
if (!process.env.WEB_DIST_DIR)
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-web-if-needed.ts'], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
const server = await startServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hmdb-bench-spa-')) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loginBytes = await assetBytes(page, `${server.url}/login`);

  const formTimes: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const fresh = await browser.newPage();
    await fresh.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await fresh.locator('input').first().waitFor({ state: 'visible' });
    const ms = await fresh.evaluate(() => performance.now());
    if (i > 0) formTimes.push(ms); // the first run warms the server's file cache
    await fresh.close();
  }

  await page.goto(`${server.url}/login`);
  await page.locator('input').nth(0).fill('lev.admin');
  await page.locator('input[type=password]').fill('Demo-Losen-2026');
  await page.locator('input[type=password]').press('Enter');
  await page.waitForURL(`${server.url}/`);
  const startBytes = await assetBytes(page, `${server.url}/`);
  report({ loginBytes, startBytes, timeToLoginFormMs: spread(formTimes) });
} finally {
  await browser.close();
  await server.stop();
}

/**
 * Loads the page without cache, notes every script and stylesheet it fetched, then downloads each
 * once more and sums their gzipped sizes (response bodies of a page are gone after navigation).
 */
async function assetBytes(page: Page, url: string) {
  const assets = new Map<string, 'js' | 'css'>();
  const onResponse = (response: import('@playwright/test').Response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet')
      assets.set(response.url(), type === 'script' ? 'js' : 'css');
  };
  page.on('response', onResponse);
  const client = await page.context().newCDPSession(page);
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const sizes = { js: 0, css: 0 };
  for (const [assetUrl, kind] of assets) {
    const body = await (await page.request.get(assetUrl)).body();
    const gzipped = gzipSync(body).length;
    sizes[kind] += gzipped;
    // SPA_ASSETS=1: which chunks a page loads, to see what to split (on stderr, beside the report).
    if (process.env.SPA_ASSETS === '1') console.error(`${new URL(url).pathname}\t${gzipped}\t${assetUrl}`);
  }
  return sizes;
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
