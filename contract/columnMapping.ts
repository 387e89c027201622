/**
 * Mapping a supplier's own columns onto ours (docs/price-list-file.md, "The supplier's own
 * columns"): how header names are compared, the common names each of our columns goes by, the
 * suggestion the summary preselects and the checks a chosen mapping must pass. Shared: the page
 * checks at the field what the server checks again.
 */
import { type PriceListColumnHeader, priceListColumns } from './domain';

/** One column of a sheet's header row: its letter ("C") and its header as the file writes it. */
export interface FileColumn {
  column: string;
  header: string;
  /** Up to three values from the first data rows, as the user sees them (shortened): shown beside the header. */
  samples?: string[];
}

/** A sheet of the file and its header row (row 1). */
export interface FileSheet {
  name: string;
  columns: FileColumn[];
}

/** A mapping as chosen: the sheet, and for each of our columns the letter of the file's column. */
export interface ColumnChoice {
  sheet: string;
  columns: Partial<Record<PriceListColumnHeader, string>>;
}

/** A saved column: the file's header by name and, when the name repeats, which of them (1-based). */
export interface SavedFileColumn {
  header: string;
  occurrence: number;
}

/** A mapping as an organisation keeps it: by header names, so a file with its columns moved still fits. */
export interface SavedChoice {
  sheet: string;
  columns: Partial<Record<PriceListColumnHeader, SavedFileColumn>>;
}

/**
 * A header name compared loosely: letter case, diacritics, spaces and punctuation do not count
 * ("Art.nr" = "art nr" = "ARTNR", "À-pris" = "a pris").
 */
export function matchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Words that say a column's unit or join a header's words ("Leveranstid (dagar)", "Pris i SEK",
 * "Pris per st"), not what the column holds: left out when headers are compared by their words.
 */
const unitWords = new Set([
  ...['dagar', 'dag', 'arbetsdagar', 'dgr', 'days', 'day', 'veckor', 'weeks'],
  ...['manader', 'man', 'months', 'ar', 'years'],
  ...['sek', 'kr', 'kronor', 'st', 'styck', 'pcs', 'i', 'in', 'per'],
]);

/**
 * A header by its words: compared loosely as matchKey does, without unit and filler words, so
 * "Lev.tid (dagar)" = "Lev tid" and "Leveranstid dagar" = "Leveranstid". Empty when a header
 * has only such words ("Dagar"): it then matches nothing.
 */
export function wordKey(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  return words.filter((word) => word !== '' && !unitWords.has(word)).join('');
}

/**
 * What business systems and spreadsheets commonly call each of our columns, in Swedish and
 * English. Each of our own headers matches itself first. Compared by words too (wordKey), so a
 * name's unit ("(dagar)", "(SEK)") need not be listed. No two columns share a name: a header
 * can only be suggested for one of ours, so a specific one ("Garanti enhet") is never taken by
 * a vaguer column (Garanti antal).
 */
