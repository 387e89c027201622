/** The page shown for an address of the separate application. */
export const placeholderTexts = {
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
} as const;

/** The first-use guide on the profile page, for a supplier who may read in price lists. */
export const firstUseTexts = {
  heading: 'Kom igång: läs in din prislista',
  lead: 'Så här läser du in en prislista i tre steg. Inget sparas förrän du själv väljer ”Läs in”.',
  template: {
    title: 'Ladda ner mallen.',
    text: 'Gå till Inläsningar, välj ”Läs in fil” och sedan ”Ladda ner mall”. Välj prislistenummer först, så är mallen ifylld med prislistans rader.',
  },
  fill: {
    title: 'Fyll i prislistan.',
    text: 'Filen ska innehålla hela prislistan: en artikel som inte finns i filen tas bort ur prislistan. En valfri kolumn som filen inte har lämnas orörd, men en tom cell i en kolumn som finns tömmer värdet. Filer från ett affärssystem med egna rubriker går också att läsa in: du kopplar kolumnerna en gång.',
  },
  readIn: {
    title: 'Läs in filen.',
    text: 'Välj ”Läs in fil”. Filen kontrolleras och du ser alla ändringar, risker och eventuella fel innan något sparas. Fel kan rättas direkt på sidan. Därefter väljer du ”Läs in”, och inläsningen kan ångras efteråt.',
  },
  toImports: 'Till Inläsningar',
  programs: 'Vill du läsa in prislistor från ett program?',
  toApiDocs: 'Läs API-dokumentationen',
} as const;
