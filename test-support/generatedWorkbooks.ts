/**
 * Realistic general price-list files for benchmarks and tests: the nine columns of docs/price-list-file.md,
 * Swedish product names, article numbers HMD-00001 …, prices with öre, warranties. The .xlsx is
 * written the way Excel writes it (shared strings, styles with number formats, r attributes,
 * spans), straight to XML and zip, so a 200,000-row file takes seconds, not minutes.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import type { PricelistRowValues } from '#contract';
import {
  PRICE_LIST_SHEET,
  priceListColumnHeaders,
  warrantyUnits,
  warrantyValidFromValues,
} from '#contract/domain';

const products = [
  'Rullstol',
  'Rollator',
  'Duschpall',
  'Toalettförhöjning',
  'Gånghjälpmedel',
  'Hörselförstärkare',
  'Läsförstorare',
  'Vårdsäng',
  'Överflyttningsbräda',
  'Griptång',
  'Sittdyna',
  'Ryggstöd',
  'Armbågskrycka',
  'Stödhandtag',
  'Lyftsele',
];
const variants = ['lätt', 'för barn', 'hopfällbar', 'med bromsar', 'stor', 'smal', 'extra bred', 'rostfri'];
const colours = ['blå', 'grå', 'röd', 'svart', 'grön', 'vit'];
const terms = [
  'Gäller vid normal användning.',
  'Förbrukningsdelar (däck, handtag) omfattas inte.',
  'Garantin gäller endast om service utförts enligt tillverkarens anvisningar, årligen och av behörig tekniker.',
];

export const generatedArticleNumber = (index: number) => `HMD-${String(index + 1).padStart(5, '0')}`;

/** A small deterministic generator, so the same row count gives the same file. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface GeneratedRow {
  values: PricelistRowValues;
  articleName: string;
}

/** The rows a generated file holds, in order: the price list a bench can seed or compare with. */
export function generatePriceListRows(rows: number, seed = 1): GeneratedRow[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: rows }, (_, index) => {
    const warranty = next() < 0.7;
    const cents = Math.floor(next() * 5_000_000) + 100;
    return {
      articleName: `${pick(products)} ${pick(variants)}, ${pick(colours)}`,
      values: {
        articleNumber: generatedArticleNumber(index),
        price: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
        minimumOrderQuantity: 1 + Math.floor(next() * 10),
        deliveryTimeDays: next() < 0.9 ? Math.floor(next() * 30) : null,
        warrantyQuantity: warranty ? 1 + Math.floor(next() * 5) : null,
        warrantyUnit: warranty ? pick(warrantyUnits) : null,
        warrantyValidFrom: warranty ? pick(warrantyValidFromValues) : null,
        warrantyTerms: warranty && next() < 0.3 ? pick(terms) : null,
      },
    };
  });
}

