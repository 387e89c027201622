import { z } from 'zod';
import { DatabaseId } from './ids';
import { webhookEventTypes } from './webhookRules';

/**
 * Webhooks (docs/api-webhooks.md): an organisation's endpoints get a signed POST when one of its
 * imports is validated, applied, fails, is undone or is deleted, by the Standard Webhooks
 * convention. Managed by a user who may import, through the session only.
 */

const exampleEndpoint = {
  id: 3,
  url: 'https://erp.example.se/webhooks/hjalpmedel',
  events: ['import.validated', 'import.applied'],
  enabled: true,
  disabledReason: null,
  created: '2026-11-26T08:30:00.000Z',
  createdBy: 'Lena Lindqvist',
} as const;

export const WebhookEndpoint = z
  .object({
    id: DatabaseId,
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    enabled: z.boolean(),
    /** Why it is off: turned off by a user, or by the service after a run of failed deliveries. */
    disabledReason: z.enum(['USER', 'FAILURES']).nullable(),
    created: z.string(),
    /** Who added it (its mails go to them), by full name, when still a user. */
    createdBy: z.string().nullable(),
  })
  .meta({ examples: [exampleEndpoint] });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointList = z
  .object({ endpoints: z.array(WebhookEndpoint) })
  .meta({ examples: [{ endpoints: [exampleEndpoint] }] });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

/** A new endpoint. Bounded here only against abuse; what the user is told comes as field errors. */
export const CreateWebhookRequest = z
  .object({
    url: z.string().max(10_000),
    events: z.array(z.string().max(100)).max(20),
  })
  .meta({ examples: [{ url: exampleEndpoint.url, events: ['import.validated', 'import.applied'] }] });
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

/** The answer of a test event: its `webhook-id`. */
export const WebhookTestSent = z
  .object({ eventId: z.string() })
  .meta({ examples: [{ eventId: 'msg_9a1e4d2c7b8f4e0a8c6d5b3a2f1e0d9c' }] });
export type WebhookTestSent = z.infer<typeof WebhookTestSent>;

/** The answer of a create: the endpoint and, this once, its signing secret (`whsec_…`). */
export const CreatedWebhook = z.object({ endpoint: WebhookEndpoint, secret: z.string() }).meta({
  examples: [{ endpoint: exampleEndpoint, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3ZLuf5X9hdE=' }],
});
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const UpdateWebhookRequest = z
  .object({ enabled: z.boolean() })
  .meta({ examples: [{ enabled: false }] });
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;

const exampleDelivery = {
  id: 41,
  eventId: 'msg_5f0c2b9e8d7a4c1b9e3f6a2d1c0b9a87',
  eventType: 'import.applied',
  status: 'DELIVERED',
  attempts: 1,
  lastStatusCode: 204,
  lastError: null,
  lastAttempt: '2026-11-26T09:15:02.301Z',
  nextAttempt: null,
  created: '2026-11-26T09:15:02.114Z',
} as const;

export const WebhookDelivery = z
  .object({
    id: DatabaseId,
    /** The `webhook-id`: the same on every attempt of this event. */
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
    attempts: z.number().int(),
    /** The receiver's HTTP status at the last attempt; null when none came (refused, timed out). */
    lastStatusCode: z.number().int().nullable(),
    /** Why the last attempt failed, in Swedish. */
    lastError: z.string().nullable(),
    lastAttempt: z.string().nullable(),
    nextAttempt: z.string().nullable(),
    created: z.string(),
  })
  .meta({ examples: [exampleDelivery] });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z
  .object({ deliveries: z.array(WebhookDelivery) })
  .meta({ examples: [{ deliveries: [exampleDelivery] }] });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

/** The result counts an import event carries (no rows, no file contents). */
export const WebhookImportResult = z.union([
  z.object({
    type: z.literal('CONFIRM'),
    added: z.number().int(),
    updated: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
  }),
  z.object({ type: z.literal('VALIDATION_ERRORS'), errorCount: z.number().int() }),
  z.object({ type: z.literal('INVALID_FORMAT') }),
]);
export type WebhookImportResult = z.infer<typeof WebhookImportResult>;

/** The body of every import event: `{ type, timestamp, data }`, as Standard Webhooks suggests. */
export const WebhookImportEvent = z.object({
  type: z.enum(webhookEventTypes),
  timestamp: z.string(),
  data: z.object({
    organizationId: DatabaseId,
    importId: DatabaseId,
    fileName: z.string(),
    status: z.string(),
    generalPricelistId: DatabaseId,
    pricelist: z.object({ id: DatabaseId, number: z.string().nullable() }),
    result: WebhookImportResult.nullable(),
    /** The summary page, for a person to read or fix it. */
    summaryUrl: z.string(),
  }),
});
export type WebhookImportEvent = z.infer<typeof WebhookImportEvent>;

/** The body of `pricelist.changed`: small; the rows are in the change feed, from `feed.after`. */
export const WebhookPricelistChangedEvent = z.object({
  type: z.literal('pricelist.changed'),
  timestamp: z.string(),
  data: z.object({
    kind: z.enum(['IMPORT_APPLIED', 'IMPORT_UNDONE']),
    organization: z.object({ id: DatabaseId, name: z.string() }),
    generalPricelistId: DatabaseId,
    pricelist: z.object({ id: DatabaseId, number: z.string() }),
    importId: DatabaseId,
    counts: z.object({ added: z.number().int(), updated: z.number().int(), removed: z.number().int() }),
    /** The entry's cursor, and the `after` that reads it: GET pricelists/changes?after={feed.after}. */
    feed: z.object({ cursor: z.string(), after: z.string() }),
  }),
});
export type WebhookPricelistChangedEvent = z.infer<typeof WebhookPricelistChangedEvent>;
