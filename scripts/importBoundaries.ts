/**
 * The import boundaries of the code (docs/decisions/0031-one-way-layers.md), written into
 * biome.json's "overrides" from the lists below, so that a new feature is one more name in a list
 * and not one more copied block. `npx tsx scripts/importBoundaries.ts` rewrites the overrides;
 * scripts/boundaries.test.ts fails while biome.json differs from what this writes.
 *
 * Biome applies the last override that matches a file and sets a rule, replacing the options of
 * earlier ones: so each block carries every pattern that holds for its files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Server folders that are features: each owns its routes, queries and tests. */
export const serverFeatures = [
  'apiKeys',
  'auth',
  'dashboard',
  'imports',
  'organizations',
  'priceChanges',
  'pricelists',
  'texts',
  'webhooks',
] as const;

/**
 * The feature-to-feature directions: price-list data has one owner, and imports write it; an
 * import applied or undone records its entry in the change feed, which reads the lists' status.
 */
const serverFeatureMayImport: Partial<Record<(typeof serverFeatures)[number], string[]>> = {
  imports: ['pricelists', 'priceChanges'],
  priceChanges: ['pricelists'],
};

/**
 * Server folders below every feature: what any feature may use, and which import none. The
 * Idempotency-Key handling is one: routes of several features take it; so are the request body
 * limits (http/) and the webhook outbox (events/), which imports write and webhooks deliver.
 */
const serverBase = [
  'identity',
  'idempotency',
  'events',
  'http',
  'mail',
  'metrics',
  'db',
  'pricelistFile',
  'openapi',
] as const;

/** What composes the server from its features; nothing below may import it. */
const serverComposition = ['operations', 'demo', 'testability', 'app', 'main', 'createAppDeps'];

export const webFeatures = [
  'apiKeys',
  'auth',
  'imports',
  'placeholder',
  'priceChanges',
  'pricelists',
  'session',
  'start',
  'webhooks',
] as const;

const noTestSupport = {
  group: ['**/test-support', '**/test-support/**', '**/bench/**'],
  message:
    'Production code never imports test support or the benchmark; only tests, e2e and bench do (docs/decisions/0014-code-layout.md).',
};

/** Every way a file up to three folders deep inside a sibling folder may name `folder`. */
const sibling = (folder: string) =>
  ['../', '../../', '../../../'].flatMap((up) => [`${up}${folder}`, `${up}${folder}/**`]);

const production = ['!**/*.test.ts', '!**/*.test.tsx'];

interface Pattern {
  group: string[];
  message: string;
}

const block = (includes: string[], patterns: Pattern[]) => ({
  includes,
  linter: {
    rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } },
  },
});

/**
 * The imports' machinery knows a kind of import only through imports/kinds.ts: price-list data
 * (pricelists/) and the file's inner modules (pricelistFile/…, not its index) are for the kind's
 * own folder, imports/generalPricelist/.
 */
const onlyTheKindsOwnCode: Pattern = {
  group: [...sibling('pricelists'), ...['../', '../../', '../../../'].map((up) => `${up}pricelistFile/**`)],
  message:
    'Only imports/generalPricelist/ reaches into price lists (pricelists/, pricelistFile/…); the rest of imports/ calls it through imports/kinds.ts.',
};

function serverFeatureBlocks() {
  return serverFeatures.flatMap((feature) => {
    const others = serverFeatures.filter(
      (other) => other !== feature && !serverFeatureMayImport[feature]?.includes(other),
    );
    const featureRule: Pattern = {
      group: [...others, ...serverComposition].flatMap(sibling),
      message:
        'A server feature imports identity/, db/, lib/, the contract and the shared services, never another feature or what composes the server (docs/decisions/0031-one-way-layers.md).',
    };
    if (feature !== 'imports')
      return [block([`server/src/${feature}/**`, ...production], [featureRule, noTestSupport])];
    return [
      block(['server/src/imports/**', ...production], [featureRule, onlyTheKindsOwnCode, noTestSupport]),
      block(
        ['server/src/imports/store/**', 'server/src/imports/jobs/**', ...production],
        [
          featureRule,
          {
            group: ['../http', '../http/**'],
            message:
              "The imports' store and jobs never import their HTTP layer; routes call commands, commands call the store (docs/decisions/0020-imports-by-role-and-a-generic-job-runner.md).",
          },
          onlyTheKindsOwnCode,
          noTestSupport,
        ],
      ),
      // Last, so that it replaces the two above for the kind's own folder.
      block(['server/src/imports/generalPricelist/**', ...production], [featureRule, noTestSupport]),
    ];
  });
}

