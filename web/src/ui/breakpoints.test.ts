import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakpoints } from './breakpoints';

const webSource = path.resolve(__dirname, '..');

function stylesheets(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('the layout breakpoints', () => {
  const allowed = new Set<number>(Object.values(breakpoints).flatMap((px) => [px, px - 1, px - 0.02]));
  const found = stylesheets(webSource).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/@media[^{]*/g)].flatMap((query) =>
      [...query[0].matchAll(/(min|max)-width:\s*([\d.]+)px/g)].map((width) => ({
        file: path.relative(webSource, file),
        query: query[0].trim(),
        px: Number(width[2]),
      })),
    ),
  );

  it('are the only widths media queries name', () => {
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((width) => !allowed.has(width.px))).toEqual([]);
  });
});
