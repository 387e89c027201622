/**
 * The import boundaries of docs/decisions/0014-code-layout.md and 0031-one-way-layers.md are
 * Biome rules (biome.json, "overrides", written by scripts/importBoundaries.ts). This writes files
 * with one import each into the tree, lints them as `npm run check` would, and reads which rule
 * answered: a forbidden import must fail the check, an allowed one must pass.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { biomeJsonPath, boundaryOverrides } from './importBoundaries';

const run = promisify(execFile);

interface Diagnostic {
  category: string;
  message: string;
}

const refusedBy = (diagnostics: Diagnostic[]) =>
  diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => d.message);

interface Probe {
  path: string;
  specifier: string;
}

/**
 * Lints probes as `npm run check` would, all in one run of Biome (one run per probe took ~2 s
 * each): each probe is a file with one import, written under a name of its own.
 */
async function lintProbes(probes: Probe[]): Promise<Map<Probe, Diagnostic[]>> {
  const files = probes.map((probe, i) => probe.path.replace(/boundaryProbe/, `boundaryProbe${i}`));
  await Promise.all(
    probes.map((probe, i) =>
      writeFile(
        files[i]!,
        `import { anything } from '${probe.specifier}';\n\nexport const used = anything;\n`,
      ),
    ),
  );
  try {
    const { stdout } = await run(
      'npx',
      ['biome', 'lint', '--reporter=json', '--max-diagnostics=none', ...files],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((failed: { stdout: string }) => failed);
    const { diagnostics } = JSON.parse(stdout) as {
      diagnostics: (Diagnostic & { location: { path: string } })[];
    };
    return new Map(
      probes.map((probe, i) => [probe, diagnostics.filter((d) => d.location.path === files[i])]),
    );
  } finally {
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
}

const refused: [string, string, RegExp][] = [
  ['server/src/imports/boundaryProbe.ts', '../../../test-support/importFlow', /never imports test support/],
  [
    'server/src/imports/boundaryProbe.ts',
    '../../../bench/lib',
    /never imports test support or the benchmark/,
  ],
  [
    'web/src/features/start/boundaryProbe.ts',
    '../../../../test-support/workbooks',
    /never imports test support/,
  ],
  ['server/src/lib/xlsx/boundaryProbe.ts', '../../pricelistFile/columns', /stands alone/],
  ['server/src/lib/xlsx/boundaryProbe.ts', '#contract/domain', /stands alone/],
  ['server/src/auth/boundaryProbe.ts', '../apiKeys/routes', /never another feature/],
  ['server/src/apiKeys/boundaryProbe.ts', '../auth/reset', /never another feature/],
  ['server/src/pricelists/boundaryProbe.ts', '../imports/store/importViews', /never another feature/],
  ['server/src/dashboard/boundaryProbe.ts', '../pricelists/queries', /never another feature/],
  ['server/src/imports/store/boundaryProbe.ts', '../../auth/login', /never another feature/],
  ['server/src/imports/boundaryProbe.ts', '../operations/housekeeping', /never another feature/],
  ['server/src/auth/boundaryProbe.ts', '../demo/seed', /never another feature/],
  ['server/src/identity/boundaryProbe.ts', '../apiKeys/routes', /lie below every feature/],
  ['server/src/db/boundaryProbe.ts', '../demo/seed', /lie below every feature/],
  ['server/src/mail/boundaryProbe.ts', '../auth/reset', /lie below every feature/],
  ['web/src/features/auth/boundaryProbe.ts', '../../app/store', /never imports the app/],
  ['web/src/ui/boundaryProbe.ts', '../features/imports/api', /below the features/],
  ['web/src/api/boundaryProbe.ts', '../app/store', /never import the app/],
  ['web/src/features/start/boundaryProbe.ts', '../auth/routes', /does not import another feature/],
  ['web/src/features/imports/components/boundaryProbe.ts', '../../session/sessionSlice', /another feature/],
  [
    'web/src/features/imports/components/upload/boundaryProbe.ts',
    '../../../session/sessionSlice',
    /another feature/,
  ],
  [
    'web/src/features/imports/components/upload/boundaryProbe.ts',
    '../../../../app/store',
    /never imports the app/,
  ],
  ['web/src/features/pricelists/boundaryProbe.ts', '../imports/api', /another feature/],
  ['web/src/features/apiKeys/boundaryProbe.ts', '../pricelists/routes', /another feature/],
  ['server/src/imports/store/boundaryProbe.ts', '../http/upload', /never import their HTTP layer/],
  ['server/src/imports/jobs/boundaryProbe.ts', '../http/routes', /never import their HTTP layer/],
  ['server/src/imports/boundaryProbe.ts', '../pricelists/snapshot', /Only imports\/generalPricelist\//],
  [
    'server/src/imports/jobs/boundaryProbe.ts',
    '../../pricelistFile/riskRules',
    /Only imports\/generalPricelist\//,
  ],
  [
    'server/src/imports/store/boundaryProbe.ts',
    '../../pricelists/latestApplied',
    /Only imports\/generalPricelist\//,
  ],
  ['server/src/imports/generalPricelist/boundaryProbe.ts', '../../auth/login', /never another feature/],
  [
    'server/src/imports/generalPricelist/boundaryProbe.ts',
    '../../../../test-support/importFlow',
    /never imports test support/,
  ],
  [
    'server/src/imports/store/boundaryProbe.ts',
    '../../../test-support/importFlow',
    /never imports test support/,
  ],
  ['contract/boundaryProbe.ts', '../server/src/config', /imports neither/],
  ['test-support/boundaryProbe.ts', '../bench/lib', /never the reverse/],
  ['examples/boundaryProbe.ts', '../server/src/config', /example imports nothing of the service/],
  ['examples/boundaryProbe.ts', '../test-support/apiKeys', /example imports nothing of the service/],
  ['examples/boundaryProbe.ts', 'zod', /needs nothing but Node/],
  ['examples/boundaryProbe.ts', '@fastify/swagger', /needs nothing but Node/],
];

const allowed: [string, string][] = [
  ['server/src/imports/boundaryProbe.test.ts', '../../../test-support/importFlow'],
  ['server/src/imports/boundaryProbe.ts', '../../pricelistFile'],
  ['server/src/imports/generalPricelist/boundaryProbe.ts', '../../pricelists/snapshot'],
  ['server/src/imports/generalPricelist/boundaryProbe.ts', '../../pricelistFile/riskRules'],
  ['server/src/imports/jobs/boundaryProbe.ts', '../../pricelistFile'],
  ['server/src/imports/boundaryProbe.ts', '../identity/session'],
  ['server/src/auth/boundaryProbe.ts', '../mail/texts'],
  ['server/src/pricelistFile/boundaryProbe.ts', '../lib/xlsx'],
  ['server/src/operations/boundaryProbe.ts', '../imports/store/fileRetention'],
  ['web/src/test/boundaryProbe.ts', '../app/store'],
  ['server/src/imports/http/boundaryProbe.ts', '../store/importViews'],
  ['server/src/imports/jobs/boundaryProbe.ts', '../../lib/jobs/jobLoop'],
  ['web/src/features/start/boundaryProbe.ts', '../../ui/text/sv'],
  ['web/src/features/imports/components/upload/boundaryProbe.ts', '../../../../ui/text/sv'],
  ['bench/boundaryProbe.ts', '../test-support/generatedWorkbooks'],
  ['examples/boundaryProbe.ts', 'node:fs'],
  ['examples/boundaryProbe.test.ts', '../test-support/apiKeys'],
];

const probes = [...refused, ...allowed].map(([path, specifier]) => ({ path, specifier }));
const probeOf = (path: string, specifier: string) =>
  probes.find((probe) => probe.path === path && probe.specifier === specifier)!;

describe('import boundaries', () => {
  let linted: Map<Probe, Diagnostic[]>;
  beforeAll(async () => {
    linted = await lintProbes(probes);
  }, 120_000);

  it.each(refused)('%s may not import %s', (path, specifier, message) => {
    expect(refusedBy(linted.get(probeOf(path, specifier))!)).toEqual([expect.stringMatching(message)]);
  });

  it("are biome.json's overrides exactly as scripts/importBoundaries.ts writes them", () => {
    const written = JSON.parse(readFileSync(biomeJsonPath, 'utf8'));
    // Compared as data: Biome's formatter may lay the JSON out otherwise.
    expect(written.overrides).toEqual(boundaryOverrides());
  });

  it('refuses an import cycle, even one of types only', async () => {
    const [a, b] = ['server/src/imports/cycleProbeA.ts', 'server/src/imports/cycleProbeB.ts'];
    await writeFile(a, "import type { B } from './cycleProbeB';\n\nexport type A = B | 1;\n");
    await writeFile(b, "import type { A } from './cycleProbeA';\n\nexport type B = A | 2;\n");
    try {
      const { stdout } = await run('npx', ['biome', 'lint', '--reporter=json', a, b]).catch(
        (failed: { stdout: string }) => failed,
      );
      const { diagnostics } = JSON.parse(stdout) as { diagnostics: Diagnostic[] };
      expect(diagnostics.map((d) => d.category)).toEqual([
        'lint/suspicious/noImportCycles',
        'lint/suspicious/noImportCycles',
      ]);
    } finally {
      await Promise.all([rm(a, { force: true }), rm(b, { force: true })]);
    }
  });

  it.each(allowed)('%s may import %s', (path, specifier) => {
    expect(refusedBy(linted.get(probeOf(path, specifier))!)).toEqual([]);
  });
});
