import { apiKeyLimits } from '#contract';

const { nameMaxLength, minExpiryDays, maxExpiryDays } = apiKeyLimits;

/** What the API answers about keys (docs/api-keys.md); the SPA shows the field errors at the fields. */
export const apiKeyMessages = {
  nameMissing: 'Ange ett namn på nyckeln.',
  nameTooLong: `Namnet får vara högst ${nameMaxLength} tecken långt.`,
  nameInvalid: 'Namnet får inte innehålla radbrytningar eller andra styrtecken.',
  expiryInvalid: `Ange hur många dagar nyckeln ska gälla, ett heltal från ${minExpiryDays} till ${maxExpiryDays}.`,
  tooManyKeys: (max: number) =>
    `Du har redan ${max} giltiga API-nycklar, vilket är det högsta antalet. Återkalla en nyckel som inte används innan du skapar en ny.`,
  notAllowed: 'Du har inte behörighet att hantera API-nycklar.',
  notFound: 'API-nyckeln finns inte eller är redan återkallad.',
  // Answers to a request that comes with a key.
  notAccepted:
    'Den här begäran kan inte göras med en API-nyckel. API-nycklar fungerar bara för de anrop som anges i dokumentationen.',
  invalid: 'API-nyckeln är ogiltig.',
  expired: 'API-nyckeln har gått ut. Skapa en ny nyckel under API-nycklar.',
  revoked: 'API-nyckeln har återkallats. Skapa en ny nyckel under API-nycklar.',
  ownerNotAllowed:
    'API-nyckeln kan inte användas eftersom användaren som skapade den inte längre har behörighet att använda API-nycklar.',
  tooManyRequests: (seconds: number) =>
    `För många anrop med den här API-nyckeln. Försök igen om ${seconds} ${seconds === 1 ? 'sekund' : 'sekunder'}.`,
} as const;
