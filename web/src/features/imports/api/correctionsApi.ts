import type { CorrectionDraftInput, CorrectionDraftResponse } from '#contract/correctionDrafts';
import type { ValidationRule } from '#contract/domain';
import type {
  ImportAttempt,
  ImportAttemptsResponse,
  ImportCorrectionsResponse,
  ImportErrorsResponse,
  ImportResponse,
  SaveCorrectionsRequest,
} from '#contract/imports';
import { type ImportRef, importsApi, oneImportTag } from './importsApi';
import { showPendingImport } from './summaryApi';

export type ErrorsArgs = ImportRef & { column: string; rule: ValidationRule; offset: number; limit: number };

/** An import's errors and their correction: the rounds kept, the draft being typed, the attempts. */
export const correctionsApi = importsApi.injectEndpoints({
  endpoints: (build) => ({
    // A page of the import's errors of one column and rule (the summary has the first 100 of all).
    getImportErrors: build.query<ImportErrorsResponse, ErrorsArgs>({
      query: ({ organizationId, importId, column, rule, offset, limit }) => ({
        url: `imports/${organizationId}/${importId}/errors`,
        params: { column, rule, offset, limit },
      }),
      keepUnusedDataFor: 0,
      providesTags: oneImportTag,
    }),
    // The corrections kept for the import, and whether the summary offers more.
    getImportCorrections: build.query<ImportCorrectionsResponse, ImportRef>({
      query: ({ organizationId, importId }) => `imports/${organizationId}/${importId}/corrections`,
      keepUnusedDataFor: 0,
      providesTags: oneImportTag,
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
        const result = await queryFulfilled.catch(() => undefined);
        if (result) showPendingImport(dispatch, { organizationId, importId }, result.data);
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
      providesTags: oneImportTag,
    }),
  }),
});

export const {
  useGetImportErrorsQuery,
  useGetImportCorrectionsQuery,
  useSaveCorrectionsMutation,
  useGetCorrectionDraftQuery,
  useSaveCorrectionDraftMutation,
  useGetImportAttemptsQuery,
} = correctionsApi;
