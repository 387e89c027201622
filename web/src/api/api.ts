import {
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

/** Any 401 while a session exists ends the session (docs/product.md, "Session"; docs/product.md, "Calls"). */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
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
