import {
  PRICE_LIST_SHEET,
  type PriceListColumnHeader,
  type PricelistRowValues,
  priceListColumns,
} from '#contract';
import { exceljsWorkbook } from './workbooks';

/** Test helpers: price-list workbooks in the format of docs/price-list-file.md and multipart bodies. */

type CellValue = string | number | null | undefined;

/** A file's row by the field each column fills. */
export interface FileRow {
  articleNumber: CellValue;
  articleName?: CellValue;
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
  omitColumns?: readonly PriceListColumnHeader[];
}

/** An .xlsx with sheet "Prislista", the header in row 1 and one row per FileRow. */
export async function priceListWorkbook(
  rows: readonly FileRow[],
  options: WorkbookOptions = {},
): Promise<Buffer> {
  const columns = priceListColumns.filter((column) => !options.omitColumns?.includes(column.header));
  return exceljsWorkbook({
    [options.sheetName ?? PRICE_LIST_SHEET]: [
      columns.map((column) => column.header),
      ...rows.map((row) => columns.map((column) => row[column.key] ?? null)),
    ],
  });
}

/** The file row that describes a price-list row exactly (price as a number, as Excel keeps it). */
export function fileRowOf(values: PricelistRowValues): FileRow {
  return { ...values, price: Number(values.price) };
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
