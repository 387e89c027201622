import type { ApiKey, ApiKeyList, CreateApiKeyRequest, CreatedApiKey } from '#contract/apiKeys';
import { api } from '../../api/api';

/** The key management's calls (docs/api-keys.md), with a cache tag of their own. */
export const apiKeysApi = api.enhanceEndpoints({ addTagTypes: ['ApiKeys'] }).injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKey[], void>({
      query: () => 'api-keys',
      transformResponse: (response: ApiKeyList) => response.keys,
      providesTags: ['ApiKeys'],
    }),
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyRequest>({
      query: (body) => ({ url: 'api-keys', method: 'POST', body }),
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<void, number>({
      query: (id) => ({ url: `api-keys/${id}/revoke`, method: 'POST' }),
      invalidatesTags: ['ApiKeys'],
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
