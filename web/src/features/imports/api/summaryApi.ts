import type { ChangeKind } from '#contract/domain';
import type {
  ConfirmImportRequest,
  Import,
  ImportChangesResponse,
  ImportResponse,
  ImportSummaryResponse,
} from '#contract/imports';
import { api } from '../../../api/api';
import {
  backgroundRefetch,
  type ImportRef,
  importsApi,
  importTags,
  oneImportTag,
  refreshListsAgainLater,
} from './importsApi';

/** The summary is asked for again whenever the import's status changes: the status is part of its key. */
type SummaryArgs = ImportRef & { status: string };
export type ChangesArgs = ImportRef & { kind: ChangeKind; offset: number; limit: number };

/** One import as the summary page shows it: its detail, its result, its changes, and "Läs in". */
export const summaryApi = importsApi.injectEndpoints({
  endpoints: (build) => ({
    // Detail and summary are never kept (docs/product.md, "Constants"): the page polls them while pending.
    getImport: build.query<ImportResponse['importObject'], ImportRef>({
      query: ({ organizationId, importId }) => `imports/${organizationId}/${importId}`,
      extraOptions: backgroundRefetch,
      transformResponse: (response: ImportResponse) => response.importObject,
      keepUnusedDataFor: 0,
      providesTags: oneImportTag,
    }),
    getImportSummary: build.query<ImportSummaryResponse['result'], SummaryArgs>({
      query: ({ organizationId, importId }) => `imports/${organizationId}/${importId}/summary`,
      extraOptions: backgroundRefetch,
      transformResponse: (response: ImportSummaryResponse) => response.result ?? null,
      keepUnusedDataFor: 0,
      providesTags: oneImportTag,
    }),
    getImportChanges: build.query<ImportChangesResponse, ChangesArgs>({
      query: ({ organizationId, importId, kind, offset, limit }) => ({
        url: `imports/${organizationId}/${importId}/changes`,
        params: { kind, offset, limit },
      }),
      keepUnusedDataFor: 0,
      providesTags: oneImportTag,
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
  }),
});

type Dispatch = (
  action: ReturnType<typeof api.util.invalidateTags> | ReturnType<typeof summaryApi.util.upsertQueryEntries>,
) => unknown;

/**
 * A mutation of the summary answered with the import, pending again: the summary shows the pending
 * status at once (and starts polling), not the old result.
 */
export function showPendingImport(
  dispatch: (action: ReturnType<typeof summaryApi.util.updateQueryData>) => unknown,
  ref: ImportRef,
  pending: Import,
) {
  dispatch(summaryApi.util.updateQueryData('getImport', ref, () => pending));
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
    dispatch(summaryApi.util.upsertQueryEntries([{ endpointName: 'getImport', arg: ref, value: pending }]));
  else if (pending === null) dispatch(api.util.invalidateTags([{ type: 'Import', id: ref.importId }]));
  dispatch(api.util.invalidateTags(['Imports']));
  refreshListsAgainLater(dispatch);
}

export const {
  useGetImportQuery,
  useGetImportSummaryQuery,
  useGetImportChangesQuery,
  useConfirmImportMutation,
} = summaryApi;
