import { IMPORT_PERMISSION, type PermissionName, permissions } from './permissions';

/**
 * The rules of webhooks the page and the server share, without zod (the page's bundle stays
 * small): who manages them, the events, their descriptions and the limits.
 */

/**
 * Who manages an organisation's webhooks, by any one of these: the suppliers who import, and the
 * regions' users who read every supplier's prices (they may ask for `pricelist.changed` only).
 */
export const WEBHOOK_PERMISSIONS: readonly PermissionName[] = [
  IMPORT_PERMISSION,
  permissions.generalPricelistViewAll,
];

/** The events an endpoint may ask for, in the order the page lists them. */
export const webhookEventTypes = [
  'import.validated',
  'import.applied',
  'import.failed',
  'import.undone',
  'import.deleted',
  'pricelist.changed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event "Skicka testhändelse" sends: to that endpoint only, whatever it asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What each event means, as the page and the reference say it. */
export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  'import.validated': 'Valideringen är klar: Validering OK, fel i filen eller fel format.',
  'import.applied': 'Inläsningen är klar: prislistan har ändrats.',
  'import.failed': 'Valideringen eller inläsningen kunde inte göras.',
  'import.undone': 'Inläsningen är ångrad: prislistan är som före den.',
  'import.deleted': 'Importen är raderad.',
  'pricelist.changed':
    'En prislista har ändrats: en inläsning är genomförd eller ångrad. Vad som ändrades står i ändringsflödet.',
};

/** The events about a price list's rows, which every supplier's and every region's endpoint may ask for. */
export const PRICELIST_EVENT: WebhookEventType = 'pricelist.changed';

/** The events a user may ask for: every one for a supplier who imports, else only `pricelist.changed`. */
export const webhookEventsFor = (mayImport: boolean): readonly WebhookEventType[] =>
  mayImport ? webhookEventTypes : [PRICELIST_EVENT];

export const webhookLimits = { urlMaxLength: 2000, maxEndpointsPerOrganization: 10 } as const;
