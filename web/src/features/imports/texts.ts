import { formatCount, formatPercent } from '../../ui/format';

/** "1 rad", "400 rader". */
const rows = (count: number) => `${formatCount(count)} ${count === 1 ? 'rad' : 'rader'}`;

/** Imports: the list, the upload dialog, the summary, its changes, risks and errors. */
export const importTexts = {
  heading: 'Inläsningar',
  readFile: 'Läs in fil',
  pending: 'Pågående',
  validation: 'Validering',
  importing: 'Inläsning',
  noPendingValidations: 'Det finns inga pågående valideringar.',
  noPendingImports: 'Det finns inga pågående inläsningar.',
  recent: 'Senaste 10 inläsningarna',
  columns: {
    fileName: 'Filnamn',
    imported: 'Inläst',
    importedBy: 'Inläst av',
    fileType: 'Filtyp',
    status: 'Status',
  },
  review: 'Granska',
  delete: 'Radera',
  summary: 'Sammanfattning',
  /** The summary's h1 names the file being checked; the breadcrumb keeps "Sammanfattning". */
  summaryHeading: (fileName: string) => `Sammanfattning: ${fileName}`,
  confirm: 'Läs in',
  readNewFile: 'Läs in ny fil',
  deleteQuestion: 'Vill du radera filen och dess sammanfattning?',
  no: 'Nej',
  yesDelete: 'Ja, Radera',
  deleteWhat: (fileName: string, pricelistNumber: string) =>
    `Filen ”${fileName}” för prislista ${pricelistNumber} raderas.`,
  /** Said, and focused, once "Ja, Radera" has removed the import. */
  deleted: (fileName: string, pricelistNumber: string) =>
    `Filen ”${fileName}” för prislista ${pricelistNumber} är raderad. Prislistan är oförändrad.`,
  // docs/product.md, "Texts" gives it for a missing legacy import; a missing import of ours gets it too.
  importMissing: 'Kunde inte läsa in import',
  uploadWait: 'Vänligen vänta medan filen laddas upp.',
  uploadFailed: 'Ett oväntat fel uppstod när filen skulle laddas upp.',
  chooseType: 'Du måste välja typ av fil.',
  chooseFile: 'Du måste välja en fil.',
  choosePricelist: 'Du måste välja ett prislistenummer.',
  pricelistsFailed: 'Det gick inte att läsa in prislistenummer.',
  noActivePricelists: 'Det finns inga aktuella eller framtida prislistor.',
  downloadTemplate: 'Ladda ner mall',
  validationSuccessBanner:
    'Filen är godkänd för inläsning. Granska sammanfattningen och klicka på “Läs in” för att läsa in.',
  validationErrorsBanner:
    'Valideringen misslyckad. Granska sammanfattningen och rätta felen. Läs sedan in filen igen.',
  invalidFormatBanner:
    'Filen saknar kolumner eller flikar. Rätta namnen i filen och läs in den igen, eller radera inläsningen.',
  catalogueProblemBanner:
    'Katalogen passar inte den valda prislistan. Välj en annan prislista och läs in katalogen igen, eller radera inläsningen.',
  tooManyErrorsBanner:
    'Filen innehåller fler än 100 felaktiga rader. Endast de första 100 raderna visas i tabellen. För att se alla fel, exportera resultatet till excel.',
  showingErrors: (shown: number, total: number) => `Visar ${formatCount(shown)} av ${formatCount(total)} fel`,
  fields: {
    fileName: 'Filnamn',
    fileType: 'Filtyp',
    pricelistNumber: 'Prislistenummer',
    created: 'Skapad',
    status: 'Status',
    started: 'Inläsning påbörjad',
    ended: 'Inläsning avslutad',
  },
  dialog: {
    fileTypePlaceholder: 'Välj typ av fil',
    comingLater: 'Kommer senare: produkter och artiklar kan inte läsas in här ännu.',
    pricelistPlaceholder: 'Välj prislistenummer',
    pricelistOption: (number: string, status: string) => `${number} (${status})`,
    noPricelistNextStep:
      'En fil läses in till en aktuell eller framtida prislista. Skapa först en prislista under ”Generell prislista” i menyn, eller be organisationens avtalsansvarige göra det. Därefter kan du läsa in filen här.',
    loadingPricelists: 'Hämtar prislistenummer …',
    file: 'Fil',
    fileHint: 'En fil i Excelformat, .xls eller .xlsx.',
    dropHint: 'Dra och släpp filen här eller',
    chooseFileButton: 'Välj fil',
    chosenFile: (name: string) => `Vald fil: ${name}`,
    noFileChosen: 'Ingen fil vald.',
    wrongFileType: 'Endast filer av typen .xls och .xlsx kan läsas in.',
    oneFileOnly: 'Du kan bara läsa in en fil åt gången.',
    upload: 'Ladda upp',
    progressLabel: 'Uppladdning',
  },
  risk: {
    heading: 'Prisändringar och risker',
    pricelist: 'Prislista',
    increases: 'Prishöjningar',
    decreases: 'Prissänkningar',
    change: (count: number, largest: { percent: number; articleNumber: string } | null) =>
      largest
        ? `${formatCount(count)}, som mest ${formatPercent(largest.percent)} (${largest.articleNumber})`
        : formatCount(count),
    median: 'Medianändring av priset',
    medianValue: (percent: number | null) => (percent === null ? '–' : formatPercent(percent)),
    setToZero: 'Priser som blir 0 kr',
    /** Of the removed rows, those the user chose to leave out on the summary. */
    removed: 'Rader som tas bort',
    removedValue: (removed: number, byChoice: number) =>
      byChoice > 0
        ? `${formatCount(removed)}, varav ${formatCount(byChoice)} som du valde att ta bort`
        : formatCount(removed),
    removedRows: (removed: number, byChoice: number) =>
      `${rows(removed)} tas bort${byChoice > 0 ? `, varav ${formatCount(byChoice)} som du valde att ta bort` : ''}.`,
    /** Updated rows that lose a stored value: every column, also below the risk's threshold. */
    cleared: 'Värden som töms',
    noneCleared: 'Inga',
    clearedRows: (count: number, column: string, articleNumbers: readonly string[]) => {
      const named = articleNumbers.slice(0, count);
      const rest = count - named.length;
      const which =
        named.length === 0 ? '' : `: ${named.join(', ')}${rest > 0 ? ` och ${formatCount(rest)} till` : ''}`;
      return `${rows(count)} förlorar ${column}${which}.`;
    },
    warningsHeading: 'Kontrollera innan du läser in',
    /** An applied import: the risks that were shown, and acknowledged, before it was read in. */
    shownHeading: 'Risker som visades före inläsningen',
    dialogHeading: 'Vill du läsa in filen ändå?',
    dialogIntro: 'Inläsningen gör stora ändringar i prislistan:',
    dialogQuestion: 'Ändringarna gäller så fort filen är inläst.',
    yes: 'Ja, läs in ändå',
  },
  notices: {
    uploaded: (fileName: string, pricelistNumber: string) =>
      `Filen ”${fileName}” för prislista ${pricelistNumber} är uppladdad och valideras nu.`,
    toSummary: 'Visa sammanfattningen',
    confirmed: (fileName: string, pricelistNumber: string) =>
      `Filen ”${fileName}” läses in i prislista ${pricelistNumber}.`,
    toPricelist: (pricelistNumber: string) => `Visa prislista ${pricelistNumber}`,
    validationEnded: (fileName: string, status: string) => `${fileName}: ${status}.`,
    /** The upload's notice once its validation has ended: what happened, then the outcome. */
    validated: (fileName: string, pricelistNumber: string, outcome: string) =>
      `Filen ”${fileName}” för prislista ${pricelistNumber} är validerad. ${outcome}.`,
    /** The outcome of a validation, as the summary's status says it, with its counts when known. */
    validationOk: (updated: number, removed: number, added: number) =>
      `Validering OK: ${formatCount(updated)} ändrade, ${formatCount(removed)} borttagna, ${formatCount(added)} tillagda rader`,
    validationErrors: (errors: number) => `Valideringsfel: ${formatCount(errors)} fel`,
    /** After "Läs in", once the import has run. */
    imported: (fileName: string, pricelistNumber: string, outcome: string | null) =>
      outcome
        ? `Filen ”${fileName}” är inläst i prislista ${pricelistNumber}: ${outcome}.`
        : `Filen ”${fileName}” är inläst i prislista ${pricelistNumber}.`,
    importedCounts: (updated: number, removed: number, added: number) =>
      `${formatCount(updated)} ändrade, ${formatCount(removed)} borttagna, ${formatCount(added)} tillagda rader`,
    importFailed: (fileName: string, pricelistNumber: string, status: string) =>
      `Filen ”${fileName}” lästes inte in i prislista ${pricelistNumber}: ${status}. Prislistan är oförändrad.`,
  },
  undo: {
    done: (pricelistNumber: string) =>
      `Inläsningen är ångrad: prislista ${pricelistNumber} är som före den, med de rader den hade före inläsningen.`,
    undoneAt: 'Ångrad',
    undoneBy: (when: string, fullName: string) => `${when} av ${fullName}`,
  },
  summaryPage: {
    pendingNote: 'Filen behandlas. Sidan uppdateras av sig själv när resultatet är klart.',
    technicalErrorBanner:
      'Filen kunde inte behandlas på grund av ett tekniskt fel. Radera inläsningen och försök igen.',
    counts: {
      added: 'Tillagda rader',
      updated: 'Ändrade rader',
      removed: 'Borttagna rader',
      unchanged: 'Oförändrade rader',
    },
    countsHeading: 'Resultat av valideringen',
    changesExcel: 'Ladda ner ändringarna och riskerna som Excel',
    importedCountsHeading: 'Resultat av inläsningen',
    /** When and by whom: a line under the heading, never a heading itself. */
    importedAt: (when: string, fullName: string) => `Inläst ${when} av ${fullName}.`,
    changesHeading: 'Ändringar i prislistan',
    showChanges: 'Visa ändringar',
    showAllChanges: (total: number, kind: string) => `Visa alla ${formatCount(total)} ${kind.toLowerCase()}`,
    changesFailed: 'Det gick inte att hämta ändringarna.',
    changesColumn: 'Ändringar',
    change: (field: string, oldValue: string, newValue: string) => `${field}: ${oldValue} → ${newValue}`,
    emptyValue: '(tomt)',
    pageInfo: (from: number, to: number, total: number) =>
      `Visar ${formatCount(from)}–${formatCount(to)} av ${formatCount(total)}`,
    missingColumnsHeading: 'Saknade kolumner',
    /** Before the format banner of a file that only needs its columns mapped: the way on. */
    mappingNextStep:
      'Nästa steg: koppla filens kolumner till våra i formuläret nedan och välj ”Validera med de här kolumnerna”. Du behöver inte ändra filen.',
    /** Beside the banner of a failed validation: the two ways on, named by their buttons. */
    errorsNextStep:
      'Så går du vidare: rätta värdena i tabellen nedan och välj ”Validera igen”, eller rätta filen och läs in den med ”Läs in ny fil”.',
    /** When the errors cannot be corrected here (too many): the file is the way. */
    errorsNextStepFileOnly: 'Så går du vidare: rätta filen och läs in den med ”Läs in ny fil”.',
    catalogueProblemHeading: 'Katalogens giltighetsperiod',
    missingSheet: (sheet: string, sheetsInFile: readonly string[]) =>
      sheetsInFile.length === 0
        ? `Fliken ”${sheet}” saknas.`
        : `Fliken ”${sheet}” saknas. Filen har flikarna: ${sheetsInFile.join(', ')}.`,
    missingColumn: (column: string, sheets: readonly string[]) =>
      `Kolumnen ”${column}” saknas på fliken ${sheets.map((sheet) => `”${sheet}”`).join(', ')}.`,
    errorsHeading: 'Valideringsfel',
    exportErrors: 'Exportera resultatet till Excel',
    errorCountsHeading: 'Fel per kolumn och regel',
    allErrors: (count: number) => `Alla fel (${formatCount(count)})`,
    showingAllErrors: 'Tabellen visar alla fel.',
    showingErrorsOf: (label: string) => `Tabellen visar felen ”${label}”.`,
    loadingErrors: 'Hämtar felen …',
    errorsFailed: 'Det gick inte att hämta felen.',
  },
  /** Mapping the supplier's own columns onto ours: the form, the mapping a validation used, the saved ones. */
  columnMapping: {
    heading: 'Koppla filens kolumner',
    intro:
      'Filen har egna kolumnnamn. Välj vilken kolumn i filen som motsvarar var och en av våra kolumner. Kopplingen sparas för organisationen och används nästa gång en fil med samma kolumner läses in.',
    sheet: 'Flik',
    headerRow: (sheet: string) => `Rubrikraden på fliken ${sheet}`,
    noHeaderRow: 'Fliken har ingen rubrikrad.',
    ourColumns: 'Våra kolumner',
    required: 'obligatorisk',
    chooseColumn: 'Välj kolumn',
    notUsed: 'Används inte',
    /** An optional column of ours with no file column chosen: the file leaves it as it is. */
    keepValues: 'Behåll nuvarande värden',
    keepValuesExplained:
      'Behåll nuvarande värden: artiklar som redan finns i prislistan behåller sina värden i kolumnen, nya artiklar får den tom.',
    chosenExplained:
      'En vald kolumn i filen ger artiklarna sina värden. Är en cell i den tom, töms artikelns värde i prislistan.',
    /** The first values under a file column: "t.ex. ”HMD-0001”, ”HMD-0002”". */
    samples: (values: readonly string[]) => `t.ex. ${values.map((value) => `”${value}”`).join(', ')}`,
    withSamples: (label: string, samples: string) => `${label} (${samples})`,
    /** The file's columns none of ours is read from. */
    unusedColumns: (labels: readonly string[]) => `Används inte: ${labels.join(', ')}`,
    allColumnsUsed: 'Alla kolumner i filen används.',
    /** Why the organisation's saved mapping was not used for this file. */
    mismatch: {
      heading: 'Den sparade kopplingen används inte',
      intro: (sheet: string) =>
        `Er sparade koppling för fliken ${sheet} används bara för en fil med samma kolumner som när den sparades. Den här filens kolumner skiljer sig:`,
      missing: (header: string) => `Kolumnen ”${header}” finns inte längre i filen.`,
      added: (header: string) => `Kolumnen ”${header}” är ny i filen.`,
      after: 'Välj kolumnerna nedan. Kopplingen sparas för de nya kolumnerna när filen har validerats.',
    },
    submit: 'Validera med de här kolumnerna',
    problemsHeading: 'Kopplingen behöver rättas',
    cannotValidateNow: 'Inläsningen kan inte valideras igen just nu.',
    pair: (fileHeader: string, column: string) => `${fileHeader} → ${column}`,
    usedSaved: (date: string, pairs: string) =>
      `Kolumnerna tolkades med er sparade koppling från ${date}: ${pairs}.`,
    usedRequest: (pairs: string) => `Kolumnerna tolkades med kopplingen: ${pairs}.`,
    change: 'Ändra kopplingen',
    forget: 'Glöm den sparade kopplingen',
    forgotten: 'Den sparade kopplingen är borttagen. Nästa fil med samma kolumner behöver kopplas igen.',
    /** Under our column's name in the error table: the column as the file names it. */
    inFile: (fileColumn: string) => `i filen: ${fileColumn}`,
    saved: {
      heading: 'Sparade kolumnkopplingar',
      none: 'Inga sparade kolumnkopplingar. En koppling sparas när en fil med egna kolumnnamn valideras med en koppling.',
      columns: {
        sheet: 'Flik',
        pairs: 'Kopplingar',
        saved: 'Sparad',
        lastUsed: 'Senast använd',
        action: 'Åtgärd',
      },
      savedOn: (date: string, savedBy: string | null) => (savedBy ? `${date} av ${savedBy}` : date),
      notUsedYet: 'Inte använd ännu',
      remove: 'Ta bort',
      removeLabel: (sheet: string) => `Ta bort kopplingen för fliken ${sheet}`,
      removed: (sheet: string) => `Kopplingen för fliken ${sheet} är borttagen.`,
    },
  },
  /** Correcting the errors on the summary and validating again ("Validera igen"), and what is kept. */
  corrections: {
    intro:
      'Rätta värdena här och validera filen igen, utan att ladda upp den på nytt. Rättelserna sparas för importen.',
    /** The accessible name of an error's value field: "Nytt värde för Pris, artikel HMD-0002, cell C3". */
    valueLabel: (column: string, articleNumber: string | undefined, row: number, cell: string) =>
      `Nytt värde för ${column}, ${articleNumber ? `artikel ${articleNumber}` : `rad ${row}`}${cell ? `, cell ${cell}` : ''}`,
    /** The file is the whole price list: a row left out is an article removed from the list. */
    leaveOut: 'Ta bort artikeln ur prislistan',
    /** The checkbox's accessible name: its visible label, and which row and article it is. */
    leaveOutLabel: (row: number, articleNumber: string | undefined) =>
      `Ta bort artikeln ur prislistan, rad ${row}${articleNumber ? `, artikel ${articleNumber}` : ''}`,
    leaveOutColumn: 'Ta bort ur prislistan',
    leaveOutHint:
      'Filen är hela prislistan: en artikel som du tar bort här finns inte kvar i prislistan när filen läses in.',
    /** A row removed with every row of its error ("Ta bort alla rader med det här felet"). */
    removedWithRule: 'Tas bort med alla rader med samma fel.',
    submit: 'Validera igen',
    nothingChanged:
      'Du har inte ändrat något värde eller tagit bort någon artikel ur prislistan. Inget har skickats.',
    /** Values the validation would refuse: said at each field, and nothing is sent. */
    refused: (count: number) =>
      count === 1
        ? '1 värde behöver rättas innan filen kan valideras igen. Felet står vid fältet.'
        : `${formatCount(count)} värden behöver rättas innan filen kan valideras igen. Felen står vid fälten.`,
    /** The row's other values, on demand: so a row without an article number can be told. */
    rowValues: 'Visa radens värden',
    rowValuesOf: (row: number) => `, rad ${row}`,
    /** "Sätt alla till …" and "Ta bort alla rader med det här felet", for the count pressed. */
    bulk: {
      heading: (label: string) => `Rätta alla: ${label}`,
      setAllLabel: 'Sätt alla till',
      setAll: 'Sätt alla',
      setAllDone: (count: number, value: string) =>
        `Alla ${formatCount(count)} fel får värdet ”${value}” när filen valideras igen. Ett värde som du skriver i ett enskilt fält gäller före.`,
      undoSetAll: 'Ångra ”Sätt alla”',
      leaveOutAll: 'Ta bort alla rader med det här felet',
      leaveOutAllDone: (count: number) =>
        `Alla rader med felet (${formatCount(count)} fel) tas bort ur prislistan när filen valideras igen.`,
    },
    /** The draft of the round, kept on the server as it is typed. */
    draft: {
      saving: 'Sparar utkastet …',
      saved: 'Dina ändringar är sparade som utkast.',
      failed:
        'Utkastet kunde inte sparas just nu. Det sparas igen om en stund; ändringarna finns kvar på sidan.',
      restored: 'Dina ändringar från förra gången finns kvar. Validera igen när du är klar.',
      dropped: (count: number) =>
        `${formatCount(count)} ${count === 1 ? 'ändring' : 'ändringar'} i utkastet gällde fel som inte finns längre och har tagits bort.`,
    },
    cannotValidateNow: 'Inläsningen kan inte valideras igen just nu.',
    tooManyErrors: (max: number) =>
      `Filen har fler än ${formatCount(max)} fel. Rätta dem i Excel med hjälp av felen som Excel-fil, och läs in filen igen.`,
    keptHeading: 'Rättade värden',
    keptColumns: {
      cell: 'Cell',
      column: 'Kolumn',
      change: 'Värde i filen → nytt värde',
      by: 'Rättat av',
      at: 'När',
    },
    change: (oldValue: string, newValue: string) =>
      `${oldValue === '' ? '(tomt)' : oldValue} → ${newValue === '' ? '(tomt)' : newValue}`,
    leftOutHeading: 'Artiklar som tas bort ur prislistan',
    leftOutRow: (row: number, by: string | null, at: string) =>
      by ? `Rad ${row} (${by}, ${at})` : `Rad ${row} (${at})`,
    unknownPerson: '–',
    download: 'Ladda ner rättad fil',
  },
  /** Each validation of the import, and how it moved since the one before. */
  attempts: {
    attempt: (number: number) => `Försök ${number}`,
    earlier: 'Tidigare försök',
    loading: 'Hämtar försöken …',
    failed: 'Det gick inte att hämta försöken.',
    columns: {
      number: 'Försök',
      at: 'När',
      by: 'Av',
      fileName: 'Fil',
      corrections: 'Rättelser',
      result: 'Resultat',
    },
    errors: (count: number) => `${formatCount(count)} fel`,
    ok: (added: number, updated: number, removed: number) =>
      `Validering OK: ${formatCount(added)} tillagda, ${formatCount(updated)} ändrade, ${formatCount(removed)} borttagna`,
    invalidFormat: 'Fel format',
  },
  rowFields: {
    articleNumber: 'Artikelnummer',
    articleName: 'Benämning',
    price: 'Pris',
    minimumOrderQuantity: 'Minsta beställningsantal',
    deliveryTimeDays: 'Leveranstid (dagar)',
    warrantyQuantity: 'Garanti antal',
    warrantyUnit: 'Garanti enhet',
    warrantyValidFrom: 'Garanti gäller från',
    warrantyTerms: 'Garantivillkor',
  },
  errorColumns: {
    row: 'Rad',
    articleNumber: 'Artikelnummer',
    articleName: 'Benämning',
    sheet: 'Flik',
    column: 'Kolumn',
    cell: 'Cell',
    value: 'Värde',
    message: 'Meddelande',
  },
  /** The risk guard's dialog, and the upload dialog's file checks and template (issue 31, parts 2 and 7). */
  riskGuard: {
    dialogIntro: 'Inläsningen ändrar prislistan så här:',
    undo: 'Inläsningen kan ångras efteråt med ”Ångra inläsning”.',
  },
  fileCheck: {
    notExcel: 'Filen måste vara en Excel-fil (.xlsx eller .xls).',
    dropArea: 'Släpp Excel-filen här',
    emptyTemplate: 'Mallen är tom. Välj prislistenummer om du vill få mallen ifylld med prislistans rader.',
    filledTemplate: (pricelistNumber: string) => `Mallen innehåller raderna i prislista ${pricelistNumber}.`,
  },
} as const;
