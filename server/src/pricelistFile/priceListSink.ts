import type { ColumnChoice, FileSheet, ValidationError } from '#contract';
import { PRICE_LIST_SHEET, priceListColumns } from '#contract/domain';
import {
  cellDisplayValue,
  type RowCells,
  type SheetRead,
  type SheetRowSink,
  StopReading,
  TEXT,
  unescapeFormulaText,
} from '../lib/xlsx';
import { type HeaderMapping, mapChosenColumns, mapHeader, slot } from './columns';
import { type KeptColumns, PriceListDiff } from './diff';
import { headerColumns } from './fileSheets';
import { QueuedRows } from './queuedRows';
import { PriceListRowRules, VALID_ROW } from './rowRules';
import type { CheckData, FileCorrections } from './types';

/**
 * `allErrors` keeps at most this many (errorCount still counts every one): beyond it a file is
 * simply wrong throughout, and an Excel sheet could not list them all anyway.
 */
export const MAX_REPORTED_ERRORS = 100_000;

/** Our optional columns that the sheet (or its mapping) does not have: their stored values are kept. */
export const keptColumnsOf = ({ columnOfSlot }: HeaderMapping): KeptColumns => ({
  deliveryTimeDays: columnOfSlot[slot.deliveryTimeDays]! < 0,
  warrantyQuantity: columnOfSlot[slot.warrantyQuantity]! < 0,
  warrantyUnit: columnOfSlot[slot.warrantyUnit]! < 0,
  warrantyValidFrom: columnOfSlot[slot.warrantyValidFrom]! < 0,
  warrantyTerms: columnOfSlot[slot.warrantyTerms]! < 0,
});

/**
 * Receives the rows as the reader streams them: the header row first, then each data row. Rows
 * that come before the data to check against is provided wait in `queued`.
 */
export class PriceListSink implements SheetRowSink {
  columnFilter: Uint8Array | null = null;
  /** Row 1 as the file has it, when it is the header row. */
  headerRow: FileSheet['columns'] = [];

  /** Corrections by row: for each, our column's slot and the new text. */
  private readonly corrected = new Map<number, { slot: number; value: string }[]>();
  private readonly leftOut: ReadonlySet<number>;

  constructor(
    private readonly chosen: ColumnChoice | null,
    corrections: FileCorrections | undefined,
  ) {
    this.leftOut = new Set(corrections?.leaveOut);
    for (const { row, column, value } of corrections?.cells ?? []) {
      const slot = priceListColumns.findIndex((c) => c.header === column);
      if (slot < 0) continue;
      this.corrected.set(row, [...(this.corrected.get(row) ?? []), { slot, value }]);
    }
  }
  /** Every sheet of the workbook, as the reader found them. */
  sheetNames: readonly string[] = [];

  sheets(names: readonly string[]) {
    this.sheetNames = names;
  }
  mapping: HeaderMapping | null = null;
  rules: PriceListRowRules | null = null;
  diff: PriceListDiff | null = null;
  private articleIndex: Map<string, number> | null = null;
  private queued: QueuedRows | null = new QueuedRows();
  private read: SheetRead = { sheetName: PRICE_LIST_SHEET, date1904: false };

  start(read: SheetRead) {
    this.read = read;
  }

  /** Our columns in the sheet: the chosen mapping's, or those the header row names. */
  mapHeaderRow(cells: RowCells | null): HeaderMapping {
    if (cells) this.headerRow = headerColumns(cells, this.read.date1904);
    return this.chosen
      ? mapChosenColumns(this.chosen)
      : mapHeader(cells, this.read.sheetName, this.read.date1904);
  }

  /** The data to check against: builds the rules and the diff, then checks the rows that waited. */
  provide({ articleNumbers, stored }: CheckData) {
    const articleIndex = new Map<string, number>();
    for (const articleNumber of articleNumbers) {
      if (!articleIndex.has(articleNumber)) articleIndex.set(articleNumber, articleIndex.size);
    }
    this.articleIndex = articleIndex;
    this.diff = new PriceListDiff(stored, articleIndex);
    if (this.mapping) {
      this.rules = this.rulesFor(this.mapping, articleIndex);
      this.diff.keep(keptColumnsOf(this.mapping));
    }
    const queued = this.queued!;
    this.queued = null;
    queued.replay((rowNumber, cells) => this.check(rowNumber, cells));
  }

  row(rowNumber: number, cells: RowCells) {
    if (this.mapping === null) {
      this.mapping = this.mapHeaderRow(rowNumber === 1 ? cells : null);
      this.columnFilter = this.mapping.filter;
      // Without its required columns the sheet is not read further: the rows cannot be checked.
      if (this.mapping.missingRequired.length > 0) throw new StopReading(this.read);
      if (this.articleIndex) this.rules = this.rulesFor(this.mapping, this.articleIndex);
      this.diff?.keep(keptColumnsOf(this.mapping));
      if (rowNumber === 1) return;
    }
    if (this.queued) this.queued.push(rowNumber, cells);
    else this.check(rowNumber, cells);
  }

  private rulesFor(mapping: HeaderMapping, articleIndex: ReadonlyMap<string, number>) {
    return new PriceListRowRules(
      this.read.sheetName,
      this.read.date1904,
      articleIndex,
      mapping,
      MAX_REPORTED_ERRORS,
    );
  }

  private check(rowNumber: number, cells: RowCells) {
    // A row left out is as if the file did not have it; a corrected cell holds the typed text.
    if (this.leftOut.size > 0 && this.leftOut.has(rowNumber)) {
      this.diff!.leaveOut(this.articleOfRow(cells));
      return;
    }
    const corrected = this.corrected.size > 0 ? this.corrected.get(rowNumber) : undefined;
    if (corrected) this.correct(cells, corrected);
    const rules = this.rules!;
    const checked = rules.check(rowNumber, cells);
    // Once a row is wrong the file will not be confirmed: no need to keep comparing.
    if (checked === VALID_ROW && rules.errorCount === 0 && this.mapping!.duplicateErrors.length === 0) {
      this.diff!.add(rules.row);
    }
  }

  /** The index of the article a row names, read as the rules read it; undefined when it names none of ours. */
  private articleOfRow(cells: RowCells): number | undefined {
    const column = this.mapping!.columnOfSlot[slot.articleNumber]!;
    const i = column < 0 ? -1 : cells.columns.indexOf(column);
    if (i < 0 || i >= cells.count) return undefined;
    const text =
      cells.kinds[i] === TEXT
        ? unescapeFormulaText(cells.texts[i]!)
        : cellDisplayValue(cells, i, this.read.date1904);
    return this.articleIndex!.get(text.trim());
  }

  /** Writes the typed texts into the row's cells, in the columns the mapping reads them from. */
  private correct(cells: RowCells, corrected: readonly { slot: number; value: string }[]) {
    for (const { slot, value } of corrected) {
      const column = this.mapping!.columnOfSlot[slot]!;
      if (column < 0) continue;
      const i = cells.columns.indexOf(column);
      if (i >= 0 && i < cells.count) {
        cells.kinds[i] = TEXT;
        cells.texts[i] = value;
        cells.numbers[i] = 0;
        cells.dates[i] = false;
      } else cells.add(column, TEXT, value, 0, false);
    }
  }

  errors(): ValidationError[] {
    const duplicates = this.mapping?.duplicateErrors ?? [];
    const rows = this.rules?.errors ?? [];
    return duplicates.length === 0 ? rows : [...duplicates, ...rows].slice(0, MAX_REPORTED_ERRORS);
  }
}
