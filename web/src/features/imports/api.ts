import type { CorrectionDraftInput, CorrectionDraftResponse } from '#contract/correctionDrafts';
import type { ChangeKind, ValidationRule } from '#contract/domain';
import type {
  ConfirmImportRequest,
  Import,
  ImportAttempt,
  ImportAttemptsResponse,
  ImportChangesResponse,
  ImportCorrectionsResponse,
  ImportErrorsResponse,
  ImportListResponse,
  ImportResponse,
  ImportSummaryResponse,
  LegacyImportStatus,
  SaveCorrectionsRequest,
  SavedColumnMapping,
  SavedColumnMappingsResponse,
  ValidateWithMappingRequest,
} from '#contract/imports';
import type { ActivePricelist, GeneralPricelist } from '#contract/pricelists';
import { API_BASE_URL, type ApiExtraOptions, api } from '../../api/api';
import { PENDING_LIST_LIMIT, RECENT_LIST_LIMIT } from './limits';

type ImportRef = { organizationId: number; importId: number };
/** The summary is asked for again whenever the import's status changes: the status is part of its key. */
type SummaryArgs = ImportRef & { status: string };
export type ChangesArgs = ImportRef & { kind: ChangeKind; offset: number; limit: number };
export type ErrorsArgs = ImportRef & { column: string; rule: ValidationRule; offset: number; limit: number };

/** The polled calls: a refetch of what is already shown does not slide the session. */
const backgroundRefetch: ApiExtraOptions = { backgroundRefetch: true };

const importTags = (importId: number) => [{ type: 'Import' as const, id: importId }, 'Imports' as const];

