import { z } from 'zod';
import {
  CreateImportRequest,
  ImportAttemptsResponse,
  ImportChangesResponse,
  ImportCorrectionsResponse,
  ImportErrorsResponse,
  ImportListResponse,
  ImportResponse,
  ImportSummaryResponse,
  importExamples,
  LegacyImportStatus,
  PricelistImportsResponse,
  SavedColumnMappingsResponse,
} from '#contract';
import { apiTags, errors, json, noContent, preSerializedJson, xlsxFile } from '../../openapi/routeDocs';
import { PathIdParam } from '../../pathId';

/** An import in the state an operation answers with, as its example in the document. */
const importIn = (state: keyof typeof importExamples) =>
  ImportResponse.meta({ examples: [{ importObject: importExamples[state] }] });

/**
 * What each import route says in the OpenAPI document (docs/api-imports.md says the same at
 * length): summary, description and every answer, with the route's real response schemas.
 */

const tags = [apiTags.imports];

/** A download that is a workbook, or a Peppol catalogue for a catalogue's import. */
const withXmlToo = (file: ReturnType<typeof xlsxFile>) => ({
  ...file,
  content: { ...file.content, 'application/xml': { schema: z.string() } },
});

const noAccess = [
  404,
  'Organisationen är inte användarens, användaren saknar behörigheten product:create_own, eller inläsningen finns inte eller är en annan organisations (NOT_FOUND).',
] as const;

/** The refusals of a file, for the upload and a new file alike. */
const fileErrors = [
  [
    413,
    'Filen är större än UPLOAD_MAX_BYTES (25 MB om inget annat är inställt): ”Filen är för stor. Den får vara högst 25 MB.” (PAYLOAD_TOO_LARGE).',
  ],
  [
    415,
    'Filen är inte en Excel-fil där ändelse och innehåll stämmer (.xlsx eller .xls), eller är lösenordsskyddad (UNSUPPORTED_MEDIA_TYPE).',
  ],
] as const;

/** Upload and confirm take an Idempotency-Key (server/src/idempotency/idempotency.ts). */
const replayed = {
  'Idempotent-Replayed': {
    type: 'string',
    description:
      'true när svaret är det som gavs första gången för samma Idempotency-Key och samma begäran; inget nytt har gjorts.',
  },
};
const idempotencyErrors = [
  [
    409,
    'En begäran med samma Idempotency-Key behandlas fortfarande (IDEMPOTENCY_KEY_IN_USE, Retry-After: 1): försök igen med samma nyckel.',
  ],
  [
    422,
    'Idempotency-Key har redan använts av samma användare för en annan begäran de senaste 24 timmarna (IDEMPOTENCY_KEY_REUSED). Ingenting görs.',
  ],
] as const;

const fileDescription =
  'En Excel-fil (.xlsx eller .xls) i formatet av mallen (GET imports/{organizationId}/template), eller ett Peppol BIS Catalogue 3-dokument (UBL Catalogue som XML, känns igen på innehållet), även gzip-komprimerat (högst 256 MB uppackat; en stor katalog måste komprimeras för att rymmas inom UPLOAD_MAX_BYTES). Filens namn sparas som det skickas, utan mappar och dolda tecken.';

/** The upload's form, for the document only: the handler reads the parts itself (upload.ts). */
const uploadForm = z
  .object({
    request: z.string().meta({
      description:
        'Vad filen är, som JSON (ett textfält eller en del med Content-Type application/json), till exempel {"type":"GENERAL_PRICELIST","metadata":{"parent":1,"id":2}}: parent är den generella prislistans id och id prislistans. Har filen egna kolumnnamn kan columnMapping följa med: {"sheet":"Blad1","columns":{"Artikelnummer":"Art.nr","Pris":"Pris exkl. moms","Minsta beställningsantal":{"column":"E"}}} (filens rubrik, eller kolumnens bokstav för en rubrik som finns flera gånger eller är tom).',
      contentMediaType: 'application/json',
      contentSchema: (({ $schema: _, ...schema }) => schema)(
        z.toJSONSchema(CreateImportRequest, { target: 'draft-2020-12', io: 'input' }),
      ),
    }),
    file: z.file().describe(fileDescription),
  })
  .describe('multipart/form-data med två delar: request och file.');

const newFileForm = z
  .object({ file: z.file().describe(fileDescription) })
  .describe('multipart/form-data med delen file.');

