/** The general price list and one price list's rows and imports. */
export const pricelistTexts = {
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
  /** The price list as a Peppol BIS Catalogue 3 (Replace) document, for a business system. */
  downloadPeppol: 'Ladda ner som Peppol-katalog',
  rowsHeading: 'Rader',
  searchLabel: 'Sök på artikelnummer eller benämning',
  searchHint: 'Artikelnummer söks från början, benämningar var som helst i texten.',
  search: 'Sök',
  showAll: 'Visa alla rader',
  noRows: 'Prislistan har inga rader.',
  noMatches: (search: string) => `Inga rader matchar ”${search}”.`,
  shown: (from: number, to: number) => `Visar rad ${from}–${to}`,
  shownOf: (from: number, to: number, total: number) => `Visar rad ${from}–${to} av ${total}`,
  historyHeading: 'Inläsningar till prislistan',
  noHistory: 'Inga inläsningar till prislistan ännu.',
  /** After "Ja, ångra" in the history: what happened, said where the button was. */
  undone: (number: string) => `Inläsningen är ångrad: prislista ${number} är som före den.`,
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
} as const;