// The organisation's saved column mappings have a tag of their own: no import list refreshes them.
export const importsApi = api.enhanceEndpoints({ addTagTypes: ['ColumnMappings'] }).injectEndpoints({
  endpoints: (build) => {
    /** One of the two polled lists of an organisation's imports (docs/product.md, "API conventions"). */
    const importList = (imported: boolean, limit: number) =>
      build.query<ImportListResponse['imports'], number>({
        query: (organizationId) => ({ url: `imports/${organizationId}`, params: { imported, limit } }),
        extraOptions: backgroundRefetch,
        transformResponse: (response: ImportListResponse) => response.imports,
        providesTags: ['Imports'],
      });
    return {
      getPendingImports: importList(false, PENDING_LIST_LIMIT),
      getRecentImports: importList(true, RECENT_LIST_LIMIT),
      getLegacyImports: build.query<LegacyImportStatus[], number>({
        query: (userId) => `importStatus/${userId}`,
        extraOptions: backgroundRefetch,
        providesTags: ['Imports'],
      }),
      // Detail and summary are never kept (docs/product.md, "Constants"): the page polls them while pending.
      getImport: build.query<ImportResponse['importObject'], ImportRef>({
        query: ({ organizationId, importId }) => `imports/${organizationId}/${importId}`,
        extraOptions: backgroundRefetch,
        transformResponse: (response: ImportResponse) => response.importObject,
        keepUnusedDataFor: 0,
        providesTags: (_result, _error, { importId }) => [{ type: 'Import', id: importId }],
      }),
      getImportSummary: build.query<ImportSummaryResponse['result'], SummaryArgs>({
        query: ({ organizationId, importId }) => `imports/${organizationId}/${importId}/summary`,
        extraOptions: backgroundRefetch,
        transformResponse: (response: ImportSummaryResponse) => response.result ?? null,
        keepUnusedDataFor: 0,
        providesTags: (_result, _error, { importId }) => [{ type: 'Import', id: importId }],
      }),
      getImportChanges: build.query<ImportChangesResponse, ChangesArgs>({
        query: ({ organizationId, importId, kind, offset, limit }) => ({
          url: `imports/${organizationId}/${importId}/changes`,
          params: { kind, offset, limit },
        }),
        keepUnusedDataFor: 0,
        providesTags: (_result, _error, { importId }) => [{ type: 'Import', id: importId }],
      }),
      // A page of the import's errors of one column and rule (the summary has the first 100 of all).
      getImportErrors: build.query<ImportErrorsResponse, ErrorsArgs>({
        query: ({ organizationId, importId, column, rule, offset, limit }) => ({
          url: `imports/${organizationId}/${importId}/errors`,
          params: { column, rule, offset, limit },
        }),
        keepUnusedDataFor: 0,
        providesTags: (_result, _error, { importId }) => [{ type: 'Import', id: importId }],
      }),
      // A risky import carries the acknowledgement of the risks the user was shown.
      confirmImport: build.mutation<ImportResponse, ImportRef & ConfirmImportRequest>({
        query: ({ organizationId, importId, acknowledgedRiskId }) => ({
          url: `imports/${organizationId}/${importId}/confirm`,
          method: 'POST',
          ...(acknowledgedRiskId && { body: { acknowledgedRiskId } }),
        }),
        invalidatesTags: (_result, _error, { importId }) => importTags(importId),
        async onQueryStarted(_ref, { dispatch, queryFulfilled }) {
          await queryFulfilled.then(() => refreshListsAgainLater(dispatch)).catch(() => undefined);
        },
      }),
      // 204, no body.
      deleteImport: build.mutation<void, ImportRef>({
        query: ({ organizationId, importId }) => ({
          url: `imports/${organizationId}/${importId}`,
          method: 'DELETE',
        }),
        invalidatesTags: (_result, _error, { importId }) => importTags(importId),
      }),
      // The same stored file validated again with the user's mapping: the import is pending again.
      validateWithMapping: build.mutation<
        ImportResponse['importObject'],
        ImportRef & ValidateWithMappingRequest
      >({
        query: ({ organizationId, importId, columnMapping }) => ({
          url: `imports/${organizationId}/${importId}/column-mapping`,
          method: 'POST',
          body: { columnMapping },
        }),
        transformResponse: (response: ImportResponse) => response.importObject,
        // The validation may save the mapping for the organisation.
        invalidatesTags: (_result, error) => (error ? [] : ['ColumnMappings']),
        async onQueryStarted({ organizationId, importId }, { dispatch, queryFulfilled }) {
          // The summary shows the pending status at once (and starts polling), not the old result.
          const result = await queryFulfilled.catch(() => undefined);
          if (result)
            dispatch(
              importsApi.util.updateQueryData('getImport', { organizationId, importId }, () => result.data),
            );
        },
      }),
      // The corrections kept for the import, and whether the summary offers more.
      getImportCorrections: build.query<ImportCorrectionsResponse, ImportRef>({
        query: ({ organizationId, importId }) => `imports/${organizationId}/${importId}/corrections`,
        keepUnusedDataFor: 0,
        providesTags: (_result, _error, { importId }) => [{ type: 'Import', id: importId }],
      }),
      // "Validera igen": the same stored file validated again with the corrections; pending again.
      saveCorrections: build.mutation<ImportResponse['importObject'], ImportRef & SaveCorrectionsRequest>({
        query: ({ organizationId, importId, ...round }) => ({
          url: `imports/${organizationId}/${importId}/corrections`,
          method: 'POST',
          body: round,
        }),
        transformResponse: (response: ImportResponse) => response.importObject,
        async onQueryStarted({ organizationId, importId }, { dispatch, queryFulfilled }) {
          // The summary shows the pending status at once (and starts polling), not the old result.
          const result = await queryFulfilled.catch(() => undefined);
          if (result)
            dispatch(
              importsApi.util.updateQueryData('getImport', { organizationId, importId }, () => result.data),
            );
        },
      }),
      // The round being typed, kept on the server per user (decision 0043): read once per visit.
      getCorrectionDraft: build.query<CorrectionDraftResponse, ImportRef>({
        query: ({ organizationId, importId }) => `imports/${organizationId}/${importId}/corrections/draft`,
        keepUnusedDataFor: 0,
      }),
      // An ordinary request, so typing keeps the session alive; 204, no body.
      saveCorrectionDraft: build.mutation<void, ImportRef & { draft: CorrectionDraftInput }>({
        query: ({ organizationId, importId, draft }) => ({
          url: `imports/${organizationId}/${importId}/corrections/draft`,
          method: 'PUT',
          body: draft,
        }),
      }),
      // Every validation of the import, oldest first.
      getImportAttempts: build.query<ImportAttempt[], ImportRef>({
        query: ({ organizationId, importId }) => `imports/${organizationId}/${importId}/attempts`,
        transformResponse: (response: ImportAttemptsResponse) => response.attempts,
        keepUnusedDataFor: 0,
        providesTags: (_result, _error, { importId }) => [{ type: 'Import', id: importId }],
      }),
      getColumnMappings: build.query<SavedColumnMapping[], number>({
        query: (organizationId) => `imports/${organizationId}/column-mappings`,
        transformResponse: (response: SavedColumnMappingsResponse) => response.mappings,
        providesTags: ['ColumnMappings'],
      }),
      // 204, no body; 404 when it is already gone, which is what was asked for.
      deleteColumnMapping: build.mutation<void, { organizationId: number; mappingId: number }>({
        query: ({ organizationId, mappingId }) => ({
          url: `imports/${organizationId}/column-mappings/${mappingId}`,
          method: 'DELETE',
          validateStatus: (response) => response.ok || response.status === 404,
        }),
        async onQueryStarted({ organizationId, mappingId }, { dispatch, queryFulfilled }) {
          // The row goes at once; the list is not asked for again.
          if (await queryFulfilled.then(() => true).catch(() => false))
            dispatch(
              importsApi.util.updateQueryData('getColumnMappings', organizationId, (mappings) =>
                mappings.filter((mapping) => mapping.id !== mappingId),
              ),
            );
        },
      }),
      getImportGeneralPricelist: build.query<GeneralPricelist, number>({
        query: (organizationId) => `organizations/${organizationId}/generalpricelists`,
        providesTags: ['Pricelists'],
      }),
      getImportActivePricelists: build.query<ActivePricelist[], number>({
        query: (organizationId) => `organizations/${organizationId}/generalpricelists/pricelists/active`,
        providesTags: ['Pricelists'],
      }),
    };
  },
});

