/** The API keys page: create, show once, list and revoke. */
export const apiKeyTexts = {
  heading: 'API-nycklar',
  intro:
    'Med en API-nyckel kan ert affärssystem eller ett annat program använda tjänsten utan att någon loggar in i webbläsaren: en leverantör hämtar sina prislistor och läser in nya prislistefiler, en region följer leverantörernas prisändringar. Programmet gör det i ditt namn och med den behörighet du har, aldrig mer.',
  advice:
    'Skapa en egen nyckel för varje program. Då kan du återkalla en nyckel utan att andra program påverkas.',
  referenceBefore: 'Vilka anrop en nyckel kan användas till, och hur, står i',
  referenceLink: 'API-dokumentationen',
  createHeading: 'Skapa en API-nyckel',
  name: 'Namn',
  nameHint: (max: number) =>
    `Till exempel namnet på programmet som ska använda nyckeln. Högst ${max} tecken.`,
  days: 'Giltig i antal dagar',
  daysHint: (min: number, max: number) =>
    `Från ${min} till ${max} dagar. Du får ett mejl en vecka innan nyckeln slutar gälla.`,
  create: 'Skapa nyckel',
  nameMissing: 'Ange ett namn på nyckeln.',
  nameTooLong: (max: number) => `Namnet får vara högst ${max} tecken långt.`,
  nameInvalid: 'Namnet får inte innehålla radbrytningar eller andra styrtecken.',
  daysInvalid: (min: number, max: number) =>
    `Ange hur många dagar nyckeln ska gälla, ett heltal från ${min} till ${max}.`,
  createFailed: 'Nyckeln kunde inte skapas. Försök igen.',
  createdHeading: (name: string) => `Nyckeln ”${name}” är skapad`,
  showOnce:
    'Kopiera nyckeln nu och spara den på ett säkert ställe, till exempel i programmets inställningar. Nyckeln visas bara den här gången och går inte att visa igen.',
  likePassword:
    'Hantera nyckeln som ett lösenord: den som har den kan använda Hjälpmedelsdatabasen i ditt namn.',
  secretLabel: 'Din nya API-nyckel',
  copy: 'Kopiera nyckeln',
  copied: 'Nyckeln är kopierad.',
  copyFailed: 'Det gick inte att kopiera automatiskt. Markera nyckeln i fältet och kopiera den själv.',
  expiresOn: (date: string) => `Nyckeln slutar gälla ${date}.`,
  done: 'Jag har sparat nyckeln',
  listHeading: 'Dina API-nycklar',
  none: 'Du har inga API-nycklar.',
  loadFailed: 'API-nycklarna kunde inte visas. Ladda om sidan och försök igen.',
  columns: {
    name: 'Namn',
    key: 'Nyckel',
    created: 'Skapad',
    expires: 'Går ut',
    lastUsed: 'Senast använd',
    action: 'Åtgärd',
  },
  neverUsed: 'Aldrig',
  expired: 'Utgången',
  revoke: 'Återkalla',
  revokeHeading: 'Vill du återkalla API-nyckeln?',
  revokeText: (name: string, hint: string) =>
    `Nyckeln ”${name}” (${hint}) slutar fungera direkt. Program som använder den kan inte längre nå Hjälpmedelsdatabasen med den. Det går inte att ångra.`,
  revokeCancel: 'Avbryt',
  revokeConfirm: 'Ja, återkalla',
  revokeFailed: 'Nyckeln kunde inte återkallas. Försök igen.',
  revoked: (name: string) => `Nyckeln ”${name}” är återkallad.`,
  mails: {
    heading: 'E-post om valideringar',
    intro:
      'Vi skickar e-post när en validering du har bett om tar lång tid, och när ett program med din API-nyckel har läst in en fil. Brevet säger resultatet och länkar till sammanfattningen.',
    label: 'Skicka e-post till mig när en validering är klar',
    save: 'Spara',
    saved: (on: boolean) =>
      on
        ? 'Sparat: du får e-post när en validering är klar.'
        : 'Sparat: du får ingen e-post om valideringar.',
    failed: 'Inställningen kunde inte sparas. Försök igen.',
  },
} as const;
