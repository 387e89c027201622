import type { ImportListResponse, LegacyImportStatus } from '#contract/imports';
import type { ActivePricelist, GeneralPricelist } from '#contract/pricelists';
import { api } from '../../../api/api';
import { PENDING_LIST_LIMIT, RECENT_LIST_LIMIT } from '../limits';
import {
  backgroundRefetch,
  type ImportRef,
  type InvalidateDispatch,
  importsApi,
  importTags,
  refreshListsAgainLater,
} from './importsApi';

/** The lists of the import page, deleting an import, and the price lists an upload may name. */
export const importListApi = importsApi.injectEndpoints({
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
      // 204, no body.
      deleteImport: build.mutation<void, ImportRef>({
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

/** A new import was uploaded: the lists show it. (A replaced file: `followNewValidation`.) */
export function refreshAfterUpload(dispatch: InvalidateDispatch) {
  dispatch(api.util.invalidateTags(['Imports']));
  refreshListsAgainLater(dispatch);
}

export const {
  useGetPendingImportsQuery,
  useGetRecentImportsQuery,
  useGetLegacyImportsQuery,
  useDeleteImportMutation,
  useGetImportGeneralPricelistQuery,
  useGetImportActivePricelistsQuery,
} = importListApi;
