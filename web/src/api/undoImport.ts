import type { ImportResponse } from '#contract/imports';
import { api } from './api';

/**
 * "Ångra inläsning": the one call, from an import's summary and from its price list's history.
 * Both show the import and the price list, so both are refreshed.
 */
export const undoImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    undoImport: build.mutation<ImportResponse, { organizationId: number; importId: number }>({
      query: ({ organizationId, importId }) => ({
        url: `imports/${organizationId}/${importId}/undo`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { importId }) => [
        { type: 'Import', id: importId },
        'Imports',
        'Pricelists',
      ],
    }),
  }),
});

export const { useUndoImportMutation } = undoImportApi;
