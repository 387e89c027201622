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

export const quickStartSteps: QuickStartStep[] = [
  {
    title: 'Nyckel och adress',
    text: 'Skapa en API-nyckel på sidan **API-nycklar** (i användarmenyn) som den användare programmet ska agera som. Hemligheten (`hmdb_…`) visas en gång. Exemplen använder `curl` och `jq` och de här variablerna. Ett anrop med nyckel behöver ingen kaka och inget `Origin`-huvud. Skicka nyckeln bara över HTTPS.',
    command: [
      'export HMDB_URL=https://hjalpmedel.example.se',
      'export HMDB_API_KEY=hmdb_…',
      'API="$HMDB_URL/resources/v1"',
      'AUTH="Authorization: Bearer $HMDB_API_KEY"',
    ].join('\n'),
  },
  {
    title: 'Organisation och prislista',
    text: 'Nyckeln agerar som sin användare: organisationen är användarens. En fil kan läsas in i en aktuell (`CURRENT`) eller framtida (`FUTURE`) prislista; ange dess `id`, inte `number`.',
    command: [
      `ORG=$(curl -sS -H "$AUTH" "$API/profile" | jq '.userEngagements[0].organizationId')`,
      'GENERAL=$(curl -sS -H "$AUTH" "$API/organizations/$ORG/generalpricelists" | jq .id)',
      'curl -sS -H "$AUTH" "$API/organizations/$ORG/generalpricelists/pricelists/active"',
      'PRICELIST=2',
    ].join('\n'),
  },
  {
    title: 'Ladda upp filen',
    text: '`multipart/form-data` med två delar: `request`, ett textfält med JSON som säger vilken prislista filen är till, och `file`, Excel-filen. Svaret är **201** med inläsningen i `VALIDATION_PENDING`; ett jobb validerar filen. Samma `Idempotency-Key` i ett nytt försök ger samma svar och ingen ny inläsning (utan `uuidgen`, på Linux: `$(cat /proc/sys/kernel/random/uuid)`).',
    command: [
      'IMPORT=$(curl -sS -X POST "$API/imports/$ORG" -H "$AUTH" -H "Idempotency-Key: $(uuidgen)" \\',
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
      'curl -sS -X POST "$API/imports/$ORG/$IMPORT/confirm" -H "$AUTH" -H "Idempotency-Key: $(uuidgen)" \\',
      `  -H 'Content-Type: application/json' -d '{}'`,
    ].join('\n'),
  },
];
