import type { DashboardList } from '#contract/dashboard';
import type { DynamicText } from '#contract/texts';
import { api } from '../../api/api';
import { type CountSource, countSourcePath } from './dashboardCounts';

export interface DashboardCounts {
  counts: Partial<Record<CountSource, number>>;
  /** True when one of the lists could not be read; the others are still shown. */
  incomplete: boolean;
}

/** Every count list is a JSON array (contract/dashboard.ts); the start page only counts its items. */
const isCountList = (data: unknown): data is DashboardList => Array.isArray(data);

/** The start page's calls: the dashboard lists (only their lengths are used) and the dynamic texts. */
export const startApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardCounts: build.query<DashboardCounts, { organizationId: number; sources: CountSource[] }>({
      async queryFn({ organizationId, sources }, _api, _extraOptions, baseQuery) {
        const results = await Promise.all(
          sources.map(async (source) => {
            const result = await baseQuery(countSourcePath(organizationId, source));
            return { source, result };
          }),
        );
        const unauthorized = results.find(({ result }) => result.error?.status === 401);
        if (unauthorized?.result.error) return { error: unauthorized.result.error };
        const counts: DashboardCounts['counts'] = {};
        let incomplete = false;
        for (const { source, result } of results) {
          if (isCountList(result.data)) counts[source] = result.data.length;
          else incomplete = true;
        }
        return { data: { counts, incomplete } };
      },
      providesTags: ['Dashboard'],
    }),
    getDynamicText: build.query<DynamicText, 1 | 2 | 3>({
      query: (id) => `dynamicText/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'DynamicText', id }],
    }),
  }),
});

export const { useGetDashboardCountsQuery, useGetDynamicTextQuery } = startApi;
