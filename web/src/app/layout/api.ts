import type { GeneralPricelist } from '#contract/pricelists';
import { api } from '../../api/api';

/** What the header needs beyond the profile: the organisation's general price list, if any. */
export const headerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `null` when the organisation has none (the server answers 404). */
    getMenuGeneralPricelist: build.query<GeneralPricelist | null, number>({
      query: (organizationId) => ({
        url: `organizations/${organizationId}/generalpricelists`,
        validateStatus: (response) => response.ok || response.status === 404,
        responseHandler: async (response) => (response.status === 404 ? null : response.json()),
      }),
      providesTags: ['Pricelists'],
    }),
  }),
});

export const { useGetMenuGeneralPricelistQuery } = headerApi;
