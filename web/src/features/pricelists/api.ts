import type { PricelistImportsResponse } from '#contract/imports';
import type { GeneralPricelistView, PricelistRowsPage, PricelistRowsQuery } from '#contract/pricelists';
import { api } from '../../api/api';

export type GeneralRef = { organizationId: number; generalPricelistId: number };
export type PricelistRef = GeneralRef & { pricelistId: number };

/** The read-only price-list pages' calls (docs/api-pricelists.md). */
export const pricelistsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGeneralPricelistView: build.query<GeneralPricelistView, GeneralRef>({
      query: ({ organizationId, generalPricelistId }) => `pricelists/${organizationId}/${generalPricelistId}`,
      providesTags: ['Pricelists', 'Imports'],
    }),
    getPricelistRows: build.query<PricelistRowsPage, PricelistRef & PricelistRowsQuery>({
      query: ({ organizationId, generalPricelistId, pricelistId, ...params }) => ({
        url: `pricelists/${organizationId}/${generalPricelistId}/${pricelistId}/rows`,
        params: Object.fromEntries(
          Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
        ),
      }),
      providesTags: ['Pricelists', 'Imports'],
    }),
    getPricelistImports: build.query<PricelistImportsResponse['imports'], PricelistRef>({
      query: ({ organizationId, pricelistId }) => `imports/${organizationId}/pricelists/${pricelistId}`,
      transformResponse: (response: PricelistImportsResponse) => response.imports,
      providesTags: ['Imports'],
    }),
  }),
});

export const { useGetGeneralPricelistViewQuery, useGetPricelistRowsQuery, useGetPricelistImportsQuery } =
  pricelistsApi;
