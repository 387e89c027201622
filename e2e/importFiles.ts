import ExcelJS from 'exceljs';
import { PRICE_LIST_SHEET, type PriceListColumnHeader, priceListColumnHeaders } from '#contract/domain';
import { demoArticleNumber, exceljsWorkbook } from '../test-support/workbooks';

export type PriceListRow = Partial<Record<PriceListColumnHeader, string | number>>;

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const xlsxMimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx with one sheet, a header row and the given rows, as ExcelJS writes it. */
export async function priceListFile(
  name: string,
  rows: readonly PriceListRow[],
  { columns = priceListColumnHeaders, sheetName = PRICE_LIST_SHEET } = {},
): Promise<UploadFile> {
  const buffer = await exceljsWorkbook({
    [sheetName]: [[...columns], ...rows.map((row) => columns.map((column) => row[column] ?? null))],
  });
  return { name, mimeType: xlsxMimeType, buffer };
}

/** A valid row for one of Hjälpmedel Demo AB's articles (HMD-0001 … HMD-0500). */
export const validRow = (n: number, price = 100 + n): PriceListRow => ({
  Artikelnummer: demoArticleNumber(n),
  Benämning: `Artikel ${n}`,
  Pris: price,
  'Minsta beställningsantal': 1,
  'Leveranstid (dagar)': 5,
  'Garanti antal': 2,
  'Garanti enhet': 'År',
  'Garanti gäller från': 'Leveransdatum',
  Garantivillkor: 'Gäller vid normal användning.',
});

/** A file the validation accepts: rows for HMD-0001 … HMD-0{count}. */
export const validFile = (name = 'prislista-ok.xlsx', count = 450) =>
  priceListFile(
    name,
    Array.from({ length: count }, (_, i) => validRow(i + 1)),
  );

/** Three broken rules: a price that is not a number, an unknown article and an order quantity of 0. */
export const fileWithErrors = (name = 'prislista-fel.xlsx') =>
  priceListFile(name, [
    validRow(1),
    { ...validRow(2), Pris: 'gratis' },
    { ...validRow(3), Artikelnummer: 'FINNS-INTE-1' },
    { ...validRow(4), 'Minsta beställningsantal': 0 },
    validRow(5),
  ]);

/** `count` rows, each with a price that is not a number: one error per row. */
export const fileWithManyErrors = (count: number, name = 'prislista-manga-fel.xlsx') =>
  priceListFile(
    name,
    Array.from({ length: count }, (_, i) => ({ ...validRow(i + 1), Pris: 'okänt' })),
  );

/**
 * Three kinds of errors, more than 100 in all: 120 prices that are not numbers (rows 2–121), three
 * unknown articles (rows 122–124) and two order quantities of 0 (rows 125–126).
 */
export const fileWithSeveralKindsOfErrors = (name = 'prislista-flera-fel.xlsx') =>
  priceListFile(name, [
    ...Array.from({ length: 120 }, (_, i) => ({ ...validRow(i + 1), Pris: 'okänt' })),
    ...Array.from({ length: 3 }, (_, i) => ({ ...validRow(121 + i), Artikelnummer: `FINNS-INTE-${i + 1}` })),
    ...Array.from({ length: 2 }, (_, i) => ({ ...validRow(124 + i), 'Minsta beställningsantal': 0 })),
  ]);

/** A file whose header lacks the required columns Pris and Minsta beställningsantal. */
export const fileWithMissingColumns = (name = 'prislista-kolumner.xlsx') =>
  priceListFile(name, [validRow(1), validRow(2)], {
    columns: priceListColumnHeaders.filter(
      (column) => column !== 'Pris' && column !== 'Minsta beställningsantal',
    ),
  });

/** Reads a downloaded workbook back: each sheet's name and its rows as plain values. */
export async function readWorkbook(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return { name: sheet.name, rows };
  });
}
