/**
 * Every path of the code that the docs quote exists: a reader who follows one from the README or a
 * decision record lands on the file it names. Moves must take the docs along.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file));
  return ['README.md', 'server/src/lib/xlsx/README.md', ...docs];
}

/** `server/src/…` and `web/src/…` paths as written, without trailing punctuation or a `:line`. */
function quotedPaths(text: string): string[] {
  const found = text.match(/\b(?:server|web)\/src\/[\w./*[\]-]*/g) ?? [];
  return found.map((quoted) =>
    quoted
      .replace(/[.,:;)]+$/, '')
      .replace(/\/\*\*?$/, '')
      .replace(/\/$/, ''),
  );
}

describe('paths quoted in the docs', () => {
  it.each(markdownFiles())('%s names only paths that exist', (file) => {
    const missing = quotedPaths(readFileSync(path.join(root, file), 'utf8')).filter(
      (quoted) => !existsSync(path.join(root, quoted)),
    );
    expect(missing).toEqual([]);
  });

  it('lists every decision record in docs/decisions/README.md', () => {
    const index = readFileSync(path.join(root, 'docs/decisions/README.md'), 'utf8');
    const records = readdirSync(path.join(root, 'docs/decisions')).filter((file) =>
      /^\d{4}-.*\.md$/.test(file),
    );
    expect(records.filter((file) => !index.includes(`(${file})`))).toEqual([]);
  });

  it('reads a path with its punctuation and globs taken off', () => {
    expect(
      quotedPaths('see `server/src/imports/jobs/`, and server/src/lib/**; or web/src/ui/format.ts.'),
    ).toEqual(['server/src/imports/jobs', 'server/src/lib', 'web/src/ui/format.ts']);
  });
});
