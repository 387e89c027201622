import { WEBHOOK_TEST_EVENT, type WebhookEventType, webhookEventDescriptions } from '#contract/webhookRules';

/** Each event's Swedish name; the page shows the code beside it, as the receiver sees it. */
const eventNames: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string> = {
  'import.validated': 'Validering klar',
  'import.applied': 'Inläsning klar',
  'import.failed': 'Validering eller inläsning misslyckades',
  'import.undone': 'Inläsning ångrad',
  'import.deleted': 'Import raderad',
  'pricelist.changed': 'Prislista ändrad',
  [WEBHOOK_TEST_EVENT]: 'Testhändelse',
};

/** An event's name, "Validering klar"; an event the page does not know, by its code alone. */
export const eventNameOf = (type: string): string | undefined =>
  Object.hasOwn(eventNames, type) ? eventNames[type as keyof typeof eventNames] : undefined;

/** An event as text, "Validering klar (import.validated)". */
export const eventText = (type: string) => {
  const name = eventNameOf(type);
  return name ? `${name} (${type})` : type;
};

/** The webhooks page: add an endpoint, show its secret once, test, turn off, remove, deliveries. */
export const webhookTexts = {
  heading: 'Webhooks',
  intro:
    'Med en webhook får ert affärssystem ett anrop när något händer med era inläsningar, till exempel när en validering är klar eller en prislista har lästs in. Då behöver programmet inte fråga om och om igen.',
  advice:
    'Varje anrop är signerat enligt Standard Webhooks med mottagarens hemlighet. Hur programmet kontrollerar signaturen står i API-dokumentationen.',
  referenceLink: 'API-dokumentationen',
  createHeading: 'Lägg till en mottagare',
  url: 'Mottagarens adress',
  urlHint: 'En adress som börjar med https:// och som ert program tar emot anrop på.',
  events: 'Händelser',
  eventsHint: 'Välj de händelser som ska skickas till mottagaren.',
  eventDescriptions: webhookEventDescriptions as Record<WebhookEventType, string>,
  create: 'Lägg till mottagare',
  urlMissing: 'Ange mottagarens adress.',
  urlNotHttps: 'Adressen måste börja med https://.',
  eventsMissing: 'Välj minst en händelse.',
  createFailed: 'Mottagaren kunde inte läggas till. Försök igen.',
  createdHeading: 'Mottagaren är tillagd',
  showOnce:
    'Kopiera signeringshemligheten nu och spara den i ert program. Den visas bara den här gången och går inte att visa igen.',
  secretLabel: 'Signeringshemlighet',
  copy: 'Kopiera hemligheten',
  copied: 'Hemligheten är kopierad.',
  copyFailed: 'Det gick inte att kopiera automatiskt. Markera hemligheten i fältet och kopiera den själv.',
  done: 'Jag har sparat hemligheten',
  listHeading: 'Mottagare',
  none: 'Organisationen har inga mottagare än.',
  loadFailed: 'Mottagarna kunde inte hämtas. Ladda om sidan för att försöka igen.',
  on: 'På',
  offByUser: 'Avstängd',
  offByFailures: 'Avstängd efter misslyckade leveranser',
  eventsOf: (events: string[]) => `Händelser: ${events.map(eventText).join(', ')}`,
  createdBy: (date: string, user: string | null) => `Tillagd ${date}${user ? ` av ${user}` : ''}`,
  sendTest: 'Skicka testhändelse',
  testSent: 'Testhändelsen är skickad. Leveransen visas i listan nedan.',
  testFailed: 'Testhändelsen kunde inte skickas.',
  turnOff: 'Stäng av',
  turnOn: 'Slå på',
  turnedOff: 'Mottagaren är avstängd. Inga händelser skickas dit.',
  turnedOn: 'Mottagaren är på igen. Leveranser som väntar skickas nu.',
  toggleFailed: 'Det gick inte att ändra mottagaren. Försök igen.',
  remove: 'Ta bort',
  removeHeading: 'Ta bort mottagaren?',
  removeText: (url: string) => `Inga fler händelser skickas till ${url}, och dess leveranser tas bort.`,
  removeConfirm: 'Ja, ta bort',
  removeCancel: 'Nej',
  removed: (url: string) => `Mottagaren ${url} är borttagen.`,
  removeFailed: 'Mottagaren kunde inte tas bort. Försök igen.',
  deliveriesHeading: 'Senaste leveranser',
  noDeliveries: 'Inga leveranser än.',
  refresh: 'Uppdatera',
  deliveryColumns: {
    event: 'Händelse',
    status: 'Status',
    code: 'Svarskod',
    attempts: 'Försök',
    time: 'Senaste försök',
    detail: 'Detaljer',
  },
  deliveryStatus: { PENDING: 'Väntar', DELIVERED: 'Levererad', FAILED: 'Misslyckad' },
  nextAttempt: (time: string) => `Nästa försök ${time}.`,
  notTried: 'Inte försökt än',
} as const;
