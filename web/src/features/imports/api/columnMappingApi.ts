import type {
  ImportResponse,
  SavedColumnMapping,
  SavedColumnMappingsResponse,
  ValidateWithMappingRequest,
} from '#contract/imports';
import { type ImportRef, importsApi } from './importsApi';
import { showPendingImport } from './summaryApi';

/** An import validated again with the user's mapping, and the organisation's saved mappings. */
export const columnMappingApi = importsApi.injectEndpoints({
  endpoints: (build) => ({
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
        const result = await queryFulfilled.catch(() => undefined);
        if (result) showPendingImport(dispatch, { organizationId, importId }, result.data);
      },
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
            columnMappingApi.util.updateQueryData('getColumnMappings', organizationId, (mappings) =>
              mappings.filter((mapping) => mapping.id !== mappingId),
            ),
          );
      },
    }),
  }),
});

export const { useValidateWithMappingMutation, useGetColumnMappingsQuery, useDeleteColumnMappingMutation } =
  columnMappingApi;
