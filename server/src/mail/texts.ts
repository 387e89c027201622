import type { MailMessage } from './transport';

const signature = 'Med vänliga hälsningar\nHjälpmedelsdatabasen';

const dateTime = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Stockholm',
});

export interface Recipient {
  email: string;
  firstName: string;
  username: string;
}

/** The link of a reset mail: the host comes from configuration, never from the request. */
export function resetLink(publicUrl: string, email: string, token: string): string {
  const url = new URL('/login/reset', `${publicUrl}/`);
  url.search = new URLSearchParams({ email, token }).toString();
  return url.toString();
}

export function resetMail(to: Recipient, link: string, validMinutes: number): MailMessage {
  return {
    to: to.email,
    subject: 'Återställ ditt lösenord i Hjälpmedelsdatabasen',
    text: [
      `Hej ${to.firstName}!`,
      '',
      `Vi har fått en begäran om att återställa lösenordet för ditt konto ${to.username} i Hjälpmedelsdatabasen.`,
      'Öppna länken nedan för att välja ett nytt lösenord:',
      '',
      link,
      '',
      `Länken gäller i ${validMinutes} minuter och kan bara användas en gång.`,
      '',
      'Om du inte har begärt att återställa ditt lösenord kan du bortse från det här meddelandet. Ditt nuvarande lösenord fortsätter att gälla.',
      '',
      signature,
    ].join('\n'),
  };
}

export function passwordChangedMail(to: Recipient, changedAt: Date, revokedApiKeys = 0): MailMessage {
  const keys =
    revokedApiKeys === 0
      ? []
      : [
          revokedApiKeys === 1
            ? 'Din API-nyckel har också återkallats. Ett program som använde den behöver en ny nyckel, som du skapar på sidan API-nycklar.'
            : `Dina ${revokedApiKeys} API-nycklar har också återkallats. Program som använde dem behöver nya nycklar, som du skapar på sidan API-nycklar.`,
        ];
  return {
    to: to.email,
    subject: 'Ditt lösenord i Hjälpmedelsdatabasen har ändrats',
    text: [
      `Hej ${to.firstName}!`,
      '',
      `Lösenordet för ditt konto ${to.username} i Hjälpmedelsdatabasen ändrades ${dateTime.format(changedAt)}.`,
      'Alla dina inloggningar har avslutats, så du behöver logga in igen med det nya lösenordet.',
      ...keys,
      '',
      'Om det var du som ändrade lösenordet behöver du inte göra något mer.',
      'Om du inte har ändrat ditt lösenord: återställ det genast från inloggningssidan och kontakta supporten.',
      '',
      signature,
    ].join('\n'),
  };
}

/** A key as its mails name it: never the secret, only the hint the list shows too. */
interface MailedApiKey {
  name: string;
  hint: string;
  expires: Date;
}

/** Where the owner sees and revokes keys; the host comes from configuration. */
export const apiKeysPageLink = (publicUrl: string) => new URL('/api-nycklar', `${publicUrl}/`).toString();

export function apiKeyCreatedMail(
  to: Recipient,
  key: MailedApiKey,
  createdAt: Date,
  pageLink: string,
): MailMessage {
  return {
    to: to.email,
    subject: 'En ny API-nyckel har skapats i Hjälpmedelsdatabasen',
    text: [
      `Hej ${to.firstName}!`,
      '',
      `En ny API-nyckel skapades för ditt konto ${to.username} i Hjälpmedelsdatabasen ${dateTime.format(createdAt)}.`,
      '',
      `Namn: ${key.name}`,
      `Nyckel: ${key.hint}`,
      `Går ut: ${dateTime.format(key.expires)}`,
      '',
      'Ett program som har nyckeln kan hämta och skicka uppgifter i ditt namn och med din behörighet.',
      'Om du inte har skapat nyckeln: återkalla den genast på sidan API-nycklar och kontakta supporten.',
      '',
      pageLink,
      '',
      signature,
    ].join('\n'),
  };
}

export function apiKeyExpiresSoonMail(to: Recipient, key: MailedApiKey, pageLink: string): MailMessage {
  return {
    to: to.email,
    subject: 'Din API-nyckel i Hjälpmedelsdatabasen går snart ut',
    text: [
      `Hej ${to.firstName}!`,
      '',
      `API-nyckeln ”${key.name}” (${key.hint}) för ditt konto ${to.username} i Hjälpmedelsdatabasen går ut ${dateTime.format(key.expires)}.`,
      'Efter det kan program som använder nyckeln inte längre nå Hjälpmedelsdatabasen med den.',
      '',
      'Om nyckeln fortfarande behövs: skapa en ny nyckel på sidan API-nycklar och byt till den i programmet innan den gamla går ut.',
      'Om nyckeln inte längre används behöver du inte göra något.',
      '',
      pageLink,
      '',
      signature,
    ].join('\n'),
  };
}

/** What a validation-ended mail says of the file and where its summary is. */
export interface ValidationEnded {
  fileName: string;
  pricelistNumber: string | null;
  /** The result in a sentence: "Validering OK: …", "12 fel hittades …". */
  result: string;
  summaryLink: string;
  /** Why this mail came: the validation took long, or a program asked for it. */
  reason: 'LONG' | 'API_KEY';
  afterSeconds: number;
  settingsLink: string;
}

export function validationEndedMail(to: Recipient, ended: ValidationEnded): MailMessage {
  const pricelist = ended.pricelistNumber === null ? '' : ` för prislista ${ended.pricelistNumber}`;
  const why =
    ended.reason === 'API_KEY'
      ? 'Du får det här brevet eftersom filen lästes in av ett program med din API-nyckel.'
      : `Du får det här brevet eftersom valideringen tog mer än ${ended.afterSeconds} sekunder.`;
  return {
    to: to.email,
    subject: `Valideringen av ${ended.fileName} är klar`,
    text: [
      `Hej ${to.firstName}!`,
      '',
      `Valideringen av filen ${ended.fileName}${pricelist} i Hjälpmedelsdatabasen är klar.`,
      '',
      ended.result,
      '',
      'Sammanfattningen, där du kan rätta fel eller läsa in filen:',
      ended.summaryLink,
      '',
      `${why} Du kan stänga av breven på sidan API-nycklar:`,
      ended.settingsLink,
      '',
      signature,
    ].join('\n'),
  };
}

/** The page where an organisation's webhook endpoints are managed. */
export const webhooksPageLink = (publicUrl: string) => new URL('/webhooks', `${publicUrl}/`).toString();

export interface WebhookTurnedOff {
  url: string;
  /** Since when every attempt to the endpoint has failed. */
  failingSince: Date;
  lastError: string | null;
  pageLink: string;
}

export function webhookTurnedOffMail(to: Recipient, endpoint: WebhookTurnedOff): MailMessage {
  return {
    to: to.email,
    subject: 'En webhook-mottagare har stängts av',
    text: [
      `Hej ${to.firstName}!`,
      '',
      `Hjälpmedelsdatabasen har stängt av webhook-mottagaren ${endpoint.url}, som du lade till.`,
      `Alla försök att leverera till den har misslyckats sedan ${dateTime.format(endpoint.failingSince)}.`,
      ...(endpoint.lastError ? [`Senaste felet: ${endpoint.lastError}`] : []),
      '',
      'Inga fler händelser skickas dit förrän mottagaren slås på igen. Händelser som inte har levererats skickas då på nytt. Du slår på mottagaren och ser leveranserna på sidan Webhooks:',
      endpoint.pageLink,
      '',
      signature,
    ].join('\n'),
  };
}
