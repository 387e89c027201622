import {
  type BaseQueryApi,
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { BACKGROUND_REQUEST_HEADER } from '#contract/domain';
import { sessionEnded } from './sessionActions';

export const API_BASE_URL = '/resources/v1/';

export const tagTypes = [
  'Profile',
  'Organization',
  'Imports',
  'Import',
  'Pricelists',
  'Dashboard',
  'DynamicText',
] as const;
export type TagType = (typeof tagTypes)[number];

/** Marks a request the SPA makes on its own (ping, polling): the server does not count it as activity. */
export const backgroundRequest = { [BACKGROUND_REQUEST_HEADER]: 'true' };

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, credentials: 'same-origin' });

/** What an endpoint may ask of the base query besides its request (`extraOptions`). */
export interface ApiExtraOptions {
  /**
   * A refetch of data that is already shown (polling, or a refresh after invalidation) is the SPA
   * acting on its own, so it must not slide the session (docs/product.md, "API conventions").
   * For endpoints that set no headers of their own.
   */
  backgroundRefetch?: boolean;
}

/**
 * RTK Query marks polling and a refresh after invalidation as `forced`; a first load or a load on
 * mount is the user's own doing.
 */
function isBackgroundRefetch(queryApi: BaseQueryApi) {
  if (!queryApi.forced || !queryApi.queryCacheKey) return false;
  const state = queryApi.getState() as { api: { queries: Record<string, { data?: unknown } | undefined> } };
  return state.api.queries[queryApi.queryCacheKey]?.data !== undefined;
}

/** Any 401 while a session exists ends the session (docs/product.md, "Session"; docs/product.md, "Calls"). */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const request =
    extraOptions?.backgroundRefetch && isBackgroundRefetch(api)
      ? { ...(typeof args === 'string' ? { url: args } : args), headers: backgroundRequest }
      : args;
  const result = await rawBaseQuery(request, api, extraOptions);
  if (result.error?.status === 401) {
    const state = api.getState() as { session: { hasSession: boolean } };
    if (state.session.hasSession) api.dispatch(sessionEnded());
  }
  return result;
};

/** The one RTK Query api; features inject their endpoints. Cached data is kept 60 s (docs/product.md, "Constants"). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
