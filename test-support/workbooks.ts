/**
 * Workbooks for the tests, made the ways suppliers' files are made: by exceljs, by SheetJS
 * (.xlsx and BIFF8 .xls), and by hand (zip + XML) for what no writer produces on request.
 */
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { PricelistRowValues } from '#contract';
import { priceListColumnHeaders } from '#contract/domain';
import { zip } from './generatedWorkbooks';

export type CellInput = ExcelJS.CellValue;

export const headers = [...priceListColumnHeaders];

/** The article number of Hjälpmedel Demo AB's n-th demo article: HMD-0001 … HMD-0500. */
export const demoArticleNumber = (n: number) => `HMD-${String(n).padStart(4, '0')}`;

/** An .xlsx written by exceljs with one sheet per entry, rows from row 1. */
export async function exceljsWorkbook(sheets: Record<string, CellInput[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    rows.forEach((row, index) => {
      row.forEach((value, column) => {
        if (value !== undefined && value !== null) sheet.getRow(index + 1).getCell(column + 1).value = value;
      });
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A workbook written by SheetJS from arrays of rows: .xlsx (shared or inline strings) or BIFF8 .xls. */
export function sheetjsWorkbook(
  sheets: Record<string, unknown[][]>,
  bookType: 'xlsx' | 'biff8',
  options: { sharedStrings?: boolean; dates?: boolean } = {},
): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows, { cellDates: options.dates }), name);
  }
  return XLSX.write(workbook, { type: 'buffer', bookType, bookSST: options.sharedStrings ?? true });
}

const contentTypes =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>';
const rootRels =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';

export interface HandMadeParts {
  /** The content of <sheetData> (or the whole worksheet when it starts with `<?xml` or `<worksheet`). */
  sheet: string;
  sharedStrings?: string[] | string;
  /** The content of <cellXfs> and <numFmts>. */
  styles?: { numFmts?: string; cellXfs: string };
  sheetName?: string;
  workbookExtra?: string;
  /** More zip entries, or replacements. */
  extra?: Record<string, string | Buffer>;
}

const xml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** An .xlsx made by hand, for the odd cases: namespace prefixes, missing r attributes, DOCTYPEs… */
export function handMadeXlsx(parts: HandMadeParts): Buffer {
  const sheetXml =
    parts.sheet.startsWith('<?xml') || parts.sheet.startsWith('<worksheet')
      ? parts.sheet
      : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${parts.sheet}</sheetData></worksheet>`;
  const sharedStrings =
    typeof parts.sharedStrings === 'string'
      ? parts.sharedStrings
      : `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${(parts.sharedStrings ?? []).map((text) => `<si><t xml:space="preserve">${xml(text)}</t></si>`).join('')}</sst>`;
  const styles = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${parts.styles?.numFmts ? `<numFmts>${parts.styles.numFmts}</numFmts>` : ''}<cellXfs>${parts.styles?.cellXfs ?? '<xf numFmtId="0"/>'}</cellXfs></styleSheet>`;
  const files: Record<string, string | Buffer> = {
    '[Content_Types].xml': contentTypes,
    '_rels/.rels': rootRels,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${parts.workbookExtra ?? ''}<sheets><sheet name="${xml(parts.sheetName ?? 'Prislista')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': sheetXml,
    'xl/sharedStrings.xml': sharedStrings,
    'xl/styles.xml': styles,
    ...parts.extra,
  };
  return zip(
    Object.entries(files).map(([name, data]) => [name, Buffer.isBuffer(data) ? data : Buffer.from(data)]),
  );
}

/** A valid data row in the column order of `headers`. */
export const validRow = (articleNumber: string | number, price: CellInput = 100): CellInput[] => [
  articleNumber,
  'Rullstol',
  price,
  1,
  5,
  2,
  'År',
  'Leveransdatum',
  null,
];

export const storedRow = (
  articleNumber: string,
  overrides: Partial<PricelistRowValues> = {},
): PricelistRowValues => ({
  articleNumber,
  price: '100.00',
  minimumOrderQuantity: 1,
  deliveryTimeDays: 5,
  warrantyQuantity: 2,
  warrantyUnit: 'År',
  warrantyValidFrom: 'Leveransdatum',
  warrantyTerms: null,
  ...overrides,
});

/**
 * An .xls saved with a password, as Excel writes it: a FilePass record (RC4 encryption header,
 * salt and verifier) right after the BOF record of the workbook stream; the rest as SheetJS wrote
 * it. A small workbook's stream lives in the container's mini stream, a larger one in sectors.
 */
export function passwordProtectedXls(rows: unknown[][]): Buffer {
  const { CFB } = XLSX;
  const container = CFB.read(sheetjsWorkbook({ Prislista: rows }, 'biff8'), { type: 'buffer' });
  const workbook = CFB.find(container, '/Workbook');
  if (!workbook) throw new Error('no workbook stream');
  const stream = Buffer.from(workbook.content as Uint8Array);
  const afterBof = 4 + stream.readUInt16LE(2);
  const filePass = Buffer.alloc(4 + 54, 0xa5);
  filePass.writeUInt16LE(0x002f, 0);
  filePass.writeUInt16LE(54, 2);
  filePass.writeUInt16LE(1, 4); // RC4
  filePass.writeUInt16LE(1, 6); // version 1.1: RC4 with a 40-bit key
  filePass.writeUInt16LE(1, 8);
  workbook.content = Buffer.concat([stream.subarray(0, afterBof), filePass, stream.subarray(afterBof)]);
  workbook.size = workbook.content.length;
  return CFB.write(container, { type: 'buffer' }) as Buffer;
}
