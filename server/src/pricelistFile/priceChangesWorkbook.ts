import { boldFont, bufferedWorkbookWriter, quoteFormulaText } from '../lib/xlsx/workbookWriter';
import { WORKBOOK_CREATOR } from './fileErrors';
import { escapedForCell } from './storableText';

/** One changed row of one entry of the change feed, as the sheet "Prisändringar" has it. */
export interface PriceChangeSheetRow {
  /** "2026-11-24 09:12", Swedish time. */
  changedAt: string;
  supplier: string;
  organizationNumber: string | null;
  pricelist: string;
  /** "Inläsning" or "Ångrad inläsning". */
  kind: string;
  fileName: string;
  articleNumber: string;
  /** "Tillagd", "Ändrad" or "Borttagen". */
  change: string;
  priceBefore: string | null;
  priceAfter: string | null;
  /** The other fields that changed, by their column headers ("Leveranstid (dagar)"); null when none. */
  otherChanges: string | null;
}

const columns: { header: string; width: number; key: keyof PriceChangeSheetRow }[] = [
  { header: 'Tid', width: 17, key: 'changedAt' },
  { header: 'Leverantör', width: 28, key: 'supplier' },
  { header: 'Organisationsnummer', width: 20, key: 'organizationNumber' },
  { header: 'Prislista', width: 10, key: 'pricelist' },
  { header: 'Ändring', width: 18, key: 'kind' },
  { header: 'Fil', width: 30, key: 'fileName' },
  { header: 'Artikelnummer', width: 18, key: 'articleNumber' },
  { header: 'Rad', width: 11, key: 'change' },
  { header: 'Pris före', width: 12, key: 'priceBefore' },
  { header: 'Pris efter', width: 12, key: 'priceAfter' },
  { header: 'Andra ändrade fält', width: 40, key: 'otherChanges' },
];
const PRICE_FORMAT = '#,##0.00';
const isPrice = (key: keyof PriceChangeSheetRow) => key === 'priceBefore' || key === 'priceAfter';

/** The changes of a period as an .xlsx: one sheet, one row per changed price-list row, oldest first. */
export async function writePriceChangesWorkbook(rows: readonly PriceChangeSheetRow[]): Promise<Buffer> {
  const { workbook, toBuffer } = bufferedWorkbookWriter(WORKBOOK_CREATOR);
  const sheet = workbook.addWorksheet('Prisändringar', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ width, key }) => ({
    width,
    ...(isPrice(key) && { style: { numFmt: PRICE_FORMAT } }),
  }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = boldFont;
  header.commit();
  for (const row of rows) {
    const cells = columns.map(({ key }) => {
      const value = row[key];
      if (value === null) return null;
      // Prices as numbers (a stored price is a decimal text), everything else as text.
      return isPrice(key) ? Number(value) : escapedForCell(value);
    });
    quoteFormulaText(sheet.addRow(cells)).commit();
  }
  sheet.commit();
  return toBuffer();
}