type Dispatch = (
  action: ReturnType<typeof api.util.invalidateTags> | ReturnType<typeof importsApi.util.upsertQueryEntries>,
) => unknown;

/**
 * After a create or a confirm the lists are refreshed again after 1 s (docs/product.md, "Calls"; docs/product.md, "Constants"):
 * the job has usually moved the import on by then.
 */
function refreshListsAgainLater(dispatch: Dispatch) {
  setTimeout(() => dispatch(api.util.invalidateTags(['Imports'])), 1000);
}

/** A new import was uploaded: the lists show it. (A replaced file: `followNewValidation`.) */
export function refreshAfterUpload(dispatch: Dispatch) {
  dispatch(api.util.invalidateTags(['Imports']));
  refreshListsAgainLater(dispatch);
}

/**
 * The summary started a validation (a new file, a new column mapping, corrections): the import is
 * pending again. Its detail holds the server's answer (the import, pending), so the page drops the
 * old result and polls: `pending` from an upload, or undefined when a mutation has put it there
 * already. Nothing of the old validation is asked for again: its summary, changes and errors would
 * be read while the job runs and kept after it (decision 0042). Only an upload whose answer could
 * not be read (`null`) asks for the import.
 */
export function followNewValidation(dispatch: Dispatch, ref: ImportRef, pending?: Import | null) {
  if (pending)
    dispatch(importsApi.util.upsertQueryEntries([{ endpointName: 'getImport', arg: ref, value: pending }]));
  else if (pending === null) dispatch(api.util.invalidateTags([{ type: 'Import', id: ref.importId }]));
  dispatch(api.util.invalidateTags(['Imports']));
  refreshListsAgainLater(dispatch);
}

export const {
  useGetPendingImportsQuery,
  useGetRecentImportsQuery,
  useGetLegacyImportsQuery,
  useGetImportQuery,
  useGetImportSummaryQuery,
  useGetImportChangesQuery,
  useGetImportErrorsQuery,
  useConfirmImportMutation,
  useDeleteImportMutation,
  useValidateWithMappingMutation,
  useGetImportCorrectionsQuery,
  useSaveCorrectionsMutation,
  useGetCorrectionDraftQuery,
  useSaveCorrectionDraftMutation,
  useGetImportAttemptsQuery,
  useGetColumnMappingsQuery,
  useDeleteColumnMappingMutation,
  useGetImportGeneralPricelistQuery,
  useGetImportActivePricelistsQuery,
} = importsApi;

/** Where the files behind the API live; plain links download them with the session cookie. */
export const resourceUrls = {
  template: (organizationId: number, pricelistId?: number | null) =>
    `${API_BASE_URL}imports/${organizationId}/template?type=GENERAL_PRICELIST${
      pricelistId ? `&pricelistId=${pricelistId}` : ''
    }`,
  validationErrorsExcel: (organizationId: number, importId: number) =>
    `${API_BASE_URL}imports/${organizationId}/${importId}/validation-errors/excel`,
  changesExcel: (organizationId: number, importId: number) =>
    `${API_BASE_URL}imports/${organizationId}/${importId}/changes/excel`,
  /** The supplier's own workbook with the corrected cells written in. */
  correctedFile: (organizationId: number, importId: number) =>
    `${API_BASE_URL}imports/${organizationId}/${importId}/corrected-file`,
  create: (organizationId: number) => `${API_BASE_URL}imports/${organizationId}`,
  replace: (organizationId: number, importId: number) =>
    `${API_BASE_URL}imports/${organizationId}/${importId}`,
};
