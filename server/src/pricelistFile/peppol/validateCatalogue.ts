import type { ImportSummary, ValidationError } from '#contract';
import {
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
import { type CatalogueHeader, type CatalogueLine, lineFieldPaths, readCatalogue } from './readCatalogue';

/** What a catalogue is checked against (validatePricelist.ts CheckData). */
interface CheckData {
  articleNumbers: readonly string[];
  stored: StoredRows;
  period?: PricelistPeriod;
}

/** As validatePricelist.ts ValidationOutcome. */
type ValidationOutcome =
  | { summary: Extract<ImportSummary, { type: 'CONFIRM' }>; diff: PriceListDiffResult }
  | { summary: Extract<ImportSummary, { type: 'VALIDATION_ERRORS' }>; allErrors: ValidationError[] };

/** The "sheet" of a catalogue's errors: there is none, so the errors say which kind of file. */
export const CATALOGUE_SHEET = 'Peppol-katalog';
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

/** The catalogue's start must lie within the chosen price list's time: from its start, before the next one's. */
function checkStartDate(header: CatalogueHeader, period: PricelistPeriod | undefined) {
  const start = header.startDate?.value;
  if (!start || !period) return;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start))
    throw refused(
      `Katalogens startdatum ”${shownSafely(start)}” (ValidityPeriod/StartDate) är inte ett datum (ÅÅÅÅ-MM-DD).`,
    );
  const next = period.nextValidFrom;
  if (start >= period.validFrom && (next === null || start < next)) return;
  const until = next === null ? '' : ` och före ${next}, då nästa prislista börjar gälla`;
  throw refused(
    `Katalogens startdatum ${start} (ValidityPeriod/StartDate, XML-rad ${header.startDate!.xmlLine}) passar inte prislista ${period.number}, som gäller från ${period.validFrom}. Startdatumet måste vara ${period.validFrom} eller senare${until}. Välj den prislista som gäller från katalogens startdatum.`,
  );
}

const header = (key: (typeof priceListColumns)[number]['key']): PriceListColumnHeader =>
  priceListColumns.find((column) => column.key === key)!.header;

/**
 * Validates a Peppol catalogue as a price-list file: each CatalogueLine is a row (its position is
 * the row number), checked by the same rules and compared by the same diff as a sheet's rows.
 */
