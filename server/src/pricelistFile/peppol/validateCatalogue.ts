import type { ImportSummary, ValidationError } from '#contract';
import {
  CATALOGUE_SHEET,
  type PriceListColumnHeader,
  priceListColumns,
  SUMMARY_ERROR_LIMIT,
  type ValidationRule,
} from '#contract/domain';
import { RowCells, TEXT } from '../../lib/xlsx';
import { slot } from '../columns';
import { PriceListDiff, type PriceListDiffResult, type StoredRows } from '../diff';
import { ErrorTally } from '../errorCounts';
import { ExcelFileError } from '../fileErrors';
import { PriceListRowRules, VALID_ROW } from '../rowRules';
import { shownSafely } from '../storableText';
import type { FileCorrections, PricelistPeriod } from '../types';
import {
  type CatalogueHeader,
  type CatalogueLine,
  type CatalogueRead,
  catalogueRead,
  catalogueUtf8,
  lineFieldPaths,
  readCatalogue,
} from './readCatalogue';

/** What a catalogue is checked against (validatePricelist.ts CheckData). */
interface CheckData {
  articleNumbers: readonly string[];
  stored: StoredRows;
  period?: PricelistPeriod;
}

/** As validatePricelist.ts ValidationOutcome. */
type ValidationOutcome =
  | { summary: Extract<ImportSummary, { type: 'CONFIRM' }>; diff: PriceListDiffResult }
  | { summary: Exclude<ImportSummary, { type: 'CONFIRM' }>; allErrors: ValidationError[] };

const CUSTOMIZATION_ID = 'urn:fdc:peppol.eu:poacc:trns:catalogue:3';
const PROFILE_IDS = [
  'urn:fdc:peppol.eu:poacc:bis:catalogue_only:3',
  'urn:fdc:peppol.eu:poacc:bis:catalogue_wo_response:3',
];

/** Every slot at the column of its own index: a line's cells are laid out that way. */
const identityMapping = {
  filter: new Uint8Array(0),
  slotOfColumn: Int8Array.from(priceListColumns, (_, index) => index),
  columnOfSlot: priceListColumns.map((_, index) => index),
  missingRequired: [],
  duplicateErrors: [],
};

const refused = (message: string) => new ExcelFileError('UNSUPPORTED', message);

/** Whole list (Add, Replace, none) or only the lines named (Update); Delete is refused. */
function modeOf(header: CatalogueHeader): 'WHOLE' | 'LISTED' {
  const customization = header.customizationId?.value ?? '';
  if (!customization.startsWith(CUSTOMIZATION_ID))
    throw refused(
      `Filen är inte en Peppol BIS Catalogue 3: CustomizationID är ”${shownSafely(customization)}”, men måste börja med ${CUSTOMIZATION_ID}.`,
    );
  const profile = header.profileId?.value ?? '';
  if (!PROFILE_IDS.includes(profile))
    throw refused(
      `Katalogens ProfileID ”${shownSafely(profile)}” är inte tillåtet. Den måste vara ${PROFILE_IDS.join(' eller ')}.`,
    );
  const start = header.startDate?.value;
  const end = header.endDate?.value;
  if (start && end && end < start)
    throw refused(`Katalogens giltighetsperiod slutar (${end}) före den börjar (${start}) (ValidityPeriod).`);
  const action = header.actionCode?.value ?? '';
  if (action === '' || action === 'Add' || action === 'Replace') return 'WHOLE';
  if (action === 'Update') return 'LISTED';
  if (action === 'Delete')
    throw refused(
      'Katalogen har ActionCode Delete och läses inte in: en prislista töms aldrig från en katalog. Skicka en katalog med ActionCode Update och Delete på de rader som ska bort.',
    );
  throw refused(
    `Katalogens ActionCode ”${shownSafely(action)}” är inte tillåten. Använd Add, Replace eller Update.`,
  );
}

/**
 * Why the catalogue's start date does not fit the chosen price list (from its start, before the
 * next one's), naming both dates; null when it fits or there is none.
 */
