import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { quickStartSteps } from './quickStart';

/** The shell blocks of docs/api-guide.md's "Quick start", in order. */
function guideQuickStart(): string[] {
  const guide = readFileSync(new URL('../../../docs/api-guide.md', import.meta.url), 'utf8');
  const start = guide.indexOf('\n## Quick start\n');
  expect(start, 'docs/api-guide.md has a "## Quick start" section').toBeGreaterThan(0);
  const section = guide.slice(start + 1, guide.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
}

describe('the quick start', () => {
  it('has the same commands on the reference page as in docs/api-guide.md', () => {
    expect(quickStartSteps.map((step) => step.command)).toEqual(guideQuickStart());
  });

  it('uses only the variables it sets itself', () => {
    const set = new Set<string>();
    for (const line of quickStartSteps.flatMap((step) => step.command.split('\n'))) {
      for (const [, name] of line.matchAll(/\$(\w+)/g))
        expect(set.has(name!) || name === 'HMDB_URL' || name === 'HMDB_API_KEY', name).toBe(true);
      for (const [, name] of line.matchAll(/^(?:export )?(\w+)=/g)) set.add(name!);
    }
  });
});
