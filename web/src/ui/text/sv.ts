/**
 * Every Swedish text the user reads, grouped by feature. Texts quoted by the specification
 * appear here word for word; change them only when the specification changes.
 */
export const sv = {
  app: {
    name: 'Hjälpmedelsdatabasen',
    loading: 'Laddar …',
    somethingWentWrong: 'Någonting gick fel.',
    required: 'obligatoriskt',
    emptyTable: 'Det finns inga rader att visa.',
    skipToContent: 'Hoppa till huvudinnehållet',
  },
  login: {
    heading: 'Logga in',
    username: 'Användarnamn',
    password: 'Lösenord',
    submit: 'Logga in',
    wrongCredentials: 'Du har angett fel användarnamn eller lösenord. Försök igen.',
    failed: 'Någonting gick fel.',
    forgotPassword: 'Glömt lösenordet?',
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
    tooShort: 'Ditt lösenord måste vara minst 10 tecken långt.',
    saved: 'Ditt lösenord är sparat. Du kan nu logga in i tjänsten med ditt nya lösenord.',
    toLogin: 'Till inloggning',
    requestNewLink: 'Begär en ny länk',
  },
  logout: {
    heading: 'Du är utloggad',
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
    /** One sentence per count of specification §6; the number decides singular or plural. */
    counts: {
      emptyPricelists: (n: number) =>
        n === 1 ? 'Du har 1 prislista utan rader.' : `Du har ${n} prislistor utan rader.`,
      declined: (n: number) =>
        n === 1 ? '1 prislista har avböjda rader.' : `${n} prislistor har avböjda rader.`,
      newOrChanged: (n: number) =>
        n === 1
          ? '1 prislista har nya eller ändrade avtalsrader.'
          : `${n} prislistor har nya eller ändrade avtalsrader.`,
      pendingApprovalTask: (n: number) =>
        n === 1 ? 'Du har 1 prislista att godkänna.' : `Du har ${n} prislistor att godkänna.`,
      pendingInactivation: (n: number) =>
        n === 1 ? 'Du har 1 prislista att inaktivera.' : `Du har ${n} prislistor att inaktivera.`,
      agreementsToExtend: (n: number) =>
        n === 1 ? 'Du har 1 avtal att förlänga.' : `Du har ${n} avtal att förlänga.`,
      agreementsChangedByCustomer: (n: number) =>
        n === 1 ? '1 avtal har ändrats av kunden.' : `${n} avtal har ändrats av kunden.`,
      pendingApprovalInformation: (n: number) =>
        n === 1
          ? '1 prislista väntar på kundens godkännande.'
          : `${n} prislistor väntar på kundens godkännande.`,
      pricelistRowsApprovedByCustomer: (n: number) =>
        n === 1 ? '1 prislisterad har godkänts av kunden.' : `${n} prislisterader har godkänts av kunden.`,
      articlesChanged: (n: number) =>
        n === 1 ? '1 artikel har ändrats av leverantören.' : `${n} artiklar har ändrats av leverantörerna.`,
      articlesDiscontinued: (n: number) =>
        n === 1 ? '1 artikel i ditt utbud har utgått.' : `${n} artiklar i ditt utbud har utgått.`,
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
    legacyMissing: 'Kunde inte läsa in import',
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
    showingErrors: (shown: number, total: number) => `Visar ${shown} av ${total} fel`,
  },
  breadcrumb: {
    label: 'Du är här',
    start: 'Start',
    imports: 'Inläsningar',
    summary: 'Sammanfattning',
  },
} as const;
