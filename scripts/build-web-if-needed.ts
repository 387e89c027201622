/** Builds the SPA when dist/web is missing or older than its sources, so `npm start` is all a user runs. */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const built = 'dist/web/index.html';

function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = Math.max(
  newestChange('web'),
  newestChange('contract'),
  statSync('vite.config.ts').mtimeMs,
);
if (!existsSync(built) || statSync(built).mtimeMs < sourcesChanged) {
  console.log('Bygger webbappen …');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
