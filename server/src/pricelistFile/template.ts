import type ExcelJS from 'exceljs';
import {
  PRICE_LIST_SHEET,
  type PriceListColumnKey,
  priceListColumns,
  warrantyUnits,
  warrantyValidFromValues,
} from '#contract/domain';
import { boldFont, bufferedWorkbookWriter, quoteFormulaText } from '../lib/xlsx/workbookWriter';
import { slot } from './columns';
import { WORKBOOK_CREATOR } from './fileErrors';
import { escapedForCell } from './storableText';
import type { TemplateRow } from './types';

export type { TemplateRow } from './types';

/** The rule of each column, as a note on its header cell. */
export const columnNotes: Record<PriceListColumnKey, string> = {
  articleNumber:
    'Obligatorisk. Artikelnumret för en av organisationens egna artiklar, en rad per artikel. ' +
    'Filen är hela prislistans innehåll: en artikel som inte finns i filen tas bort ur prislistan.',
  articleName: 'Frivillig. Artikelns benämning, endast som stöd: kolumnen läses inte in.',
  price: 'Obligatorisk. Ett tal större än eller lika med 0 med högst två decimaler, till exempel 1234,50.',
  minimumOrderQuantity: 'Obligatorisk. Ett heltal större än eller lika med 1.',
  deliveryTimeDays: 'Frivillig. Tom eller ett heltal större än eller lika med 0 (antal dagar).',
  warrantyQuantity: 'Frivillig. Tom eller ett heltal större än eller lika med 0. Kräver Garanti enhet.',
  warrantyUnit: 'Dagar, Veckor, Månader eller År. Obligatorisk när Garanti antal är ifyllt.',
  warrantyValidFrom: 'Frivillig. Tom, Leveransdatum eller Fakturadatum.',
  warrantyTerms: 'Frivillig. Tom eller en text på högst 255 tecken.',
};

const columnWidths = [18, 40, 14, 14, 14, 12, 14, 18, 50];
/** Drop-down lists reach this far below the rows, for rows the supplier adds. */
const ROOM_FOR_NEW_ROWS = 10_000;
const letter = (index: number) => String.fromCharCode(65 + index);

/** Text as it is; formula-like text gets Excel's quote prefix (quoteFormulaText on its row). */
const text = (value: string | null) => (value === null ? null : escapedForCell(value));

/** buildPriceListTemplate in this thread (the worker's part). */
export async function writePriceListTemplate(rows: readonly TemplateRow[]): Promise<Buffer> {
  const { workbook, toBuffer } = bufferedWorkbookWriter(WORKBOOK_CREATOR);
  const sheet = workbook.addWorksheet(PRICE_LIST_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = priceListColumns.map((column, index) => ({
    key: column.key,
    width: columnWidths[index],
    // Text format for article numbers, so one typed as 100000 stays the text "100000".
    ...(column.key === 'articleNumber' && { style: { numFmt: '@' } }),
    ...(column.key === 'price' && { style: { numFmt: '0.00' } }),
  }));
  const listValidation = (values: readonly string[], title: string) => ({
    type: 'list' as const,
    allowBlank: true,
    formulae: [`"${values.join(',')}"`],
    showErrorMessage: true,
    errorStyle: 'stop' as const,
    errorTitle: title,
    error: `Välj ${values.slice(0, -1).join(', ')} eller ${values.at(-1)}.`,
  });
  const lastRow = Math.min(1_048_576, rows.length + 1 + ROOM_FOR_NEW_ROWS);
  // Typed on the in-memory Worksheet only, but the streaming writer has the same collection.
  const { dataValidations } = sheet as unknown as {
    dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
  };
  dataValidations.add(
    `${letter(slot.warrantyUnit)}2:${letter(slot.warrantyUnit)}${lastRow}`,
    listValidation(warrantyUnits, 'Garanti enhet'),
  );
  dataValidations.add(
    `${letter(slot.warrantyValidFrom)}2:${letter(slot.warrantyValidFrom)}${lastRow}`,
    listValidation(warrantyValidFromValues, 'Garanti gäller från'),
  );

  const header = sheet.getRow(1);
  priceListColumns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = column.header;
    cell.font = boldFont;
    cell.note = columnNotes[column.key];
  });
  header.commit();

  for (const { values, articleName } of rows) {
    const row = quoteFormulaText(
      sheet.addRow([
        text(values.articleNumber),
        text(articleName),
        Number(values.price),
        values.minimumOrderQuantity,
        values.deliveryTimeDays,
        values.warrantyQuantity,
        values.warrantyUnit,
        values.warrantyValidFrom,
        text(values.warrantyTerms),
      ]),
    );
    row.commit();
  }
  sheet.commit();
  return toBuffer();
}
