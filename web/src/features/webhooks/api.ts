import type {
  CreatedWebhook,
  CreateWebhookRequest,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
} from '#contract/webhooks';
import { api } from '../../api/api';

/** The webhook management's calls (docs/api-webhooks.md). */
export const webhooksApi = api
  .enhanceEndpoints({ addTagTypes: ['Webhooks', 'WebhookDeliveries'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getWebhooks: build.query<WebhookEndpoint[], void>({
        query: () => 'webhooks',
        transformResponse: (response: WebhookEndpointList) => response.endpoints,
        providesTags: ['Webhooks'],
      }),
      createWebhook: build.mutation<CreatedWebhook, CreateWebhookRequest>({
        query: (body) => ({ url: 'webhooks', method: 'POST', body }),
        invalidatesTags: ['Webhooks'],
      }),
      setWebhookEnabled: build.mutation<WebhookEndpoint, { id: number; enabled: boolean }>({
        query: ({ id, enabled }) => ({ url: `webhooks/${id}`, method: 'PATCH', body: { enabled } }),
        invalidatesTags: ['Webhooks', 'WebhookDeliveries'],
      }),
      deleteWebhook: build.mutation<void, number>({
        query: (id) => ({ url: `webhooks/${id}`, method: 'DELETE' }),
        invalidatesTags: ['Webhooks'],
      }),
      sendTestEvent: build.mutation<{ eventId: string }, number>({
        query: (id) => ({ url: `webhooks/${id}/test`, method: 'POST' }),
        invalidatesTags: ['WebhookDeliveries'],
      }),
      getDeliveries: build.query<WebhookDelivery[], number>({
        query: (id) => `webhooks/${id}/deliveries`,
        transformResponse: (response: WebhookDeliveryList) => response.deliveries,
        providesTags: ['WebhookDeliveries'],
      }),
    }),
  });

export const {
  useGetWebhooksQuery,
  useCreateWebhookMutation,
  useSetWebhookEnabledMutation,
  useDeleteWebhookMutation,
  useSendTestEventMutation,
  useGetDeliveriesQuery,
} = webhooksApi;
