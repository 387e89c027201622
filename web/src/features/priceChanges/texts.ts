import { priceChangeKindLabels } from '#contract/domain';

/** The page "Prisändringar". */
export const priceChangeTexts = {
  heading: 'Prisändringar',
  intro:
    'Leverantörernas prislistor ändras när en inläsning genomförs eller ångras. Här är de senaste ändringarna, nyast först, med de största prisändringarna i varje.',
  feedBefore: 'Ett affärssystem kan följa samma ändringar rad för rad, i JSON eller som Peppol-katalog, se',
  feedLink: 'API-dokumentationen',
  filterHeading: 'Välj ändringar',
  supplier: 'Leverantör',
  allSuppliers: 'Alla leverantörer',
  from: 'Från och med',
  to: 'Till och med',
  dateHint: 'Datum som 2026-11-30. Lämna tomt för alla dagar.',
  show: 'Visa',
  tableCaption: 'De senaste prisändringarna',
  columns: {
    changedAt: 'Tid',
    supplier: 'Leverantör',
    pricelist: 'Prislista',
    kind: 'Ändring',
    added: 'Tillagda rader',
    updated: 'Ändrade rader',
    removed: 'Borttagna rader',
    largest: 'Största prisändringar',
  },
  kinds: priceChangeKindLabels,
  pricelist: (number: string) => `Prislista ${number}`,
  noPriceChanges: 'Inga priser ändrades.',
  notKept: 'Sparades inte för äldre ändringar.',
  none: 'Det finns inga prisändringar att visa.',
  noneChosen: 'Det finns inga prisändringar för det du valde.',
  loadFailed: 'Prisändringarna kunde inte hämtas. Försök igen om en stund.',
  older: 'Visa äldre',
  download: 'Ladda ner som Excel',
  downloadFailed: 'Filen kunde inte hämtas. Försök igen om en stund.',
  downloadHint:
    'Filen har en rad för varje ändrad rad i prislistorna, med priset före och efter, för leverantören och dagarna du har valt. Högst 100 000 rader: välj en kortare period om det är fler.',
  shown: (count: number) => `Visar ${count} ${count === 1 ? 'ändring' : 'ändringar'}.`,
  badDate: 'Ange ett datum som 2026-11-30.',
  toBeforeFrom: 'Till och med kan inte vara före från och med.',
} as const;
