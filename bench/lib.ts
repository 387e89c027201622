import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = path.resolve(benchDir, '..');

/**
 * Runs one measurement in a fresh Node process, so that its peak memory (maxRSS) is its own and no
 * JIT or heap state leaks between measurements. The task prints one JSON line on stdout.
 */
export async function runTask<T>(
  task: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, 'tasks', task), ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 15 * 60 * 1000,
    },
  );
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as T;
}

/** Prints one JSON line for the parent: the task's result. */
export function report(result: unknown) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/**
 * This process's peak resident memory in MB (VmHWM). Not getrusage's maxRSS: Linux carries that
 * over from the parent across fork and exec, so a child would report its parent's peak.
 */
export function peakRssMb(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kilobytes = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  return kilobytes / 1024;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, runs: sorted.length };
}

/** Repeats a measurement: `warmups` discarded runs, then `runs` kept ones. */
export async function repeat<T>(runs: number, warmups: number, measure: () => Promise<T>): Promise<T[]> {
  for (let i = 0; i < warmups; i++) await measure();
  const results: T[] = [];
  for (let i = 0; i < runs; i++) results.push(await measure());
  return results;
}

export const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** "median (min–max)". */
export const fmtSpread = (s: Spread, digits = 0) =>
  s.runs > 1
    ? `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`
    : fmt(s.median, digits);

export interface RunningServer {
  url: string;
  /** The server process's id, to read its CPU time from /proc. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`server/src/main.ts`) in its own process and waits until /readyz answers.
 * With `onLogLine`, the server's log (JSON lines on stdout) is handed over line by line.
 */
export async function startServer(
  env: Record<string, string>,
  onLogLine?: (line: string) => void,
): Promise<RunningServer> {
  const { spawn } = await import('node:child_process');
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  // BENCH_SERVER_ROOT: another checkout's server (with its own node_modules), to compare old and new.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: process.env.BENCH_SERVER_ROOT ?? projectRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', onLogLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onLogLine) {
    const { createInterface } = await import('node:readline');
    createInterface({ input: child.stdout! }).on('line', onLogLine);
  }
  // A measurement that fails must not leave its server behind (it would hold our stderr open).
  process.once('exit', () => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Signs in through the real API and returns the Cookie header. */
export async function login(
  url: string,
  username = 'lev.admin',
  password = 'Demo-Losen-2026',
): Promise<string> {
  const response = await fetch(`${url}/resources/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A fresh PostgreSQL database for one benchmark, from BENCH_PG_URL's server (default: local). */
export async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const server = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `hmdb_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The price list an upload goes to: a supplier's organisation, general price list and list. */
export interface UploadTarget {
  organizationId: number;
  generalPricelistId: number;
  pricelistId: number;
}

/**
 * Uploads a price-list file through the real API as a supplier's program would: an answer 429 or
 * 503 is waited out for its Retry-After and the file sent again, until it is taken (201). Says how
 * many times it was refused.
 */
export async function uploadUntilTaken(
  serverUrl: string,
  cookie: string,
  target: UploadTarget,
  content: Uint8Array<ArrayBuffer>,
): Promise<{ refused: number }> {
  for (let refused = 0; ; refused++) {
    const form = new FormData();
    form.append('file', new Blob([content]), 'prislista.xlsx');
    form.append(
      'request',
      JSON.stringify({
        type: 'GENERAL_PRICELIST',
        metadata: { parent: target.generalPricelistId, id: target.pricelistId },
      }),
    );
    const response = await fetch(`${serverUrl}/resources/v1/imports/${target.organizationId}`, {
      method: 'POST',
      headers: { cookie, origin: serverUrl },
      body: form,
    });
    if (response.status === 201) {
      await response.arrayBuffer();
      return { refused };
    }
    if (response.status !== 429 && response.status !== 503)
      throw new Error(`upload: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    const wait = Number(response.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}