export const importRouteDocs = {
  list: {
    summary: 'Organisationens inläsningar',
    description:
      'imported=false (standard): de som inte är inlästa än, eller misslyckades (VALIDATION_*, IMPORT_PENDING, IMPORT_FAIL, IMPORT_ERROR), nyast först. imported=true: de bekräftade, senast bekräftade först. Högst limit (1–100, 100 om inget anges). Svaret skickas gzippat när Accept-Encoding tillåter det.',
    tags,
    response: {
      200: preSerializedJson('Inläsningarna.', ImportListResponse),
      ...errors([400, 'imported eller limit är fel (BAD_REQUEST).'], noAccess),
    },
  },
  upload: {
    summary: 'Ladda upp en prislistefil',
    description:
      'Tar emot filen och lägger den i kö för validering. Svaret är inläsningen i VALIDATION_PENDING; hämta den (GET imports/{organizationId}/{importId}) tills valideringen är klar: VALIDATION_SUCCESS, VALIDATION_FAIL eller VALIDATION_ERROR.',
    tags,
    response: {
      201: json('Filen är mottagen och inläsningen skapad.', importIn('pending'), replayed),
      ...errors(
        [
          400,
          'Inte multipart, en trasig begäran, mer än en fil, ingen fil eller en tom fil, request saknas eller är fel, typen är inte GENERAL_PRICELIST, prislistan är inte organisationens eller är historisk, columnMapping stämmer inte med filen (en flik eller rubrik som filen inte har, en obligatorisk kolumn som saknas, en kolumn vald två gånger: error.errors per kolumn), eller Idempotency-Key har fel form (BAD_REQUEST, med ett svenskt meddelande om vad).',
        ],
        noAccess,
        ...fileErrors,
        ...idempotencyErrors,
      ),
    },
  },
  pricelistHistory: {
    summary: 'En prislistas inläsningar',
    description:
      'Prislistans bekräftade inläsningar (inlästa, misslyckade, avbrutna, pågående, ångrade), senast bekräftade först, högst 50, med antal tillagda, ändrade och borttagna rader.',
    tags,
    response: {
      200: json('Prislistans historik.', PricelistImportsResponse),
      ...errors(noAccess),
    },
  },
  template: {
    summary: 'Ladda ner mallen, eller en prislista som Excel-fil',
    description:
      'Mallen för en generell prislista. Med pricelistId: mallen ifylld med den prislistans rader; laddas den upp oförändrad blir allt oförändrat.',
    tags,
    response: {
      200: xlsxFile('Excel-filen.'),
      ...errors(
        [400, 'type saknas eller är inte GENERAL_PRICELIST (BAD_REQUEST).'],
        [404, 'Organisationen är inte användarens, eller prislistan är inte organisationens (NOT_FOUND).'],
        503,
      ),
    },
  },
  get: {
    summary: 'En inläsning',
    description:
      'Inläsningens status, fil, vem som laddade upp den, tider och prislista; undoable säger om den kan ångras. Hämta den tills status inte längre är VALIDATION_PENDING eller IMPORT_PENDING.',
    tags,
    response: { 200: json('Inläsningen.', importIn('validated')), ...errors(noAccess) },
  },
  replaceFile: {
    summary: 'Ersätt inläsningens fil',
    description:
      'En ny fil till en inläsning vars validering är klar (VALIDATION_SUCCESS, VALIDATION_FAIL, VALIDATION_ERROR): filen byts, sammanfattningen tas bort och inläsningen valideras igen (VALIDATION_PENDING).',
    tags,
    response: {
      200: json('Inläsningen med den nya filen, i VALIDATION_PENDING.', importIn('pending')),
      ...errors(
        [400, 'Inte multipart, en trasig begäran, mer än en fil, eller ingen fil (BAD_REQUEST).'],
        noAccess,
        [409, 'Inläsningens validering är inte klar, eller inläsningen är redan bekräftad (CONFLICT).'],
        ...fileErrors,
      ),
    },
  },
  delete: {
    summary: 'Radera en inläsning',
    description:
      'En inläsning som aldrig bekräftats tas bort helt. En bekräftad som misslyckades (IMPORT_FAIL, IMPORT_ERROR) blir IMPORT_ABORTED och stannar i historiken; en redan avbruten är oförändrad.',
    tags,
    response: {
      204: noContent('Raderad eller avbruten.'),
      ...errors(noAccess, [
        409,
        'Inläsningen är klar (IMPORT_SUCCESS) eller bearbetas just nu (VALIDATION_PENDING, IMPORT_PENDING) (CONFLICT).',
      ]),
    },
  },
  confirm: {
    summary: 'Läs in en validerad fil',
    description:
      'Bara från VALIDATION_SUCCESS. Inläsningen blir IMPORT_PENDING och läses sedan in i en transaktion: IMPORT_SUCCESS, IMPORT_FAIL eller IMPORT_ERROR. Har sammanfattningens risk varningar (result.risk.warnings) måste kroppen vara {"acknowledgedRiskId": result.risk.id}; annars behövs ingen kropp.',
    tags,
    response: {
      200: json('Inläsningen i IMPORT_PENDING.', importIn('confirmed'), replayed),
      ...errors(
        [
          400,
          'Kroppen är inte {"acknowledgedRiskId": text}, eller Idempotency-Key har fel form (BAD_REQUEST).',
        ],
        noAccess,
        [
          409,
          'Inläsningen är inte i VALIDATION_SUCCESS (CONFLICT); eller den är riskabel och acknowledgedRiskId saknas eller hör till en annan validering (RISK_NOT_ACKNOWLEDGED; meddelandet räknar upp varningarna), och ingenting ändras; eller en begäran med samma Idempotency-Key behandlas fortfarande (IDEMPOTENCY_KEY_IN_USE, Retry-After: 1).',
        ],
        idempotencyErrors[1],
      ),
    },
  },
  undo: {
    summary: 'Ångra en inläsning',
    description:
      'Återställer prislistan exakt som den var före inläsningen, i en transaktion. Bara prislistans senaste genomförda inläsning, och bara om prislistan inte har ändrats sedan dess. Inläsningen behåller IMPORT_SUCCESS och får undone.',
    tags,
    response: {
      200: json('Inläsningen, nu med undone.', importIn('undone')),
      ...errors(noAccess, [
        409,
        'Inläsningen är inte genomförd, redan ångrad, inte den senaste, prislistan har ändrats sedan, eller inläsningen gjordes innan det gick att ångra (CONFLICT; meddelandet säger vilket). Ingenting ändras.',
      ]),
    },
  },
  summary: {
    summary: 'Valideringens eller inläsningens sammanfattning',
    description:
      'result är null medan inläsningen bearbetas, vid tekniskt fel och för en avbruten inläsning. CONFIRM: antal tillagda, ändrade, borttagna och oförändrade rader och risk. INVALID_FORMAT: kolumner eller flik som saknas (för en Peppol-katalog vars startdatum inte passar prislistan i stället skälet i catalogueProblem), och för kopplingssteget filens flikar med rubrikrader (fileSheets, varje kolumn med upp till tre exempelvärden ur de första dataraderna i samples) och en föreslagen koppling (suggestedMapping), och när organisationens sparade koppling för fliken inte användes för att rubrikerna skiljer sig, varför (savedMappingMismatch: rubriker som inte längre finns i missingHeaders, nya rubriker i newHeaders). VALIDATION_ERRORS: antalet fel, de 100 första (var och en med regel, rule, och cell, t.ex. C12, och filens eget kolumnnamn i fileColumn när det skiljer sig) och antalet fel per kolumn och regel (errorCounts, med en svensk mening i label). En fil som lästs med en koppling har columnMapping (kopplingen och om den kom från begäran, REQUEST, eller en sparad koppling, SAVED_MAPPING) och fileSheets; utan columnMapping lästes filens egna rubriker, våra.',
    tags,
    response: { 200: json('Sammanfattningen.', ImportSummaryResponse), ...errors(noAccess) },
  },
  changes: {
    summary: 'Raderna bakom sammanfattningens antal',
    description:
      'En sida (offset, limit 1–500) med de rader som läggs till (added), ändras (updated, med varje fält som ändras) eller tas bort (removed). En inläsning utan CONFIRM-sammanfattning svarar total 0.',
    tags,
    response: {
      200: json('Sidan med ändringar och totalen av det slaget.', ImportChangesResponse),
      ...errors([400, 'kind, offset eller limit är fel (BAD_REQUEST).'], noAccess),
    },
  },
  errors: {
    summary: 'Valideringsfelen, sida för sida',
    description:
      'Alla fel som inläsningens senaste validering hittade (inte bara de 100 första), i den ordning de hittades, en sida i taget (offset, limit 1–500, 100 om inget anges). column (kolumnens rubrik, t.ex. Pris) och rule (t.ex. NOT_A_NUMBER) väljer ut fel; total är antalet fel som stämmer med urvalet. Ett urval utan fel svarar errors [] och total 0. Fel sparade innan felen fick regler har varken rule eller cell.',
    tags,
    response: {
      200: json('Sidan med fel och antalet som stämmer med urvalet.', ImportErrorsResponse),
      ...errors(
        [400, 'column, rule, offset eller limit är fel (BAD_REQUEST).'],
        [
          404,
          'Organisationen är inte användarens, användaren saknar behörigheten product:create_own, inläsningen finns inte eller är en annan organisations, eller inläsningen har inga valideringsfel (NOT_FOUND: ”Importen har inga valideringsfel.”).',
        ],
      ),
    },
  },
  validationErrorsExcel: {
    summary: 'Valideringsfelen som Excel-fil',
    description:
      'Alla fel (inte bara de 100 första) och en kopia av den uppladdade fliken med de felaktiga cellerna markerade.',
    tags,
    response: {
      200: xlsxFile('Excel-filen med felen.'),
      ...errors(
        [
          404,
          'Inläsningen har inga valideringsfel (NOT_FOUND: ”Importen har inga valideringsfel.”), eller finns inte (NOT_FOUND).',
        ],
        [410, 'Den uppladdade filen är raderad: filer från avslutade inläsningar sparas en tid (GONE).'],
        503,
      ),
    },
  },
  changesExcel: {
    summary: 'Ändringarna som Excel-fil',
    description:
      'En godkänd validerings (eller en inläsnings) ändringar: flikarna Risker, Tillagda, Borttagna och Ändrade.',
    tags,
    response: {
      200: xlsxFile('Excel-filen med ändringarna.'),
      ...errors(
        [
          404,
          'Inläsningen har inga ändringar att visa (NOT_FOUND: ”Importen har inga ändringar att visa.”), eller finns inte (NOT_FOUND).',
        ],
        503,
      ),
    },
  },
  validateWithMapping: {
    summary: 'Validera samma fil igen med en kolumnkoppling',
    description:
      'För en fil med egna kolumnnamn: valideras om med kopplingen, utan ny uppladdning, genom samma kö som en ny fil. Bara i VALIDATION_SUCCESS och VALIDATION_FAIL. Svaret är inläsningen i VALIDATION_PENDING. En koppling som ledde till en validering sparas för organisationen och används sedan för nästa fil med samma flik och rubriker.',
    tags,
    response: {
      200: json('Inläsningen i VALIDATION_PENDING.', importIn('pending')),
      ...errors(
        [
          400,
          'Kroppen är inte {"columnMapping": {...}}, eller kopplingen stämmer inte med filen (BAD_REQUEST; error.errors per kolumn, meddelandet nämner rubriken).',
        ],
        noAccess,
        [409, 'Inläsningen bearbetas, är bekräftad eller filen kan inte läsas (CONFLICT).'],
        [410, 'Den uppladdade filen är raderad: filer från avslutade inläsningar sparas en tid (GONE).'],
        [429, 'För många filer väntar redan på validering (TOO_MANY_REQUESTS).'],
        503,
      ),
    },
  },
  corrections: {
    summary: 'Rättelserna av en fil',
    description:
      'Alla rättelser som sparats för inläsningen, varje omgång: cellen, värdet i filen och det rättade, vem och när; raderna som lämnats utanför. version skickas med nästa omgång (basedOn). correctable säger om sammanfattningen erbjuder rättelser: en fil med valideringsfel och högst maxErrors fel.',
    tags,
    response: { 200: json('Rättelserna.', ImportCorrectionsResponse), ...errors(noAccess) },
  },
  correctedFile: {
    summary: 'Den egna filen med rättelserna',
    description:
      'Leverantörens uppladdade arbetsbok med de rättade cellerna ifyllda och raderna som inte tas med borttagna, så att den egna kopian i Excel kan uppdateras: samma flikar, kolumner och (för .xlsx) format. En .xls blir en .xls med flikens värden. En Peppol-katalog blir samma katalog (application/xml, UTF-8, <namn>_rattad.xml) med de rättade värdena i sina element och raderna som inte tas med borttagna; en rättelse utan element i katalogen står som en kommentar på sin rad.',
    tags,
    response: {
      200: withXmlToo(xlsxFile('Filen med rättelserna.')),
      ...errors(
        [
          404,
          'Inläsningen har inga rättelser (NOT_FOUND: ”Importen har inga rättelser.”), eller finns inte (NOT_FOUND).',
        ],
        [410, 'Den uppladdade filen är raderad: filer från avslutade inläsningar sparas en tid (GONE).'],
        503,
      ),
    },
  },
  attempts: {
    summary: 'Inläsningens försök',
    description:
      'Varje validering som användaren bad om är ett försök: den första uppladdningen, varje ny fil, varje ny kolumnkoppling och varje ”Validera igen”. Äldst först: när, av vem, filens namn, antal rättelser, resultatet och jämförelsen med försöket före (fel rättade, nya och kvar; för två godkända hur antalen ändrades), som valideringen räknade fram.',
    tags,
    response: { 200: json('Försöken.', ImportAttemptsResponse), ...errors(noAccess) },
  },
  correct: {
    summary: 'Rätta celler och validera igen',
    description:
      'Sparar rättelser av celler som valideringen fann fel i ({row, column, value}) och rader att ta bort ur prislistan (leaveOut), och validerar samma fil igen med alla omgångars rättelser, genom samma kö som en ny fil. setAll ({column, rule, value}, ”Sätt alla till …”) rättar varje fel av regeln i kolumnen till värdet och leaveOutAll ({column, rule}, ”Ta bort alla rader med det här felet”) tar bort varje rad med ett sådant fel: alla fel som valideringen sparade, inte bara de som en sida visade, och de sparas som vanliga rättelser; en cell som rättas för sig vinner över setAll. Rättelserna prövas mot samma regler som filen. basedOn är version från GET …/corrections. Bara i VALIDATION_FAIL med valideringsfel, högst CORRECTIONS_MAX_ERRORS (1 000) fel.',
    tags,
    response: {
      200: json('Inläsningen i VALIDATION_PENDING.', importIn('pending')),
      ...errors(
        [
          400,
          'Kroppen har fel form, en rättelse gäller en rad eller kolumn utan fel i filen, setAll eller leaveOutAll nämner en kolumn och regel utan fel, samma cell, rad eller kolumn och regel finns två gånger, eller en text har ett tecken som inte kan sparas (ett styrtecken utom tabb och radbrytning, en halv teckenkod, U+FFFE, U+FFFF) (BAD_REQUEST).',
        ],
        noAccess,
        [
          409,
          'Inläsningen har inga valideringsfel att rätta, har fler fel än gränsen, eller någon annan har sparat rättelser sedan basedOn (CONFLICT); ingenting sparas.',
        ],
        [410, 'Den uppladdade filen är raderad: filer från avslutade inläsningar sparas en tid (GONE).'],
        [429, 'För många filer väntar redan på validering (TOO_MANY_REQUESTS).'],
      ),
    },
  },
  savedMappings: {
    summary: 'Organisationens sparade kolumnkopplingar',
    description: 'Senast använda först. Varje koppling gäller en flik och en uppsättning rubriker.',
    tags,
    response: { 200: json('Kopplingarna.', SavedColumnMappingsResponse), ...errors(noAccess) },
  },
  deleteSavedMapping: {
    summary: 'Glöm en sparad kolumnkoppling',
    description: 'Nästa fil med samma rubriker får INVALID_FORMAT och kopplingssteget igen.',
    tags,
    response: { 204: noContent('Borttagen.'), ...errors(noAccess) },
  },
  legacyStatus: {
    summary: 'Inläsningar i det tidigare systemet',
    description:
      'Användarens inläsningar från det tidigare systemet, nyaste först; bara för den egna användarens id. readStatus: 0 pågår, 1 lyckades, annat misslyckades.',
    tags,
    params: z.object({ userId: PathIdParam }),
    response: {
      200: json('Inläsningarna.', z.array(LegacyImportStatus)),
      ...errors(401, [404, 'Id:t är inte den inloggade användarens (NOT_FOUND).']),
    },
  },
};

/** The request bodies the upload routes read themselves (FastifyContextConfig.openapi). */
export const uploadBodies = {
  upload: { contentType: 'multipart/form-data', schema: uploadForm },
  replaceFile: { contentType: 'multipart/form-data', schema: newFileForm },
};