export async function validateCatalogue(
  content: Uint8Array,
  dataOrPromise: CheckData | Promise<CheckData>,
  corrections: FileCorrections | undefined,
): Promise<ValidationOutcome> {
  // Read first, so that a document that cannot be read fails without waiting for the data.
  const lines: CatalogueLine[] = [];
  const read = readCatalogue(content, (line) => lines.push(line));
  const mode = modeOf(read.header);
  if (read.lineCount === 0) throw refused('Katalogen har inga rader (CatalogueLine).');
  const data = await dataOrPromise;
  checkStartDate(read.header, data.period);

  const articleIndex = new Map<string, number>();
  for (const articleNumber of data.articleNumbers)
    if (!articleIndex.has(articleNumber)) articleIndex.set(articleNumber, articleIndex.size);
  const { stored } = data;
  const storedOf = new Map<string, number>();
  for (let i = 0; i < stored.count; i++) storedOf.set(stored.texts[i * 5] ?? '', i);
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
  /** The line each article was on, for lines the rules do not see (Delete). */
  const lineOfArticle = new Map<string, number>();
  const deleted = new Set<string>();
  const cells = new RowCells();

  for (const line of lines) {
    if (leftOut.has(line.index)) continue;
    const errorsBefore = rules.errors.length;
    const fail = (
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
    const ownBefore = ownErrors;
    const action = line.actionCode?.value ?? '';
    const articleNumber = line.articleNumber?.value ?? '';
    const earlier = articleNumber === '' ? undefined : lineOfArticle.get(articleNumber);
    if (articleNumber !== '' && earlier === undefined) lineOfArticle.set(articleNumber, line.index);

    if (action !== '' && action !== 'Add' && action !== 'Update' && action !== 'Delete') {
      fail(
        'ActionCode',
        'INVALID_VALID_FROM',
        'Radens ActionCode är inte tillåten. Använd Add, Update eller Delete.',
        'actionCode',
      );
    } else if (action === 'Delete') {
      if (mode === 'WHOLE')
        fail(
          'ActionCode',
          'INVALID_VALID_FROM',
          'ActionCode Delete på en rad gäller bara i en katalog med ActionCode Update. I en hel katalog (Add eller Replace) tas en rad bort genom att den inte finns med.',
          'actionCode',
        );
      else if (articleNumber === '')
        fail(
          header('articleNumber'),
          'REQUIRED',
          'Artikelnummer saknas (SellersItemIdentification/ID). Ange vilken rad som ska tas bort.',
        );
      else if (earlier !== undefined)
        fail(
          header('articleNumber'),
          'DUPLICATE_ARTICLE',
          `Artikelnumret finns redan på rad ${earlier}. Varje artikel får bara finnas på en rad i filen.`,
          'articleNumber',
        );
      else {
        deleted.add(articleNumber);
        const article = articleIndex.get(articleNumber);
        if (article === undefined || !diff.remove(article))
          fail(
            header('articleNumber'),
            'UNKNOWN_ARTICLE',
            'Artikeln finns inte i prislistan och kan inte tas bort (ActionCode Delete).',
            'articleNumber',
          );
      }
      placeErrors(rules.errors, errorsBefore, line);
      continue;
    }

    if (earlier !== undefined && deleted.has(articleNumber))
      fail(
        header('articleNumber'),
        'DUPLICATE_ARTICLE',
        `Artikelnumret finns redan på rad ${earlier}. Varje artikel får bara finnas på en rad i filen.`,
        'articleNumber',
      );
    cells.count = 0;
    const put = (at: number, text: string | undefined) => {
      if (text !== undefined) cells.add(at, TEXT, text, 0, false);
    };
    put(slot.articleNumber, line.articleNumber?.value);
    put(slot.articleName, line.name?.value);
    put(slot.price, line.price?.value);
    // No minimum in a catalogue: one may be ordered.
    put(slot.minimumOrderQuantity, line.minimumOrderQuantity?.value ?? '1');
    if (line.leadTime) {
      const unit = line.leadTime.attribute ?? 'DAY';
      const value = line.leadTime.value;
      if (unit === 'DAY') put(slot.deliveryTimeDays, value);
      else if (unit === 'WEE' && /^\d{1,9}$/.test(value))
        put(slot.deliveryTimeDays, String(Number(value) * 7));
      else
        fail(
          header('deliveryTimeDays'),
          'INVALID_UNIT',
          `Leveranstiden är angiven i enheten ${shownSafely(unit)}. ${header('deliveryTimeDays')} måste anges i dagar (unitCode="DAY") eller hela veckor (unitCode="WEE").`,
          'leadTime',
        );
    }
    // What a catalogue cannot say about the warranty is kept as the price list has it.
    const storedRow = storedOf.get(articleNumber);
    if (storedRow !== undefined) {
      const quantity = stored.numbers[storedRow * 3 + 2]!;
      put(slot.warrantyQuantity, Number.isNaN(quantity) ? undefined : String(quantity));
      put(slot.warrantyUnit, stored.texts[storedRow * 5 + 2] ?? undefined);
      put(slot.warrantyValidFrom, stored.texts[storedRow * 5 + 3] ?? undefined);
    }
    put(slot.warrantyTerms, line.warrantyInformation?.value);
    for (const { slot: at, value } of corrected.get(line.index) ?? []) {
      const i = cells.columns.indexOf(at);
      if (i >= 0 && i < cells.count) cells.texts[i] = value;
      else cells.add(at, TEXT, value, 0, false);
    }
    if (line.price && line.price.attribute !== 'SEK')
      fail(
        header('price'),
        'INVALID_UNIT',
        `Valutan är ${line.price.attribute ? shownSafely(line.price.attribute) : 'inte angiven'}. Pris måste anges i svenska kronor (currencyID="SEK").`,
        'price',
      );
    const checked = rules.check(line.index, cells);
    placeErrors(rules.errors, errorsBefore, line);
    if (checked === VALID_ROW && ownErrors === ownBefore && rules.errorCount === 0 && ownErrors === 0)
      diff.add(rules.row);
  }

  const errorCount = rules.errorCount + ownErrors;
  const ignoredElements = read.ignored;
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

/**
 * The errors of one line as a catalogue names them: the element (with the line's ID and its XML
 * line) where a sheet has a cell. `fileColumn` is where a file's own name for a column goes.
 */
function placeErrors(errors: ValidationError[], from: number, line: CatalogueLine) {
  const id = line.id ? `, ID ${shownSafely(line.id.value)}` : '';
  for (let i = from; i < errors.length; i++) {
    const { cell: _cell, ...error } = errors[i]!;
    const field = fieldOfColumn.get(error.column);
    const value = field ? line[field] : undefined;
    const element = field ? lineFieldPaths[field] : undefined;
    const where = element
      ? `${element} (CatalogueLine ${line.index}${id}, XML-rad ${value?.xmlLine ?? line.xmlLine})`
      : `CatalogueLine ${line.index}${id}, XML-rad ${line.xmlLine}`;
    errors[i] = { ...error, fileColumn: where };
  }
}

const fieldOfColumn = new Map<string, keyof typeof lineFieldPaths>([
  [header('articleNumber'), 'articleNumber'],
  [header('articleName'), 'name'],
  [header('price'), 'price'],
  [header('minimumOrderQuantity'), 'minimumOrderQuantity'],
  [header('deliveryTimeDays'), 'leadTime'],
  [header('warrantyTerms'), 'warrantyInformation'],
  ['ActionCode', 'actionCode'],
]);
