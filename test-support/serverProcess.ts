import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The real server (server/src/main.ts) in a process of its own, for tests that pause or kill it. */

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
}

/**
 * Starts the server on a random port with `env` (on top of this process's environment) and waits
 * until /readyz answers. With `onLogLine`, its stdout (the JSON log) is handed over line by line.
 */
export async function startServerProcess(
  env: Record<string, string>,
  onLogLine?: (line: string) => void,
): Promise<ServerProcess> {
  const port = 21_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, ...env },
    stdio: ['ignore', onLogLine ? 'pipe' : 'ignore', 'ignore'],
  });
  if (onLogLine) createInterface({ input: child.stdout! }).on('line', onLogLine);
  for (let started = Date.now(); ; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() - started > 90_000) throw new Error('the server did not start');
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, child };
  }
}

/** Signs in over HTTP as a browser would: the Cookie header for the next requests. */
export async function signInOverHttp(url: string, username = 'lev.admin', password = 'Demo-Losen-2026') {
  const login = await fetch(`${url}/resources/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}
