import type {
  ApiKey,
  ApiKeyList,
  CreateApiKeyRequest,
  CreatedApiKey,
  ValidationMailsSetting,
} from '#contract/apiKeys';
import { api } from '../../api/api';

/** The key management's calls (docs/api-keys.md), with a cache tag of their own. */
export const apiKeysApi = api
  .enhanceEndpoints({ addTagTypes: ['ApiKeys', 'ValidationMails'] })
  .injectEndpoints({
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
      getValidationMails: build.query<ValidationMailsSetting, void>({
        query: () => 'api-keys/validation-mails',
        providesTags: ['ValidationMails'],
      }),
      setValidationMails: build.mutation<ValidationMailsSetting, ValidationMailsSetting>({
        query: (body) => ({ url: 'api-keys/validation-mails', method: 'PUT', body }),
        invalidatesTags: ['ValidationMails'],
      }),
    }),
  });

export const {
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useGetValidationMailsQuery,
  useSetValidationMailsMutation,
} = apiKeysApi;