export const commonHeaderNames: Record<PriceListColumnHeader, readonly string[]> = {
  Artikelnummer: [
    'Art.nr',
    'Artikelnr',
    'Artikel nr',
    'Art nr',
    'Art.-nr',
    'Lev. art.nr',
    'Lev artikelnummer',
    'Leverantörens artikelnummer',
    'Leverantörens art.nr',
    'Artikelkod',
    'Produktnummer',
    'Produktnr',
    'Prod.nr',
    'Varunummer',
    'Varunr',
    'Article number',
    'Article no',
    'Item no',
    'Item number',
    'Item code',
    'SKU',
    'Part number',
    'Part no',
    'Product number',
    'Product code',
  ],
  Benämning: [
    'Artikelbenämning',
    'Artikelnamn',
    'Artikelbeskrivning',
    'Artikeltext',
    'Produktnamn',
    'Produktbeskrivning',
    'Varubenämning',
    'Varunamn',
    'Namn',
    'Beskrivning',
    'Description',
    'Name',
    'Product name',
    'Product description',
    'Item name',
    'Item description',
  ],
  Pris: [
    'Pris (SEK)',
    'Pris exkl. moms',
    'Pris exkl moms',
    'Pris ex moms',
    'À-pris',
    'Styckpris',
    'Nettopris',
    'Avtalspris',
    'Listpris',
    'Price',
    'Unit price',
    'Net price',
    'List price',
    'Price (SEK)',
    'Price excl. VAT',
    'Price excl VAT',
  ],
  'Minsta beställningsantal': [
    'Min. antal',
    'Minsta antal',
    'Min. beställningsantal',
    'Minsta beställning',
    'Min. best. antal',
    'Min. order',
    'Min order',
    'Minsta order',
    'Minsta köp',
    'MOQ',
    'Minimum order',
    'Minimum order quantity',
    'Min. order qty',
    'Min order quantity',
    'Minimum quantity',
    'Min qty',
  ],
  'Leveranstid (dagar)': [
    'Leveranstid',
    'Lev.tid',
    'Lev tid',
    'Leveransdagar',
    'Ledtid',
    'Ledtid (dagar)',
    'Lead time',
    'Leadtime',
    'Lead time (days)',
    'Delivery time',
    'Delivery time (days)',
  ],
  'Garanti antal': [
    'Garanti',
    'Garanti (antal)',
    'Garantitid',
    'Garantitid antal',
    'Garantilängd',
    'Antal garanti',
    'Warranty',
    'Warranty period',
    'Warranty length',
    'Warranty quantity',
  ],
  'Garanti enhet': [
    'Garantienhet',
    'Garantitid enhet',
    'Garanti tidsenhet',
    'Enhet garanti',
    'Warranty unit',
    'Warranty period unit',
    'Warranty time unit',
  ],
  'Garanti gäller från': [
    'Garanti från',
    'Garantin gäller från',
    'Garantistart',
    'Garanti startar',
    'Warranty valid from',
    'Warranty from',
    'Warranty start',
    'Warranty starts',
  ],
  Garantivillkor: [
    'Villkor',
    'Garantibestämmelser',
    'Garantitext',
    'Garanti villkor',
    'Warranty terms',
    'Warranty conditions',
  ],
};

/** Each of our columns' names (its own first), compared loosely and by their words. */
const namesOf = (header: PriceListColumnHeader) => [header, ...commonHeaderNames[header]];
const namesByColumn = new Map(
  priceListColumns.map((column) => [column.header, new Set(namesOf(column.header).map(matchKey))]),
);
const wordsByColumn = new Map(
  priceListColumns.map((column) => [
    column.header,
    new Set(
      namesOf(column.header)
        .map(wordKey)
        .filter((key) => key !== ''),
    ),
  ]),
);

/**
 * The letter of the column a saved column points at in this sheet: the n-th header of that
 * name; undefined when the sheet has no such header (any more).
 */
export function findSavedColumn(sheet: FileSheet, saved: SavedFileColumn): string | undefined {
  const key = matchKey(saved.header);
  return sheet.columns.filter((column) => matchKey(column.header) === key)[saved.occurrence - 1]?.column;
}

/** A chosen column as it is saved: its header, and which of the headers of that name it is. */
export function savedColumnOf(sheet: FileSheet, letter: string): SavedFileColumn | undefined {
  const index = sheet.columns.findIndex((column) => column.column === letter);
  if (index < 0) return undefined;
  const key = matchKey(sheet.columns[index]!.header);
  const occurrence = sheet.columns
    .slice(0, index + 1)
    .filter((column) => matchKey(column.header) === key).length;
  return { header: sheet.columns[index]!.header, occurrence };
}

/**
 * The mapping to preselect for a sheet: for each of our columns, the saved choice where its
 * header is still there, then a file column with our own name, then the first unused file
 * column whose header is one of the column's common names, as written or by its words. Only a
 * preselection: the user confirms it.
 */
