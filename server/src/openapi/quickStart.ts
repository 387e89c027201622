/**
 * The quick start the reference page (/api-dokumentation) opens with: a price list read in with
 * `curl` and an API key, in five commands. docs/api-guide.md, "Quick start", has the same commands
 * word for word (quickStart.test.ts compares them); its steps explain each in depth.
 */
export interface QuickStartStep {
  /** The step's heading, in Swedish. */
  title: string;
  /** What the step does and what to look for, in Swedish (Markdown: `code` and **bold**). */
  text: string;
  /** The shell commands, as a reader copies them. */
  command: string;
}

/** The address the commands name until the page knows the service's own (quickStartFor). */
export const EXAMPLE_URL = 'https://hjalpmedel.example.se';
/** The price list the commands read into until the page knows the reader's own. */
const EXAMPLE_PRICELIST = 2;

/**
 * A new Idempotency-Key on any shell, without `uuidgen` (not on every Linux): 16 random bytes
 * from /dev/urandom as 32 hexadecimal characters, which the server takes (1–255 visible ASCII
 * characters, server/src/idempotency).
 */
const NEWKEY_FUNCTION = "newkey() { od -An -N16 -tx1 /dev/urandom | tr -d ' \\n'; }";

export const quickStartSteps: QuickStartStep[] = [
  {
    title: 'Nyckel och adress',
    text: 'Skapa en API-nyckel på sidan **API-nycklar** (i användarmenyn) som den användare programmet ska agera som. Hemligheten (`hmdb_…`) visas en gång. Exemplen använder `curl` och `jq` och de här variablerna. Ett anrop med nyckel behöver ingen kaka och inget `Origin`-huvud. Skicka nyckeln bara över HTTPS. `newkey` ger en ny `Idempotency-Key` (32 slumpade hexadecimala tecken) med `od`, som finns i Linux, macOS och Git Bash: `uuidgen` behövs inte.',
    command: [
      `export HMDB_URL=${EXAMPLE_URL}`,
      'export HMDB_API_KEY=hmdb_…',
      'API="$HMDB_URL/resources/v1"',
      'AUTH="Authorization: Bearer $HMDB_API_KEY"',
      NEWKEY_FUNCTION,
    ].join('\n'),
  },
  {
    title: 'Organisation och prislista',
    text: 'Nyckeln agerar som sin användare: organisationen är användarens. En fil kan läsas in i en aktuell (`CURRENT`) eller framtida (`FUTURE`) prislista; ange dess `id`, inte `number`.',
    command: [
      `ORG=$(curl -sS -H "$AUTH" "$API/profile" | jq '.userEngagements[0].organizationId')`,
      'GENERAL=$(curl -sS -H "$AUTH" "$API/organizations/$ORG/generalpricelists" | jq .id)',
      'curl -sS -H "$AUTH" "$API/organizations/$ORG/generalpricelists/pricelists/active"',
      `PRICELIST=${EXAMPLE_PRICELIST}`,
    ].join('\n'),
  },
  {
    title: 'Ladda upp filen',
    text: '`multipart/form-data` med två delar: `request`, ett textfält med JSON som säger vilken prislista filen är till, och `file`, Excel-filen. Svaret är **201** med inläsningen i `VALIDATION_PENDING`; ett jobb validerar filen. Samma `Idempotency-Key` i ett nytt försök ger samma svar och ingen ny inläsning: ett skript som ska kunna försöka igen sparar nyckeln först (`UPLOAD_KEY=$(newkey)`).',
    command: [
      'IMPORT=$(curl -sS -X POST "$API/imports/$ORG" -H "$AUTH" -H "Idempotency-Key: $(newkey)" \\',
      '  --form-string "request={\\"type\\":\\"GENERAL_PRICELIST\\",\\"metadata\\":{\\"parent\\":$GENERAL,\\"id\\":$PRICELIST}}" \\',
      '  -F "file=@prislista.xlsx" | jq .importObject.id)',
    ].join('\n'),
  },
  {
    title: 'Vänta på valideringen och läs sammanfattningen',
    text: 'Valideringen slutar i `VALIDATION_SUCCESS`, `VALIDATION_FAIL` (felen står i sammanfattningen) eller `VALIDATION_ERROR`. För en giltig fil säger sammanfattningen vad inläsningen skulle lägga till, ändra och ta bort, och i `risk.warnings` varje regel den bryter.',
    command: [
      'until [ "$(curl -sS -H "$AUTH" "$API/imports/$ORG/$IMPORT" | jq -r .importObject.status)" != VALIDATION_PENDING ]; do sleep 2; done',
      'curl -sS -H "$AUTH" "$API/imports/$ORG/$IMPORT/summary"',
    ].join('\n'),
  },
  {
    title: 'Läs in',
    text: 'Kroppen är `{}` för en inläsning utan varningar och `{"acknowledgedRiskId": "<risk.id>"}` för en med. Svaret är **200** med inläsningen i `IMPORT_PENDING`; vänta tills den är `IMPORT_SUCCESS` som i förra steget.',
    command: [
      'curl -sS -X POST "$API/imports/$ORG/$IMPORT/confirm" -H "$AUTH" -H "Idempotency-Key: $(newkey)" \\',
      `  -H 'Content-Type: application/json' -d '{}'`,
    ].join('\n'),
  },
];

/**
 * The quick start as the reference page shows it to one reader: with the service's own address
 * and, for a signed-in supplier, the current price list's id (readerExamples.ts). The commands
 * are otherwise the guide's, word for word.
 */
export function quickStartFor(reader: {
  origin: string;
  pricelistId?: number | undefined;
}): QuickStartStep[] {
  return quickStartSteps.map((step) => ({
    ...step,
    command: step.command
      .split('\n')
      .map((line) => {
        if (line === `export HMDB_URL=${EXAMPLE_URL}`) return `export HMDB_URL=${reader.origin}`;
        if (line === `PRICELIST=${EXAMPLE_PRICELIST}` && reader.pricelistId !== undefined)
          return `PRICELIST=${reader.pricelistId}`;
        return line;
      })
      .join('\n'),
  }));
}
