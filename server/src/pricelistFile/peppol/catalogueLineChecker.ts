import type { ValidationError } from '#contract';
import {
  CATALOGUE_SHEET,
  type PriceListColumnHeader,
  priceListColumns,
  type ValidationRule,
} from '#contract/domain';
import { ruleMessages } from '#contract/ruleMessages';
import { RowCells, TEXT } from '../../lib/xlsx';
import { slot } from '../columns';
import { PriceListDiff, type StoredRows } from '../diff';
import { ErrorTally } from '../errorCounts';
import { PriceListRowRules, VALID_ROW } from '../rowRules';
import { shownSafely } from '../storableText';
import type { FileCorrections } from '../types';
import { type CatalogueLine, type CatalogueRead, lineFieldPaths } from './readCatalogue';

/** Whole list (Add, Replace, none) or only the lines named (Update). */
export type CatalogueMode = 'WHOLE' | 'LISTED';

const MAX_ERRORS = 100_000;

/** Every slot at the column of its own index: a line's cells are laid out that way. */
const identityMapping = {
  filter: new Uint8Array(0),
  slotOfColumn: Int8Array.from(priceListColumns, (_, index) => index),
  columnOfSlot: priceListColumns.map((_, index) => index),
  missingRequired: [],
  duplicateErrors: [],
};

const header = (key: (typeof priceListColumns)[number]['key']): PriceListColumnHeader =>
  priceListColumns.find((column) => column.key === key)!.header;

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

/**
 * Checks a catalogue's lines one by one as rows of a price list: by the row rules and the
 * catalogue's own rules (ActionCode, units, currency), and adds each valid row to the diff.
 */
export class CatalogueLineChecker {
  readonly rules: PriceListRowRules;
  readonly diff: PriceListDiff;
  private readonly articleIndex = new Map<string, number>();
  /** The errors of the catalogue's own rules, which the row rules do not count. */
  private readonly ours = new ErrorTally();
  private ownErrors = 0;
  private readonly leftOut: Set<number>;
  private readonly corrected = new Map<number, { slot: number; value: string }[]>();
  /**
   * The line each article was first on, for lines the rules do not see (Delete): by the
   * article's index, and by number for articles the supplier does not have.
   */
  private readonly lineOfArticle: Int32Array;
  private readonly lineOfUnknownArticle = new Map<string, number>();
  private readonly deleted = new Set<string>();
  private readonly cells = new RowCells();

  constructor(
    private readonly mode: CatalogueMode,
    articleNumbers: readonly string[],
    private readonly stored: StoredRows,
    corrections: FileCorrections | undefined,
    private readonly xmlLineAt: CatalogueRead['xmlLineAt'],
  ) {
    for (const articleNumber of articleNumbers)
      if (!this.articleIndex.has(articleNumber)) this.articleIndex.set(articleNumber, this.articleIndex.size);
    this.rules = new PriceListRowRules(
      CATALOGUE_SHEET,
      false,
      this.articleIndex,
      identityMapping,
      MAX_ERRORS,
    );
    this.diff = new PriceListDiff(stored, this.articleIndex);
    this.leftOut = new Set(corrections?.leaveOut);
    for (const { row, column, value } of corrections?.cells ?? []) {
      const at = priceListColumns.findIndex((c) => c.header === column);
      if (at >= 0) this.corrected.set(row, [...(this.corrected.get(row) ?? []), { slot: at, value }]);
    }
    this.lineOfArticle = new Int32Array(this.articleIndex.size);
  }

  /** Every error found, of the row rules and of the catalogue's own. */
  get errorCount(): number {
    return this.rules.errorCount + this.ownErrors;
  }

  /** The errors counted by column and rule. */
  errorCounts() {
    const tally = this.rules.tally();
    tally.addAll(this.ours);
    return tally.list();
  }

  check(line: CatalogueLine) {
    if (this.leftOut.has(line.index)) {
      this.diff.leaveOut(this.articleIndex.get(line.articleNumber?.value.trim() ?? ''));
      return;
    }
    const errorsBefore = this.rules.errors.length;
    const ownBefore = this.ownErrors;
    const action = line.actionCode?.value ?? '';
    const articleNumber = line.articleNumber?.value ?? '';
    const article = articleNumber === '' ? undefined : this.articleIndex.get(articleNumber);
    const earlier = this.earlierLineOf(line, articleNumber, article);

    if (action !== '' && action !== 'Add' && action !== 'Update' && action !== 'Delete') {
      this.fail(
        line,
        'ActionCode',
        'INVALID_VALID_FROM',
        'Radens ActionCode är inte tillåten. Använd Add, Update eller Delete.',
        'actionCode',
      );
    } else if (action === 'Delete') {
      this.checkDeletion(line, articleNumber, article, earlier);
      placeErrors(this.rules.errors, errorsBefore, line, this.xmlLineAt);
      return;
    }

    if (earlier !== undefined && this.deleted.has(articleNumber)) this.failDuplicate(line, earlier);
    this.fillCells(line, article);
    if (line.price && line.price.attribute !== 'SEK')
      this.fail(
        line,
        header('price'),
        'INVALID_UNIT',
        `Valutan är ${line.price.attribute ? shownSafely(line.price.attribute) : 'inte angiven'}. Pris måste anges i svenska kronor (currencyID="SEK").`,
        'price',
      );
    const checked = this.rules.check(line.index, this.cells);
    placeErrors(this.rules.errors, errorsBefore, line, this.xmlLineAt);
    if (
      checked === VALID_ROW &&
      this.ownErrors === ownBefore &&
      this.rules.errorCount === 0 &&
      this.ownErrors === 0
    )
      this.diff.add(this.rules.row);
  }

