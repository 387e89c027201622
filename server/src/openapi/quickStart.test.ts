import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_URL, quickStartFor, quickStartSteps } from './quickStart';

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

  it('makes its Idempotency-Keys without uuidgen, with a function it defines before using it', () => {
    const commands = quickStartSteps.map((step) => step.command).join('\n');
    expect(commands).not.toContain('uuidgen');
    const defined = commands.indexOf('newkey() {');
    expect(defined).toBeGreaterThan(-1);
    expect(commands.indexOf('$(newkey)')).toBeGreaterThan(defined);
    // Every key is one the server takes: 1–255 visible ASCII characters (server/src/idempotency).
    for (const line of commands.split('\n').filter((line) => line.includes('Idempotency-Key')))
      expect(line).toContain('-H "Idempotency-Key: $(newkey)"');
  });

  it('names the reader’s address and current price list, and nothing else differs from the guide', () => {
    const steps = quickStartFor({ origin: 'https://hmdb.region.se', pricelistId: 42 });
    expect(steps[0]!.command).toContain('export HMDB_URL=https://hmdb.region.se\n');
    expect(steps[1]!.command).toMatch(/\nPRICELIST=42$/);
    const changed = steps.flatMap((step, index) =>
      step.command.split('\n').filter((line, n) => line !== quickStartSteps[index]!.command.split('\n')[n]),
    );
    expect(changed).toEqual(['export HMDB_URL=https://hmdb.region.se', 'PRICELIST=42']);
    // Without a price list of the reader's own: the example's.
    expect(quickStartFor({ origin: EXAMPLE_URL })).toEqual(quickStartSteps);
  });
});
