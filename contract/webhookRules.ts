import { IMPORT_PERMISSION, type PermissionName } from './permissions';

/**
 * The rules of webhooks the page and the server share, without zod (the page's bundle stays
 * small): who manages them, the events, their descriptions and the limits.
 */

export const WEBHOOK_PERMISSION: PermissionName = IMPORT_PERMISSION;

/** The events an endpoint may ask for, in the order the page lists them. */
export const webhookEventTypes = [
  'import.validated',
  'import.applied',
  'import.failed',
  'import.undone',
  'import.deleted',
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
};

export const webhookLimits = { urlMaxLength: 2000, maxEndpointsPerOrganization: 10 } as const;
