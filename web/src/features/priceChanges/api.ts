import type { RecentPriceChanges, RecentPriceChangesQuery } from '#contract/priceChanges';
import { api } from '../../api/api';

/** The page "Prisändringar": the latest applied imports and undos (docs/api-changes.md). */
export const priceChangesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRecentPriceChanges: build.query<RecentPriceChanges, RecentPriceChangesQuery>({
      query: (params) => ({ url: 'pricelists/changes/recent', params }),
    }),
  }),
});

export const { useGetRecentPriceChangesQuery } = priceChangesApi;
