/**
 * The import boundaries of docs/decisions/0014-code-layout.md are Biome rules (biome.json,
 * "overrides"). This writes a file with one import into the tree, lints it as `npm run check`
 * would, and reads which rule answered: a forbidden import must fail the check, an allowed one
 * must pass.
 */
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

interface Diagnostic {
  category: string;
  message: string;
}

async function lintImport(path: string, specifier: string, name = 'anything'): Promise<Diagnostic[]> {
  await writeFile(path, `import { ${name} } from '${specifier}';\n\nexport const used = ${name};\n`);
  try {
    const { stdout } = await run('npx', ['biome', 'lint', '--reporter=json', path]).catch(
      (failed: { stdout: string }) => failed,
    );
    return (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  } finally {
    await rm(path, { force: true });
  }
}

const refusedBy = (diagnostics: Diagnostic[]) =>
  diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => d.message);

describe('import boundaries', () => {
  it.each([
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
    ['server/src/lib/xlsx/boundaryProbe.ts', '../../priceListFile/columns', /library stands alone/],
    ['server/src/lib/xlsx/boundaryProbe.ts', '#contract/domain', /library stands alone/],
    ['web/src/features/start/boundaryProbe.ts', '../auth/routes', /does not import another feature/],
    ['web/src/features/imports/components/boundaryProbe.ts', '../../session/sessionSlice', /another feature/],
    ['web/src/features/pricelists/boundaryProbe.ts', '../imports/api', /another feature/],
    ['web/src/features/apiKeys/boundaryProbe.ts', '../pricelists/routes', /another feature/],
    ['server/src/imports/store/boundaryProbe.ts', '../http/upload', /never import their HTTP layer/],
    ['server/src/imports/jobs/boundaryProbe.ts', '../http/routes', /never import their HTTP layer/],
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
  ])('%s may not import %s', async (path, specifier, message) => {
    expect(refusedBy(await lintImport(path, specifier))).toEqual([expect.stringMatching(message)]);
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

  it.each([
    ['server/src/imports/boundaryProbe.test.ts', '../../../test-support/importFlow'],
    ['server/src/imports/boundaryProbe.ts', '../../priceListFile'],
    ['server/src/priceListFile/boundaryProbe.ts', '../lib/xlsx'],
    ['server/src/imports/http/boundaryProbe.ts', '../store/importViews'],
    ['server/src/imports/jobs/boundaryProbe.ts', '../../lib/jobs/jobLoop'],
    ['web/src/features/start/boundaryProbe.ts', '../../ui/text/sv'],
    ['bench/boundaryProbe.ts', '../test-support/generatedWorkbooks'],
    ['examples/boundaryProbe.ts', 'node:fs'],
    ['examples/boundaryProbe.test.ts', '../test-support/apiKeys'],
  ])('%s may import %s', async (path, specifier) => {
    expect(refusedBy(await lintImport(path, specifier))).toEqual([]);
  });
});