export function suggestColumns(sheet: FileSheet, saved?: SavedChoice): ColumnChoice {
  const used = new Set<string>();
  const columns: ColumnChoice['columns'] = {};
  const take = (header: PriceListColumnHeader, letter: string | undefined) => {
    if (letter === undefined || used.has(letter) || columns[header] !== undefined) return;
    columns[header] = letter;
    used.add(letter);
  };
  if (saved) {
    for (const column of priceListColumns) {
      const savedColumn = saved.columns[column.header];
      if (savedColumn) take(column.header, findSavedColumn(sheet, savedColumn));
    }
  }
  // Our own names first, so "Pris" wins over an earlier "Pris (SEK)"; then a common name as
  // written, then one by its words ("Lev.tid (dagar)"), so a header that names the column
  // exactly wins over one that only has its words.
  const firstFree = (names: ReadonlySet<string>, keyOf: (header: string) => string) =>
    sheet.columns.find((c) => !used.has(c.column) && names.has(keyOf(c.header)))?.column;
  const own = (header: string) => new Set([matchKey(header)]);
  for (const { header } of priceListColumns) take(header, firstFree(own(header), matchKey));
  for (const { header } of priceListColumns) take(header, firstFree(namesByColumn.get(header)!, matchKey));
  for (const { header } of priceListColumns) take(header, firstFree(wordsByColumn.get(header)!, wordKey));
  return { sheet: sheet.name, columns };
}

/** How a file column is named on the page and in messages: "C: Pris exkl. moms", or "C" when it has no header. */
export const fileColumnLabel = (column: FileColumn) =>
  column.header.trim() === '' ? column.column : `${column.column}: ${column.header}`;

/**
 * What is wrong with a chosen mapping, by our column header, in Swedish (nothing: the map is
 * empty). A required column left out, a column the sheet does not have, and a file column
 * chosen for two of ours (said at the second).
 */
export function columnChoiceProblems(
  choice: ColumnChoice,
  sheet: FileSheet,
): Map<PriceListColumnHeader, string> {
  const problems = new Map<PriceListColumnHeader, string>();
  const chosenBy = new Map<string, PriceListColumnHeader>();
  for (const column of priceListColumns) {
    const letter = choice.columns[column.header];
    if (letter === undefined || letter === '') {
      if (column.required) problems.set(column.header, `Välj vilken kolumn i filen som är ${column.header}.`);
      continue;
    }
    const fileColumn = sheet.columns.find((c) => c.column === letter);
    if (!fileColumn) {
      problems.set(column.header, `Fliken ${sheet.name} har ingen kolumn ${letter}.`);
      continue;
    }
    const other = chosenBy.get(letter);
    if (other !== undefined) {
      problems.set(
        column.header,
        `Kolumnen ${fileColumnLabel(fileColumn)} är redan vald för ${other}. Varje kolumn i filen kan bara användas en gång.`,
      );
      continue;
    }
    chosenBy.set(letter, column.header);
  }
  return problems;
}

/** The key a saved mapping is found by: the sheet and the file's header names (as a set, loosely compared). */
export function headerSetKey(sheet: FileSheet): string {
  const names = sheet.columns.map((column) => matchKey(column.header)).filter((name) => name !== '');
  return JSON.stringify([matchKey(sheet.name), [...new Set(names)].sort()]);
}

/** The mapped columns as a validation reports them: our column, the file's letter and header. */
export interface MappedColumn {
  column: string;
  fileColumn: string;
  fileHeader: string;
}

/**
 * How the supplier's file names one of our columns, when it names it otherwise: "Pris exkl.
 * moms (kolumn C)", or "kolumn C" for a column without a header. Undefined when the file uses
 * our name (or the column is not mapped).
 */
export function fileColumnOf(
  columns: readonly MappedColumn[] | undefined,
  column: string,
): string | undefined {
  const mapped = columns?.find((c) => c.column === column);
  if (!mapped || matchKey(mapped.fileHeader) === matchKey(column)) return undefined;
  return mapped.fileHeader === ''
    ? `kolumn ${mapped.fileColumn}`
    : `${mapped.fileHeader} (kolumn ${mapped.fileColumn})`;
}