  /** The line the article was first on, or undefined: this is its first line (which is noted). */
  private earlierLineOf(
    line: CatalogueLine,
    articleNumber: string,
    article: number | undefined,
  ): number | undefined {
    let earlier: number | undefined;
    if (article !== undefined) {
      earlier = this.lineOfArticle[article] || undefined;
      if (earlier === undefined) this.lineOfArticle[article] = line.index;
    } else if (articleNumber !== '') {
      earlier = this.lineOfUnknownArticle.get(articleNumber);
      if (earlier === undefined) this.lineOfUnknownArticle.set(articleNumber, line.index);
    }
    return earlier;
  }

  /** A line with ActionCode Delete: only in a catalogue of the lines named, once, of a stored row. */
  private checkDeletion(
    line: CatalogueLine,
    articleNumber: string,
    article: number | undefined,
    earlier: number | undefined,
  ) {
    if (this.mode === 'WHOLE')
      this.fail(
        line,
        'ActionCode',
        'INVALID_VALID_FROM',
        'ActionCode Delete på en rad gäller bara i en katalog med ActionCode Update. I en hel katalog (Add eller Replace) tas en rad bort genom att den inte finns med.',
        'actionCode',
      );
    else if (articleNumber === '')
      this.fail(
        line,
        header('articleNumber'),
        'REQUIRED',
        'Artikelnummer saknas (SellersItemIdentification/ID). Ange vilken rad som ska tas bort.',
      );
    else if (earlier !== undefined) this.failDuplicate(line, earlier);
    else {
      this.deleted.add(articleNumber);
      if (article === undefined || !this.diff.remove(article))
        this.fail(
          line,
          header('articleNumber'),
          'UNKNOWN_ARTICLE',
          'Artikeln finns inte i prislistan och kan inte tas bort (ActionCode Delete).',
          'articleNumber',
        );
    }
  }

  /** The line's values as the cells of a sheet's row, corrections written in. */
  private fillCells(line: CatalogueLine, article: number | undefined) {
    const { cells, stored } = this;
    cells.count = 0;
    putText(cells, slot.articleNumber, line.articleNumber?.value);
    putText(cells, slot.articleName, line.name?.value);
    putText(cells, slot.price, line.price?.value);
    // No minimum in a catalogue: one may be ordered.
    putText(cells, slot.minimumOrderQuantity, line.minimumOrderQuantity?.value ?? '1');
    if (line.leadTime) this.putLeadTime(line, line.leadTime);
    // What a catalogue cannot say about the warranty is kept as the price list has it.
    const storedRow = article === undefined ? -1 : this.diff.storedRowOf(article);
    if (storedRow >= 0) {
      const quantity = stored.numbers[storedRow * 3 + 2]!;
      putText(cells, slot.warrantyQuantity, Number.isNaN(quantity) ? undefined : String(quantity));
      putText(cells, slot.warrantyUnit, stored.texts[storedRow * 5 + 2] ?? undefined);
      putText(cells, slot.warrantyValidFrom, stored.texts[storedRow * 5 + 3] ?? undefined);
    }
    putText(cells, slot.warrantyTerms, line.warrantyInformation?.value);
    for (const { slot: at, value } of this.corrected.get(line.index) ?? []) {
      const i = cells.columns.indexOf(at);
      if (i >= 0 && i < cells.count) cells.texts[i] = value;
      else cells.add(at, TEXT, value, 0, false);
    }
  }

  /** The delivery time in days: a lead time in whole weeks is counted in days. */
  private putLeadTime(line: CatalogueLine, leadTime: NonNullable<CatalogueLine['leadTime']>) {
    const unit = leadTime.attribute ?? 'DAY';
    const value = leadTime.value;
    if (unit === 'DAY') putText(this.cells, slot.deliveryTimeDays, value);
    else if (unit === 'WEE' && /^\d{1,9}$/.test(value))
      putText(this.cells, slot.deliveryTimeDays, String(Number(value) * 7));
    else
      this.fail(
        line,
        header('deliveryTimeDays'),
        'INVALID_UNIT',
        `Leveranstiden är angiven i enheten ${shownSafely(unit)}. ${header('deliveryTimeDays')} måste anges i dagar (unitCode="DAY") eller hela veckor (unitCode="WEE").`,
        'leadTime',
      );
  }

  private failDuplicate(line: CatalogueLine, earlier: number) {
    this.fail(
      line,
      header('articleNumber'),
      'DUPLICATE_ARTICLE',
      ruleMessages.DUPLICATE_ARTICLE(earlier),
      'articleNumber',
    );
  }

  /** An error of our own (not of the row rules) on `line`. */
  private fail(
    line: CatalogueLine,
    column: string,
    rule: ValidationRule,
    message: string,
    field?: keyof typeof lineFieldPaths,
  ) {
    this.ownErrors++;
    this.ours.add(column, rule);
    if (this.rules.errors.length >= MAX_ERRORS) return;
    const value = field ? line[field] : undefined;
    this.rules.errors.push({
      row: line.index,
      ...(line.articleNumber && { articleNumber: shownSafely(line.articleNumber.value) }),
      sheet: CATALOGUE_SHEET,
      column,
      message,
      value: value ? shownSafely(value.value) : '',
      rule,
    });
  }
}

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