export interface XlsxOptions {
  /** Write text as inline strings instead of a shared string table (some tools do). Default false. */
  inlineStrings?: boolean;
  /** Name of the sheet. Default "Prislista". */
  sheetName?: string;
  /** Seed of the generated content. Default 1. */
  seed?: number;
  /** Parts added as they are (e.g. a large picture), which the reader skips. */
  extraParts?: [string, Buffer][];
  /** Headers of the nine columns instead of ours (a business system's export). */
  headers?: readonly string[];
}

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A general price-list .xlsx of `rows` data rows, as Excel would write it. */
export function generatePriceListXlsx(rows: number, options: XlsxOptions = {}): Buffer {
  const sheetName = options.sheetName ?? PRICE_LIST_SHEET;
  const data = generatePriceListRows(rows, options.seed);
  const sharedStrings: string[] = [];
  const sharedIndex = new Map<string, number>();
  const textCell = (ref: string, text: string, style = 0) => {
    const s = style ? ` s="${style}"` : '';
    if (options.inlineStrings)
      return `<c r="${ref}"${s} t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
    let index = sharedIndex.get(text);
    if (index === undefined) {
      index = sharedStrings.length;
      sharedStrings.push(text);
      sharedIndex.set(text, index);
    }
    return `<c r="${ref}"${s} t="s"><v>${index}</v></c>`;
  };
  const numberCell = (ref: string, value: number | string, style = 0) =>
    `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;

  const sheetRows: string[] = [];
  const header = (options.headers ?? priceListColumnHeaders)
    .map((name, column) => textCell(`${'ABCDEFGHI'[column]}1`, name, 3))
    .join('');
  sheetRows.push(`<row r="1" spans="1:9" x14ac:dyDescent="0.25">${header}</row>`);
  data.forEach(({ values, articleName }, index) => {
    const r = index + 2;
    let cells = textCell(`A${r}`, values.articleNumber, 1) + textCell(`B${r}`, articleName);
    cells += numberCell(`C${r}`, Number(values.price), 2);
    cells += numberCell(`D${r}`, values.minimumOrderQuantity);
    if (values.deliveryTimeDays !== null) cells += numberCell(`E${r}`, values.deliveryTimeDays);
    if (values.warrantyQuantity !== null) cells += numberCell(`F${r}`, values.warrantyQuantity);
    if (values.warrantyUnit !== null) cells += textCell(`G${r}`, values.warrantyUnit);
    if (values.warrantyValidFrom !== null) cells += textCell(`H${r}`, values.warrantyValidFrom);
    if (values.warrantyTerms !== null) cells += textCell(`I${r}`, values.warrantyTerms);
    sheetRows.push(`<row r="${r}" spans="1:9" x14ac:dyDescent="0.25">${cells}</row>`);
  });

  const sheet = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac">',
    `<dimension ref="A1:I${rows + 1}"/><sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`,
    '<sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/><cols><col min="1" max="1" width="16" customWidth="1"/><col min="2" max="2" width="40" customWidth="1"/></cols>',
    '<sheetData>',
    sheetRows.join(''),
    '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>',
  ].join('');
  sheetRows.length = 0;

  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${options.inlineStrings ? '' : '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'}<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ],
    [
      'docProps/app.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Microsoft Excel</Application></Properties>',
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr defaultThemeVersion="166925"/><bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="12300"/></bookViews><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets><calcPr calcId="191029"/></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${options.inlineStrings ? '' : '<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'}<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    ],
    ['xl/worksheets/sheet1.xml', sheet],
  ];
  if (!options.inlineStrings) {
    const items = sharedStrings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('');
    parts.push([
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${items}</sst>`,
    ]);
  }
  return zip([
    ...parts.map(([name, text]): [string, Buffer] => [name, Buffer.from(text, 'utf8')]),
    ...(options.extraParts ?? []),
  ]);
}

/** A general price-list .xls (BIFF8, Excel 97–2003) of `rows` data rows (at most 65,535), via SheetJS. */
export function generatePriceListXls(rows: number, seed = 1): Buffer {
  const data = generatePriceListRows(rows, seed);
  const sheet = XLSX.utils.aoa_to_sheet([
    [...priceListColumnHeaders],
    ...data.map(({ values, articleName }) => [
      values.articleNumber,
      articleName,
      Number(values.price),
      values.minimumOrderQuantity,
      values.deliveryTimeDays,
      values.warrantyQuantity,
      values.warrantyUnit,
      values.warrantyValidFrom,
      values.warrantyTerms,
    ]),
  ]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, PRICE_LIST_SHEET);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' });
}

/** A zip archive (deflated entries) of the given files, in order. */
export function zip(files: [string, Buffer][]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const compressed = deflateRawSync(data);
    const checksum = crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(checksum, 14);
    header.writeUInt32LE(compressed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(checksum, 16);
    entry.writeUInt32LE(compressed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, nameBytes, compressed);
    central.push(entry, nameBytes);
    offset += header.length + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}
