import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query/react';
import type { ChangeKind } from '#contract/domain';
import type {
  ConfirmImportRequest,
  Import,
  ImportChangesResponse,
  ImportListResponse,
  ImportResponse,
  ImportSummary,
  ImportSummaryResponse,
  LegacyImportStatus,
} from '#contract/imports';
import type { ActivePricelist, GeneralPricelist } from '#contract/pricelists';
import { API_BASE_URL, api, backgroundRequest } from '../../api/api';
import { PENDING_LIST_LIMIT, RECENT_LIST_LIMIT } from './limits';

type ImportRef = { organizationId: number; importId: number };
/** The summary is asked for again whenever the import's status changes: the status is part of its key. */
type SummaryArgs = ImportRef & { status: string };
export type ChangesArgs = ImportRef & { kind: ChangeKind; offset: number; limit: number };

/**
 * A refetch of data that is already shown (polling, or a refresh after invalidation) is the SPA
 * acting on its own, so it must not slide the session (docs/product.md, "API conventions"). RTK Query marks both as
 * `forced`; a first load or a load on mount is the user's own doing.
 */
function isBackgroundRefetch(queryApi: BaseQueryApi) {
  if (!queryApi.forced || !queryApi.queryCacheKey) return false;
  const state = queryApi.getState() as { api: { queries: Record<string, { data?: unknown } | undefined> } };
  return state.api.queries[queryApi.queryCacheKey]?.data !== undefined;
}

const withBackgroundHeader = (args: FetchArgs, queryApi: BaseQueryApi): FetchArgs =>
  isBackgroundRefetch(queryApi) ? { ...args, headers: backgroundRequest } : args;

const importTags = (importId: number) => [{ type: 'Import' as const, id: importId }, 'Imports' as const];

export const importsApi = api.injectEndpoints({
  endpoints: (build) => {
    /** One of the two polled lists of an organisation's imports (docs/product.md, "API conventions"). */
    const importList = (imported: boolean, limit: number) =>
      build.query<Import[], number>({
        queryFn: async (organizationId, queryApi, _extra, baseQuery) => {
          const args = { url: `imports/${organizationId}`, params: { imported, limit } };
          const result = await baseQuery(withBackgroundHeader(args, queryApi));
          return result.error
            ? { error: result.error }
            : { data: (result.data as ImportListResponse).imports };
        },
        providesTags: ['Imports'],
      });
    return {
      getPendingImports: importList(false, PENDING_LIST_LIMIT),
      getRecentImports: importList(true, RECENT_LIST_LIMIT),
      getLegacyImports: build.query<LegacyImportStatus[], number>({
        queryFn: async (userId, queryApi, _extra, baseQuery) => {
          const result = await baseQuery(withBackgroundHeader({ url: `importStatus/${userId}` }, queryApi));
          return result.error ? { error: result.error } : { data: result.data as LegacyImportStatus[] };
        },
        providesTags: ['Imports'],
      }),
      // Detail and summary are never kept (docs/product.md, "Constants"): the page polls them while pending.
      getImport: build.query<Import, ImportRef>({
        queryFn: async ({ organizationId, importId }, queryApi, _extra, baseQuery) => {
          const args = { url: `imports/${organizationId}/${importId}` };
          const result = await baseQuery(withBackgroundHeader(args, queryApi));
          return result.error
            ? { error: result.error }
            : { data: (result.data as ImportResponse).importObject };
        },
        keepUnusedDataFor: 0,
        providesTags: (_result, _error, { importId }) => [{ type: 'Import', id: importId }],
      }),
      getImportSummary: build.query<ImportSummary | null, SummaryArgs>({
        queryFn: async ({ organizationId, importId }, queryApi, _extra, baseQuery) => {
          const args = { url: `imports/${organizationId}/${importId}/summary` };
          const result = await baseQuery(withBackgroundHeader(args, queryApi));
          return result.error
            ? { error: result.error }
            : { data: (result.data as ImportSummaryResponse).result ?? null };
        },
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
      // A risky import carries the acknowledgement of the risks the user was shown.
      confirmImport: build.mutation<unknown, ImportRef & ConfirmImportRequest>({
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
      deleteImport: build.mutation<unknown, ImportRef>({
        query: ({ organizationId, importId }) => ({
          url: `imports/${organizationId}/${importId}`,
          method: 'DELETE',
        }),
        invalidatesTags: (_result, _error, { importId }) => importTags(importId),
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

type Dispatch = (action: ReturnType<typeof api.util.invalidateTags>) => unknown;

/**
 * After a create or a confirm the lists are refreshed again after 1 s (docs/product.md, "Calls"; docs/product.md, "Constants"):
 * the job has usually moved the import on by then.
 */
function refreshListsAgainLater(dispatch: Dispatch) {
  setTimeout(() => dispatch(api.util.invalidateTags(['Imports'])), 1000);
}

/** A file was uploaded: a new import (lists) or a replaced file (that import, pending again). */
export function refreshAfterUpload(dispatch: Dispatch, importId?: number) {
  dispatch(api.util.invalidateTags(importId === undefined ? ['Imports'] : importTags(importId)));
  refreshListsAgainLater(dispatch);
}

export const {
  useGetPendingImportsQuery,
  useGetRecentImportsQuery,
  useGetLegacyImportsQuery,
  useGetImportQuery,
  useGetImportSummaryQuery,
  useGetImportChangesQuery,
  useConfirmImportMutation,
  useDeleteImportMutation,
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
  create: (organizationId: number) => `${API_BASE_URL}imports/${organizationId}`,
  replace: (organizationId: number, importId: number) =>
    `${API_BASE_URL}imports/${organizationId}/${importId}`,
};