function startDateProblem(
  header: CatalogueHeader,
  period: PricelistPeriod | undefined,
  xmlLineAt: CatalogueRead['xmlLineAt'],
): string | null {
  const start = header.startDate?.value;
  if (!start || !period) return null;
  const where = `ValidityPeriod/StartDate, XML-rad ${xmlLineAt(header.startDate!.offset)}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start))
    return `Katalogens startdatum ”${shownSafely(start)}” (${where}) är inte ett datum (ÅÅÅÅ-MM-DD).`;
  const next = period.nextValidFrom;
  if (start >= period.validFrom && (next === null || start < next)) return null;
  const until = next === null ? '' : ` och före ${next}, då nästa prislista börjar gälla`;
  return `Katalogens startdatum ${start} (${where}) passar inte prislista ${period.number}, som gäller från ${period.validFrom}. Startdatumet måste vara ${period.validFrom} eller senare${until}. Välj den prislista som gäller från katalogens startdatum.`;
}

const header = (key: (typeof priceListColumns)[number]['key']): PriceListColumnHeader =>
  priceListColumns.find((column) => column.key === key)!.header;

/** How many lines are read, while the data is on its way, before its messages are let in. */
const LINES_BETWEEN_PAUSES = 2_000;

/**
 * Validates a Peppol catalogue as a price-list file: each CatalogueLine is a row (its position is
 * the row number), checked by the same rules and compared by the same diff as a sheet's rows.
 * The document is read while the data may still be on its way, as a sheet is: the lines read
 * meanwhile wait, and the rest are checked as they are read, so only those few are ever held.
 */
export async function validateCatalogue(
  content: Uint8Array,
  dataOrPromise: CheckData | Promise<CheckData>,
  corrections: FileCorrections | undefined,
): Promise<ValidationOutcome> {
  const bytes = await catalogueUtf8(content);
  const read = catalogueRead(bytes);
  const lines = readCatalogue(bytes, read);
  let arrived = dataOrPromise instanceof Promise ? undefined : dataOrPromise;
  if (!arrived)
    void (dataOrPromise as Promise<CheckData>).then(
      (data) => (arrived = data),
      () => {},
    );
  const waiting: CatalogueLine[] = [];
  // The first line is read before anything is decided: the header comes before it.
  let next = lines.next();
  while (!arrived && !next.done) {
    waiting.push(next.value);
    if (waiting.length % LINES_BETWEEN_PAUSES === 0) await new Promise(setImmediate);
    next = lines.next();
  }
  const mode = modeOf(read.header);
  if (next.done && waiting.length === 0) throw refused('Katalogen har inga rader (CatalogueLine).');
  const data = await dataOrPromise;
  const catalogueProblem = startDateProblem(read.header, data.period, read.xmlLineAt);
  if (catalogueProblem !== null) {
    // A format error, as a workbook without our columns: the file is not read further.
    return {
      summary: { type: 'INVALID_FORMAT', missingColumns: [], catalogueProblem },
      allErrors: [],
    };
  }

  const articleIndex = new Map<string, number>();
  for (const articleNumber of data.articleNumbers)
    if (!articleIndex.has(articleNumber)) articleIndex.set(articleNumber, articleIndex.size);
  const { stored } = data;
  const rules = new PriceListRowRules(CATALOGUE_SHEET, false, articleIndex, identityMapping, MAX_ERRORS);
  const diff = new PriceListDiff(stored, articleIndex);
  const ours = new ErrorTally();
  let ownErrors = 0;
  const leftOut = new Set(corrections?.leaveOut);
  const corrected = new Map<number, { slot: number; value: string }[]>();
  for (const { row, column, value } of corrections?.cells ?? []) {
    const at = priceListColumns.findIndex((c) => c.header === column);
    if (at >= 0) corrected.set(row, [...(corrected.get(row) ?? []), { slot: at, value }]);
  }
  /**
   * The line each article was first on, for lines the rules do not see (Delete): by the
   * article's index, and by number for articles the supplier does not have.
   */
  const lineOfArticle = new Int32Array(articleIndex.size);
  const lineOfUnknownArticle = new Map<string, number>();
  const deleted = new Set<string>();
  const cells = new RowCells();

  /** An error of our own (not of the row rules) on `line`. */
  const fail = (
    line: CatalogueLine,
    column: string,
    rule: ValidationRule,
    message: string,
    field?: keyof typeof lineFieldPaths,
  ) => {
    ownErrors++;
    ours.add(column, rule);
    if (rules.errors.length >= MAX_ERRORS) return;
    const value = field ? line[field] : undefined;
    rules.errors.push({
      row: line.index,
      ...(line.articleNumber && { articleNumber: shownSafely(line.articleNumber.value) }),
      sheet: CATALOGUE_SHEET,
      column,
      message,
      value: value ? shownSafely(value.value) : '',
      rule,
    });
  };

  const checkLine = (line: CatalogueLine) => {
    if (leftOut.has(line.index)) {
      diff.leaveOut(articleIndex.get(line.articleNumber?.value.trim() ?? ''));
      return;
    }
    const errorsBefore = rules.errors.length;
    const ownBefore = ownErrors;
    const action = line.actionCode?.value ?? '';
    const articleNumber = line.articleNumber?.value ?? '';
    const article = articleNumber === '' ? undefined : articleIndex.get(articleNumber);
    let earlier: number | undefined;
    if (article !== undefined) {
      earlier = lineOfArticle[article] || undefined;
      if (earlier === undefined) lineOfArticle[article] = line.index;
    } else if (articleNumber !== '') {
      earlier = lineOfUnknownArticle.get(articleNumber);
      if (earlier === undefined) lineOfUnknownArticle.set(articleNumber, line.index);
    }

    if (action !== '' && action !== 'Add' && action !== 'Update' && action !== 'Delete') {
      fail(
        line,
        'ActionCode',
        'INVALID_VALID_FROM',
        'Radens ActionCode är inte tillåten. Använd Add, Update eller Delete.',
        'actionCode',
      );
    } else if (action === 'Delete') {
      if (mode === 'WHOLE')
        fail(
          line,
          'ActionCode',
          'INVALID_VALID_FROM',
          'ActionCode Delete på en rad gäller bara i en katalog med ActionCode Update. I en hel katalog (Add eller Replace) tas en rad bort genom att den inte finns med.',
          'actionCode',
        );
      else if (articleNumber === '')
        fail(
          line,
          header('articleNumber'),
          'REQUIRED',
          'Artikelnummer saknas (SellersItemIdentification/ID). Ange vilken rad som ska tas bort.',
        );
      else if (earlier !== undefined)
        fail(
          line,
          header('articleNumber'),
          'DUPLICATE_ARTICLE',
          `Artikelnumret finns redan på rad ${earlier}. Varje artikel får bara finnas på en rad i filen.`,
          'articleNumber',
        );
      else {
        deleted.add(articleNumber);
        if (article === undefined || !diff.remove(article))
          fail(
            line,
            header('articleNumber'),
            'UNKNOWN_ARTICLE',
            'Artikeln finns inte i prislistan och kan inte tas bort (ActionCode Delete).',
            'articleNumber',
          );
      }
      placeErrors(rules.errors, errorsBefore, line, read.xmlLineAt);
      return;
    }

    if (earlier !== undefined && deleted.has(articleNumber))
      fail(
        line,
        header('articleNumber'),
        'DUPLICATE_ARTICLE',
        `Artikelnumret finns redan på rad ${earlier}. Varje artikel får bara finnas på en rad i filen.`,
        'articleNumber',
      );
    cells.count = 0;
    putText(cells, slot.articleNumber, line.articleNumber?.value);
    putText(cells, slot.articleName, line.name?.value);
    putText(cells, slot.price, line.price?.value);
    // No minimum in a catalogue: one may be ordered.
    putText(cells, slot.minimumOrderQuantity, line.minimumOrderQuantity?.value ?? '1');
    if (line.leadTime) {
      const unit = line.leadTime.attribute ?? 'DAY';
      const value = line.leadTime.value;
      if (unit === 'DAY') putText(cells, slot.deliveryTimeDays, value);
      else if (unit === 'WEE' && /^\d{1,9}$/.test(value))
        putText(cells, slot.deliveryTimeDays, String(Number(value) * 7));
      else
        fail(
          line,
          header('deliveryTimeDays'),
          'INVALID_UNIT',
          `Leveranstiden är angiven i enheten ${shownSafely(unit)}. ${header('deliveryTimeDays')} måste anges i dagar (unitCode="DAY") eller hela veckor (unitCode="WEE").`,
          'leadTime',
        );
    }
    // What a catalogue cannot say about the warranty is kept as the price list has it.
    const storedRow = article === undefined ? -1 : diff.storedRowOf(article);
    if (storedRow >= 0) {
      const quantity = stored.numbers[storedRow * 3 + 2]!;
      putText(cells, slot.warrantyQuantity, Number.isNaN(quantity) ? undefined : String(quantity));
      putText(cells, slot.warrantyUnit, stored.texts[storedRow * 5 + 2] ?? undefined);
      putText(cells, slot.warrantyValidFrom, stored.texts[storedRow * 5 + 3] ?? undefined);
    }
    putText(cells, slot.warrantyTerms, line.warrantyInformation?.value);
    for (const { slot: at, value } of corrected.get(line.index) ?? []) {
      const i = cells.columns.indexOf(at);
      if (i >= 0 && i < cells.count) cells.texts[i] = value;
      else cells.add(at, TEXT, value, 0, false);
    }
    if (line.price && line.price.attribute !== 'SEK')
      fail(
        line,
        header('price'),
        'INVALID_UNIT',
        `Valutan är ${line.price.attribute ? shownSafely(line.price.attribute) : 'inte angiven'}. Pris måste anges i svenska kronor (currencyID="SEK").`,
        'price',
      );
    const checked = rules.check(line.index, cells);
    placeErrors(rules.errors, errorsBefore, line, read.xmlLineAt);
    if (checked === VALID_ROW && ownErrors === ownBefore && rules.errorCount === 0 && ownErrors === 0)
      diff.add(rules.row);
  };

  for (const line of waiting) checkLine(line);
  waiting.length = 0;
  if (!next.done) {
    checkLine(next.value);
    for (const line of lines) checkLine(line);
  }

  const errorCount = rules.errorCount + ownErrors;
  const ignoredElements = [...read.ignored];
  if (errorCount > 0) {
    const tally = rules.tally();
    tally.addAll(ours);
    return {
      summary: {
        type: 'VALIDATION_ERRORS',
        errorCount,
        errors: rules.errors.slice(0, SUMMARY_ERROR_LIMIT),
        errorCounts: tally.list(),
        ignoredElements,
      },
      allErrors: rules.errors,
    };
  }
  const result = diff.finish(mode === 'LISTED');
  if (stored.count > 0 && result.added.length + result.updated.length + result.unchanged === 0)
    throw refused(
      'Katalogen skulle ta bort alla rader i prislistan och läses inte in: en prislista töms aldrig från en katalog.',
    );
  return {
    summary: {
      type: 'CONFIRM',
      added: result.added.length,
      updated: result.updated.length,
      removed: result.removed.length,
      unchanged: result.unchanged,
      ignoredElements,
    },
    diff: result,
  };
}

const MAX_ERRORS = 100_000;

function putText(cells: RowCells, at: number, text: string | undefined) {
  if (text !== undefined) cells.add(at, TEXT, text, 0, false);
}

/**
 * The errors of one line as a catalogue names them: the element (with the line's ID and its XML
 * line) where a sheet has a cell. `fileColumn` is where a file's own name for a column goes.
 */
function placeErrors(
  errors: ValidationError[],
  from: number,
  line: CatalogueLine,
  xmlLineAt: CatalogueRead['xmlLineAt'],
) {
  const id = line.id ? `, ID ${shownSafely(line.id.value)}` : '';
  for (let i = from; i < errors.length; i++) {
    const { cell: _cell, ...error } = errors[i]!;
    const field = fieldOfColumn.get(error.column);
    const value = field ? line[field] : undefined;
    const element = field ? lineFieldPaths[field] : undefined;
    const where = element
      ? `${element} (CatalogueLine ${line.index}${id}, XML-rad ${xmlLineAt(value?.offset ?? line.offset)})`
      : `CatalogueLine ${line.index}${id}, XML-rad ${xmlLineAt(line.offset)}`;
    errors[i] = { ...error, fileColumn: where };
  }
}

/** The line field each column of an error is read from (and a correction written to). */
export const fieldOfColumn = new Map<string, keyof typeof lineFieldPaths>([
  [header('articleNumber'), 'articleNumber'],
  [header('articleName'), 'name'],
  [header('price'), 'price'],
  [header('minimumOrderQuantity'), 'minimumOrderQuantity'],
  [header('deliveryTimeDays'), 'leadTime'],
  [header('warrantyTerms'), 'warrantyInformation'],
  ['ActionCode', 'actionCode'],
]);
