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
  return ['README.md', 'server/src/lib/xlsx/README.md', 'server/src/lib/xml/README.md', ...docs];
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

/**
 * Docs that are maps of the code: every path they quote in backticks, of any folder, and every
 * relative link must exist, not only the `server/src/…` and `web/src/…` ones.
 */
const maps = ['docs/architecture.md'];

/** Paths in backticks (`scripts/seed.ts`, `e2e/`), leaving out commands, globs and placeholders. */
function backtickedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)]
    .map(([, quoted]) => quoted!)
    .filter((quoted) => /\/|\.(?:ts|tsx|mjs|cjs|json|md|sql|sh)$/.test(quoted))
    .filter((quoted) => !/[\s*{}<>…#:]/.test(quoted))
    .map((quoted) => quoted.replace(/\/$/, ''));
}

/** Relative links, `[0004](decisions/0004-job-queue.md)`, as paths from the repository's root. */
function linkedPaths(file: string, text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map(([, link]) => link!)
    .filter((link) => !/^[a-z]+:/i.test(link))
    .map((link) => path.join(path.dirname(file), link));
}

describe('paths quoted in the docs', () => {
  it.each(markdownFiles())('%s names only paths that exist', (file) => {
    const missing = quotedPaths(readFileSync(path.join(root, file), 'utf8')).filter(
      (quoted) => !existsSync(path.join(root, quoted)),
    );
    expect(missing).toEqual([]);
  });

  it.each(maps)('%s names only files and links that exist', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const quoted = [...backtickedPaths(text), ...linkedPaths(file, text)];
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.filter((quotedPath) => !existsSync(path.join(root, quotedPath)))).toEqual([]);
  });

  it('reads the paths in backticks and the relative links of a map, not commands or globs', () => {
    const text =
      'See `scripts/seed.ts`, `e2e/`, `biome.json`, `npx tsx scripts/seed.ts`, `*.test.ts`, ' +
      '`#contract/domain`, `import.applied` and [0004](decisions/0004-job-queue.md#context), ' +
      'not [a site](https://example.se/x).';
    expect([...backtickedPaths(text), ...linkedPaths('docs/architecture.md', text)]).toEqual([
      'scripts/seed.ts',
      'e2e',
      'biome.json',
      'docs/decisions/0004-job-queue.md',
    ]);
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
