import ExcelJS from 'exceljs';
import type { PricelistRowValues } from '../../../contract';

/** Test helpers: price-list workbooks in the format of DESIGN.md §5 and multipart bodies. */

export const priceListColumns = [
  'Artikelnummer',
  'Benämning',
  'Pris',
  'Minsta beställningsantal',
  'Leveranstid (dagar)',
  'Garanti antal',
  'Garanti enhet',
  'Garanti gäller från',
  'Garantivillkor',
] as const;

type CellValue = string | number | null | undefined;

export interface FileRow {
  articleNumber: CellValue;
  name?: CellValue;
  price: CellValue;
  minimumOrderQuantity: CellValue;
  deliveryTimeDays?: CellValue;
  warrantyQuantity?: CellValue;
  warrantyUnit?: CellValue;
  warrantyValidFrom?: CellValue;
  warrantyTerms?: CellValue;
}

export interface WorkbookOptions {
  sheetName?: string;
  /** Columns left out of the header (to provoke INVALID_FORMAT). */
  omitColumns?: readonly (typeof priceListColumns)[number][];
}

const cellsOf = (row: FileRow): CellValue[] => [
  row.articleNumber,
  row.name,
  row.price,
  row.minimumOrderQuantity,
  row.deliveryTimeDays,
  row.warrantyQuantity,
  row.warrantyUnit,
  row.warrantyValidFrom,
  row.warrantyTerms,
];

/** An .xlsx with sheet "Prislista", the header in row 1 and one row per FileRow. */
export async function priceListWorkbook(
  rows: readonly FileRow[],
  options: WorkbookOptions = {},
): Promise<Buffer> {
  const keep = priceListColumns.map((column) => !options.omitColumns?.includes(column));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Prislista');
  sheet.addRow(priceListColumns.filter((_, i) => keep[i]));
  for (const row of rows)
    sheet.addRow(
      cellsOf(row)
        .filter((_, i) => keep[i])
        .map((value) => value ?? null),
    );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The file row that describes a price-list row exactly (price as a number, as Excel keeps it). */
export function fileRowOf(values: PricelistRowValues, name?: string): FileRow {
  return {
    articleNumber: values.articleNumber,
    name,
    price: Number(values.price),
    minimumOrderQuantity: values.minimumOrderQuantity,
    deliveryTimeDays: values.deliveryTimeDays,
    warrantyQuantity: values.warrantyQuantity,
    warrantyUnit: values.warrantyUnit,
    warrantyValidFrom: values.warrantyValidFrom,
    warrantyTerms: values.warrantyTerms,
  };
}

export interface MultipartFile {
  fileName: string;
  content: Uint8Array;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it: the `file` part and optional JSON `request` part. */
export function multipart(file: MultipartFile | undefined, request?: unknown) {
  const boundary = `----hmdb${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (request !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${JSON.stringify(request)}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