function serverBaseBlocks() {
  return serverBase.map((folder) =>
    block(
      [`server/src/${folder}/**`, ...production],
      [
        {
          group: [...serverFeatures, ...serverComposition].flatMap(sibling),
          message:
            'identity/, idempotency/, http/, mail/, metrics/, db/, pricelistFile/ and openapi/ lie below every feature: they import none, nor what composes the server (docs/decisions/0031-one-way-layers.md).',
        },
        noTestSupport,
      ],
    ),
  );
}

/**
 * `../`, `../../`, … up to `depth` folders: a feature's files lie up to three folders deep
 * (web/src/features/imports/components/upload/), and each depth names a sibling differently.
 */
const upTo = (depth: number) => Array.from({ length: depth }, (_, i) => '../'.repeat(i + 1));

function webFeatureBlocks() {
  return webFeatures.map((feature) =>
    block(
      [`web/src/features/${feature}/**`, ...production],
      [
        {
          group: webFeatures
            .filter((other) => other !== feature)
            .flatMap((other) => [
              ...upTo(3).flatMap((up) => [`${up}${other}`, `${up}${other}/**`]),
              `**/features/${other}`,
              `**/features/${other}/**`,
            ]),
          message:
            'A feature does not import another feature; share through web/src/ui, web/src/api or the contract.',
        },
        {
          group: upTo(4)
            .slice(1)
            .flatMap((up) => [`${up}app`, `${up}app/**`]),
          message:
            'A feature never imports the app that composes it (web/src/app); what it shares goes below.',
        },
        noTestSupport,
      ],
    ),
  );
}

const webSharedBlock = block(
  ['web/src/ui/**', 'web/src/api/**', ...production],
  [
    {
      group: ['../features', '../features/**', '../../features', '../../features/**', '**/features/**'],
      message: 'web/src/ui and web/src/api lie below the features and never import one.',
    },
    {
      group: ['../app', '../app/**', '../../app', '../../app/**'],
      message: 'web/src/ui and web/src/api never import the app that composes them.',
    },
    noTestSupport,
  ],
);

/** The whole "overrides" array of biome.json. */
export function boundaryOverrides() {
  return [
    block(
      ['server/src/**', 'web/src/**', 'contract/**', 'scripts/**', ...production, '!web/src/test/**'],
      [noTestSupport],
    ),
    block(
      ['examples/**', '!**/*.test.ts'],
      [
        {
          group: ['../*', '../**', '#contract', '#contract/**'],
          message:
            'An example imports nothing of the service: it is copied out and run as it is (docs/api-guide.md).',
        },
        {
          group: ['*', '@*/**', '!node:*', '!./*'],
          message: 'An example needs nothing but Node: only node: modules (docs/api-guide.md).',
        },
      ],
    ),
    block(
      ['test-support/**'],
      [
        {
          group: ['**/bench/**', '**/e2e/**'],
          message: 'Test support is used by bench and e2e, never the reverse.',
        },
      ],
    ),
    block(
      ['server/src/lib/**', '!**/*.test.ts'],
      [
        {
          group: ['../../*', '../../**', '#contract', '#contract/**'],
          message:
            'server/src/lib stands alone (the XML tokenizer, the .xlsx reader, the job loop, the calendar): it imports nothing of the service (server/src/lib/xlsx/README.md).',
        },
        noTestSupport,
      ],
    ),
    block(
      ['contract/**'],
      [
        {
          group: ['../server/**', '../web/**', '../**'],
          message: 'The contract is shared by the web and the server and imports neither.',
        },
      ],
    ),
    block(
      [
        'server/src/config.ts',
        'server/src/clock.ts',
        'server/src/errors.ts',
        'server/src/pathId.ts',
        'server/src/logger.ts',
      ],
      [
        {
          group: ['./*/**'],
          message:
            'The settings, the clock, the errors and the logger are leaves: they import no folder of the server.',
        },
      ],
    ),
    ...serverBaseBlocks(),
    ...serverFeatureBlocks(),
    ...webFeatureBlocks(),
    webSharedBlock,
  ];
}

export const biomeJsonPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'biome.json');

/** biome.json as it should be: as it is, with the overrides this module writes. */
export function biomeJsonText(): string {
  const config = JSON.parse(readFileSync(biomeJsonPath, 'utf8'));
  config.overrides = boundaryOverrides();
  return `${JSON.stringify(config, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(biomeJsonPath, biomeJsonText());
  console.log('biome.json: overrides written');
}
