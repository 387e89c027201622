/**
 * The app-wide Swedish texts: the shell, header, menus, footer, error pages, common buttons and
 * what ui/ or more than one feature shows. Each feature keeps its own texts in its texts.ts, since
 * features never import each other. The product's fixed texts (docs/product.md, "Texts" and
 * "Forms") appear word for word, and tests pin them.
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
    cancel: 'Avbryt',
    actionFailed: 'Någonting gick fel. Försök igen.',
  },
  /** The paging control under every paged table (ui/Pager). */
  pager: {
    previous: 'Föregående sida',
    next: 'Nästa sida',
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
    priceChanges: 'Prisändringar',
    apiKeys: 'API-nycklar',
    webhooks: 'Webhooks',
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
  /** Undoing an import: the dialog in ui/ and the status that imports and price lists both show. */
  undoImport: {
    action: 'Ångra inläsning',
    dialogHeading: 'Vill du ångra inläsningen?',
    dialogWhat: (fileName: string, pricelistNumber: string) =>
      `Prislista ${pricelistNumber} får tillbaka exakt de rader den hade före inläsningen av ”${fileName}”: ` +
      'tillagda rader tas bort, ändrade rader får sina gamla värden och borttagna rader kommer tillbaka.',
    dialogNote: 'Det går bara om prislistan inte har ändrats sedan inläsningen.',
    yes: 'Ja, ångra',
    status: 'Ångrad',
  },
} as const;
