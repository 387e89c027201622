import { type ApiExtraOptions, api } from '../../../api/api';

/**
 * The imports' calls are injected per area (importListApi.ts, summaryApi.ts, columnMappingApi.ts,
 * correctionsApi.ts) into this one api, so they share its cache and tags: a confirm in the summary
 * refreshes the lists. The organisation's saved column mappings have a tag of their own: no import
 * list refreshes them.
 */
export const importsApi = api.enhanceEndpoints({ addTagTypes: ['ColumnMappings'] });

export type ImportRef = { organizationId: number; importId: number };

/** The polled calls: a refetch of what is already shown does not slide the session. */
export const backgroundRefetch: ApiExtraOptions = { backgroundRefetch: true };

/** What a change of one import makes stale: that import's own data and the lists. */
export const importTags = (importId: number) => [
  { type: 'Import' as const, id: importId },
  'Imports' as const,
];

/** One import's data (its detail, summary, changes, errors, corrections, attempts). */
export const oneImportTag = (_result: unknown, _error: unknown, { importId }: ImportRef) => [
  { type: 'Import' as const, id: importId },
];

export type InvalidateDispatch = (action: ReturnType<typeof api.util.invalidateTags>) => unknown;

/**
 * After a create or a confirm the lists are refreshed again after 1 s (docs/product.md, "Calls"; docs/product.md, "Constants"):
 * the job has usually moved the import on by then.
 */
export function refreshListsAgainLater(dispatch: InvalidateDispatch) {
  setTimeout(() => dispatch(api.util.invalidateTags(['Imports'])), 1000);
}
