import { formatCount, formatPercent } from '../format';

/**
 * Every Swedish text the user reads, grouped by feature. The product's fixed texts
 * (docs/product.md, "Texts" and "Forms") appear here word for word, and tests pin them.
 */
export const sv = {
  app: {
    name: 'Hjälpmedelsdatabasen',
    loading: 'Laddar …',
    somethingWentWrong: 'Någonting gick fel.',
    required: 'obligatoriskt',
    emptyTable: 'Det finns inga rader att visa.',
    skipToContent: 'Hoppa till huvudinnehållet',
    /** The name of a table's scroll box, apart from the section around it. */
    tableRegion: (name: string) => `${name}, tabell`,
  },
  login: {
    heading: 'Logga in',
    username: 'Användarnamn',
    password: 'Lösenord',
    submit: 'Logga in',
    wrongCredentials: 'Du har angett fel användarnamn eller lösenord. Försök igen.',
    failed: 'Någonting gick fel.',
    forgotPassword: 'Glömt lösenordet?',
    usernameMissing: 'Ange ditt användarnamn.',
    passwordMissing: 'Ange ditt lösenord.',
  },
  recover: {
    heading: 'Återställ lösenord',
    intro:
      'Ange ditt användarnamn och din e-postadress så skickar vi en länk där du kan välja ett nytt lösenord.',
    username: 'Användarnamn',
    email: 'E-postadress',
    submit: 'Skicka',
    sent: 'Ett meddelande med instruktioner för hur du återställer ditt lösenord har skickats till din e-postadress. Kontrollera att meddelandet inte hamnat i din skräppost.',
    sendAgain: 'Skicka igen.',
    failed: 'Någonting gick fel.',
    fieldsMissing: 'Ange användarnamn och e-postadress.',
    usernameMissing: 'Ange ditt användarnamn.',
    emailMissing: 'Ange din e-postadress.',
    backToLogin: 'Tillbaka till inloggningen',
  },
  reset: {
    heading: 'Välj nytt lösenord',
    rule: 'Lösenordet måste vara minst 10 tecken långt.',
    newPassword: 'Nytt lösenord',
    repeatPassword: 'Upprepa nytt lösenord',
    submit: 'Spara lösenord',
    linkInvalid:
      'Länken är inte längre giltig. Du behöver återställa ditt lösenord igen för att få en ny länk.',
    failed: 'Någonting gick fel.',
    mismatch: 'De lösenord du angett matchar inte.',
    newPasswordMissing: 'Ange ett nytt lösenord.',
    repeatMissing: 'Upprepa det nya lösenordet.',
    tooShort: 'Ditt lösenord måste vara minst 10 tecken långt.',
    saved: 'Ditt lösenord är sparat. Du kan nu logga in i tjänsten med ditt nya lösenord.',
    toLogin: 'Till inloggning',
    requestNewLink: 'Begär en ny länk',
  },
  logout: {
    heading: 'Du är utloggad',
    inactivity: (minutes: number) =>
      `Du har loggats ut eftersom du inte har varit aktiv på ${minutes} minuter.`,
    maxAge: (hours: number) =>
      `Du har loggats ut eftersom du har varit inloggad i ${hours} timmar, den längsta tiden för en inloggning. Logga in igen för att fortsätta.`,
    toLogin: 'Till inloggning',
  },
  welcome: {
    heading: 'Välkommen till Hjälpmedelsdatabasen',
  },
  session: {
    expiringHeading: 'Du kommer snart att loggas ut',
    expiringText: 'Din session upphör snart på grund av inaktivitet. Vill du fortsätta vara inloggad?',
    logOut: 'Logga ut',
    stayLoggedIn: 'Fortsätt vara inloggad',
    /** The countdown: "Du loggas ut om 4 minuter och 12 sekunder". */
    logoutIn: (duration: string) => `Du loggas ut om ${duration}`,
    minutes: (n: number) => `${n} ${n === 1 ? 'minut' : 'minuter'}`,
    seconds: (n: number) => `${n} ${n === 1 ? 'sekund' : 'sekunder'}`,
    and: (first: string, second: string) => `${first} och ${second}`,
  },
  start: {
    welcome: (firstName: string) => `Välkommen ${firstName}`,
    toHandle: 'Att hantera',
    tasks: 'Ärenden',
    information: 'Information',
    news: 'Nyheter',
    noTasks: 'Du har inga ärenden att hantera.',
    noInformation: 'Du har ingen ny information.',
    handleTasks: 'HANTERA ÄRENDEN',
    title: 'Start',
    loadingCounts: 'Hämtar ärenden och information …',
    countsFailed: 'Det gick inte att hämta alla ärenden och all information. Försök igen senare.',
    newsFailed: 'Det gick inte att hämta nyheterna. Försök igen senare.',
    /** One sentence per count of docs/product.md, "Roles and permissions"; the number decides singular or plural. */
    counts: {
      emptyPricelists: (n: number) =>
        n === 1 ? 'Du har 1 prislista utan rader.' : `Du har ${formatCount(n)} prislistor utan rader.`,
      declined: (n: number) =>
        n === 1 ? '1 prislista har avböjda rader.' : `${formatCount(n)} prislistor har avböjda rader.`,
      newOrChanged: (n: number) =>
        n === 1
          ? '1 prislista har nya eller ändrade avtalsrader.'
          : `${formatCount(n)} prislistor har nya eller ändrade avtalsrader.`,
      pendingApprovalTask: (n: number) =>
        n === 1 ? 'Du har 1 prislista att godkänna.' : `Du har ${formatCount(n)} prislistor att godkänna.`,
      pendingInactivation: (n: number) =>
        n === 1
          ? '1 prislista väntar på inaktivering.'
          : `${formatCount(n)} prislistor väntar på inaktivering.`,
      agreementsToExtend: (n: number) =>
        n === 1 ? 'Du har 1 avtal att förlänga.' : `Du har ${formatCount(n)} avtal att förlänga.`,
      agreementsChangedByCustomer: (n: number) =>
        n === 1 ? '1 avtal har ändrats av kunden.' : `${formatCount(n)} avtal har ändrats av kunden.`,
      pendingApprovalInformation: (n: number) =>
        n === 1
          ? '1 prislista väntar på kundens godkännande.'
          : `${formatCount(n)} prislistor väntar på kundens godkännande.`,
      pricelistRowsApprovedByCustomer: (n: number) =>
        n === 1
          ? '1 prislisterad har godkänts av kunden.'
          : `${formatCount(n)} prislisterader har godkänts av kunden.`,
      articlesChanged: (n: number) =>
        n === 1
          ? '1 artikel har ändrats av leverantören.'
          : `${formatCount(n)} artiklar har ändrats av leverantörerna.`,
      articlesDiscontinued: (n: number) =>
        n === 1
          ? '1 artikel i ditt utbud har utgått.'
          : `${formatCount(n)} artiklar i ditt utbud har utgått.`,
    },
  },
  header: {
    home: 'Hjälpmedelsdatabasen',
    mainMenuLabel: 'Huvudmeny',
    menuButton: 'Meny',
    menu: {
      search: 'Sök',
      imports: 'Inläsningar',
      products: 'Produkter & artiklar',
      generalPricelist: 'Generell prislista',
      agreements: 'Inköpsavtal',
      assortment: 'Utbud',
      organization: 'Organisation',
      administration: 'Administration',
      categories: 'Kategorier',
    },
  },
  userMenu: {
    label: 'Användarmeny',
    profile: 'Min profil',
    organization: 'Min organisation',
    exportFile: 'Exportfil',
    exportSettings: 'Exportinställningar',
    apiKeys: 'API-nycklar',
    help: 'Hjälp',
    logOut: 'Logga ut',
  },
  footer: {
    label: 'Sidfot',
    aboutColumn: 'Om tjänsten',
    helpColumn: 'Hjälp och stöd',
    openInformation: 'Öppen information',
    servicePage: 'Hjälpmedelstjänsten på inera.se',
    manual: 'Ladda ner manual',
    accessibility: 'Tillgänglighetsredogörelse',
    changeRoles: 'Byt roller',
    support: 'Support',
    apiDocumentation: 'API-dokumentation',
    personalData: 'Behandling av personuppgifter',
    cookies: 'Hantering av kakor',
    cookiesIntro:
      'Hjälpmedelsdatabasen använder bara sessionskakor. En sessionskaka håller reda på att du är inloggad och tas bort när du loggar ut, när du har varit inaktiv en längre tid eller när du stänger webbläsaren.',
    cookiesNoTracking:
      'Vi använder inga kakor för statistik, spårning eller marknadsföring, och ingen information lämnas till tredje part.',
    cookiesConsent:
      'Sessionskakan behövs för att tjänsten ska fungera och kräver därför inget samtycke enligt lagen om elektronisk kommunikation.',
    close: 'Stäng',
  },
  pricelists: {
    generalHeading: 'Generell prislista',
    generalIntro:
      'Prislistorna i organisationens generella prislista. Välj en prislista för att se dess rader.',
    columns: {
      number: 'Prislista',
      status: 'Status',
      validFrom: 'Gäller från',
      rowCount: 'Rader',
      lastImport: 'Senaste inläsning',
    },
    noImport: 'Ingen inläsning',
    notFound: 'Prislistan hittades inte.',
    heading: (number: string) => `Prislista ${number}`,
    toGeneral: 'Till generell prislista',
    download: 'Ladda ner som Excel',
    rowsHeading: 'Rader',
    searchLabel: 'Sök på artikelnummer eller benämning',
    searchHint: 'Artikelnummer söks från början, benämningar var som helst i texten.',
    search: 'Sök',
    showAll: 'Visa alla rader',
    noRows: 'Prislistan har inga rader.',
    noMatches: (search: string) => `Inga rader matchar ”${search}”.`,
    shown: (from: number, to: number) => `Visar rad ${from}–${to}`,
    shownOf: (from: number, to: number, total: number) => `Visar rad ${from}–${to} av ${total}`,
    previousPage: 'Föregående sida',
    nextPage: 'Nästa sida',
    historyHeading: 'Inläsningar till prislistan',
    noHistory: 'Inga inläsningar till prislistan ännu.',
    historyColumns: {
      file: 'Fil',
      imported: 'Inläst',
      by: 'Av',
      added: 'Tillagda',
      updated: 'Ändrade',
      removed: 'Borttagna',
      status: 'Status',
      action: 'Åtgärd',
    },
  },
  placeholder: {
    title: (area: string) => area,
    text: 'Den här sidan hör till den separata applikationen för Hjälpmedelsdatabasen och visas inte här.',
    address: 'Sidans adress:',
    toStart: 'Till startsidan',
    unknownArea: 'Den separata applikationen',
    areas: {
      profile: 'Min profil',
      myOrganization: 'Min organisation',
      organization: 'Organisation',
      user: 'Användare',
      exportFile: 'Exportfil',
      exportSettings: 'Exportinställningar',
      search: 'Sök',
      dashboard: 'Ärenden',
      administration: 'Administration',
      categories: 'Kategorier',
      products: 'Produkter & artiklar',
      product: 'Produkt',
      article: 'Artikel',
      generalPricelist: 'Generell prislista',
      generalPricelists: 'Generella prislistor',
      pricelist: 'Prislista',
      agreements: 'Inköpsavtal',
      agreement: 'Inköpsavtal',
      agreementPricelist: 'Avtalsprislista',
      assortments: 'Utbud',
      assortment: 'Utbud',
    },
  },
  imports: {
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
    confirm: 'Läs in',
    readNewFile: 'Läs in ny fil',
    deleteQuestion: 'Vill du radera filen och dess sammanfattning?',
    no: 'Nej',
    yesDelete: 'Ja, Radera',
    deleteWhat: (fileName: string, pricelistNumber: string) =>
      `Filen ”${fileName}” för prislista ${pricelistNumber} raderas.`,
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
    tooManyErrorsBanner:
      'Filen innehåller fler än 100 felaktiga rader. Endast de första 100 raderna visas i tabellen. För att se alla fel, exportera resultatet till excel.',
    showingErrors: (shown: number, total: number) =>
      `Visar ${formatCount(shown)} av ${formatCount(total)} fel`,
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
      cancel: 'Avbryt',
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
      warningsHeading: 'Kontrollera innan du läser in',
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
    },
    undo: {
      action: 'Ångra inläsning',
      dialogHeading: 'Vill du ångra inläsningen?',
      dialogWhat: (fileName: string, pricelistNumber: string) =>
        `Prislista ${pricelistNumber} får tillbaka exakt de rader den hade före inläsningen av ”${fileName}”: ` +
        'tillagda rader tas bort, ändrade rader får sina gamla värden och borttagna rader kommer tillbaka.',
      dialogNote: 'Det går bara om prislistan inte har ändrats sedan inläsningen.',
      yes: 'Ja, ångra',
      done: (pricelistNumber: string) =>
        `Inläsningen är ångrad. Prislista ${pricelistNumber} har nu de rader den hade före inläsningen.`,
      status: 'Ångrad',
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
      importedHeading: (when: string, fullName: string) => `Inläst ${when} av ${fullName}`,
      showChanges: 'Visa ändringar',
      changesFailed: 'Det gick inte att hämta ändringarna.',
      changesColumn: 'Ändringar',
      change: (field: string, oldValue: string, newValue: string) => `${field}: ${oldValue} → ${newValue}`,
      emptyValue: '(tomt)',
      previousPage: 'Föregående',
      nextPage: 'Nästa',
      pageInfo: (from: number, to: number, total: number) =>
        `Visar ${formatCount(from)}–${formatCount(to)} av ${formatCount(total)}`,
      missingColumnsHeading: 'Saknade kolumner',
      missingSheet: (sheet: string, sheetsInFile: readonly string[]) =>
        sheetsInFile.length === 0
          ? `Fliken ”${sheet}” saknas.`
          : `Fliken ”${sheet}” saknas. Filen har flikarna: ${sheetsInFile.join(', ')}.`,
      missingColumn: (column: string, sheets: readonly string[]) =>
        `Kolumnen ”${column}” saknas på fliken ${sheets.map((sheet) => `”${sheet}”`).join(', ')}.`,
      errorsHeading: 'Valideringsfel',
      exportErrors: 'Exportera resultatet till Excel',
      actionFailed: 'Någonting gick fel. Försök igen.',
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
      sheet: 'Flik',
      column: 'Kolumn',
      value: 'Värde',
      message: 'Meddelande',
    },
  },
  pages: {
    notFoundHeading: 'Sidan finns inte',
    notFoundText:
      'Det finns ingen sida på den här adressen. Kontrollera adressen eller gå vidare från startsidan.',
    toStart: 'Till startsidan',
    errorHeading: 'Sidan kunde inte visas',
    errorText:
      'Ett oväntat fel uppstod. Ladda om sidan och försök igen. Om felet finns kvar kan du kontakta support.',
    reload: 'Ladda om sidan',
    noPermissionHeading: 'Ingen behörighet',
    noPermissionText: 'Du har inte behörighet till den här sidan.',
  },
  breadcrumb: {
    label: 'Du är här',
    start: 'Start',
    imports: 'Inläsningar',
    summary: 'Sammanfattning',
  },
  apiKeys: {
    heading: 'API-nycklar',
    intro:
      'Med en API-nyckel kan ert affärssystem eller ett annat program hämta era prislistor och läsa in nya prislistefiler utan att någon loggar in i webbläsaren. Programmet gör det i ditt namn och med den behörighet du har.',
    advice:
      'Skapa en egen nyckel för varje program. Då kan du återkalla en nyckel utan att andra program påverkas.',
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
  },
} as const;
