/**
 * The oracle: for any workbook that both our streaming reader and SheetJS (@e965/xlsx) read,
 * they must see the same cells, cell for cell: same place, same type, same value, same
 * date-or-not. Workbooks are generated (fast-check) and written by SheetJS (shared and inline
 * strings) and by exceljs, the way suppliers' tools write them.
 */
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePriceListXlsx } from '../../../../test-support/generatedWorkbooks';
import { handMadeXlsx } from '../../../../test-support/workbooks';
import { readSheetCells } from './readSheetCells';
import { BOOLEAN, columnName, ERROR, NUMBER, TEXT } from './rowCells';

type Seen = { type: 's' | 'n' | 'b' | 'e'; value: string | number | boolean; date: boolean };

const noNegativeZero = (value: number) => (value === 0 ? 0 : value);

async function ours(content: Buffer): Promise<Record<string, Seen>> {
  const result = await readSheetCells(content, 'xlsx', 'Prislista');
  const cells: Record<string, Seen> = {};
  for (const row of result?.rows ?? []) {
    for (const cell of row.cells) {
      const ref = `${columnName(cell.column)}${row.rowNumber}`;
      if (cell.kind === TEXT) cells[ref] = { type: 's', value: cell.text, date: false };
      if (cell.kind === NUMBER)
        cells[ref] = { type: 'n', value: noNegativeZero(cell.number), date: cell.date };
      if (cell.kind === BOOLEAN) cells[ref] = { type: 'b', value: cell.number === 1, date: false };
      if (cell.kind === ERROR) cells[ref] = { type: 'e', value: cell.text, date: false };
    }
  }
  return cells;
}

function sheetjs(content: Buffer): Record<string, Seen> {
  const workbook = XLSX.read(content, { type: 'buffer', cellNF: true, sheets: 'Prislista' });
  const sheet = workbook.Sheets.Prislista ?? {};
  const cells: Record<string, Seen> = {};
  for (const [ref, cell] of Object.entries(sheet)) {
    if (ref.startsWith('!')) continue;
    const c = cell as XLSX.CellObject;
    if (c.t === 's') cells[ref] = { type: 's', value: String(c.v), date: false };
    if (c.t === 'n') {
      const date = typeof c.z === 'string' && c.z !== 'General' && Boolean(XLSX.SSF.is_date(c.z));
      cells[ref] = { type: 'n', value: noNegativeZero(c.v as number), date };
    }
    if (c.t === 'b') cells[ref] = { type: 'b', value: c.v as boolean, date: false };
    if (c.t === 'e') cells[ref] = { type: 'e', value: c.w ?? '', date: false };
  }
  return cells;
}

// No literal entity text such as "&amp;" here: SheetJS unescapes <v> of t="str" cells twice
// (xlsx.mjs, parse_ws_xml_data: unescapexml on <v>, then again under case 'str'), so it reads
// the text "&amp;" as "&". Our reader reads it right; a test below pins that. Nor `_x000D_`
// before a line feed, written or escaped (`_x000A_`): SheetJS reads it as a line feed alone, Excel
// (and ours) as CR LF.
const withoutEscapedCrLf = (text: string) => !/_x000d_(\n|_x000a_)/i.test(text);
const swedishText = fc
  .string({
    unit: fc.constantFrom(...'aAzZ09 åäöÅÄÖéü€😀&<>"\'_x-=+@.,\n\t'.split(''), '_x000D_', '  '),
    maxLength: 30,
  })
  .filter(withoutEscapedCrLf);
const number = fc.oneof(
  fc.integer({ min: -1e9, max: 1e12 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
  fc.constantFrom(0.1, 0.2 + 0.1, 12.300000000000001, 100000, 1e5, 1e-7, 123456789012345),
);
const value = fc.oneof(
  { weight: 4, arbitrary: swedishText },
  { weight: 3, arbitrary: number },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
);
const sheetRows = fc.array(fc.array(value, { maxLength: 8 }), { minLength: 1, maxLength: 12 });

function writeWithSheetJS(rows: unknown[][], sharedStrings: boolean): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Prislista');
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['annan flik']]), 'Annat');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', bookSST: sharedStrings });
}

async function writeWithExceljs(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Annat').getCell('A1').value = 'annan flik';
  const sheet = workbook.addWorksheet('Prislista');
  rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (cell !== null) sheet.getCell(r + 1, c + 1).value = cell as ExcelJS.CellValue;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('our .xlsx reader against SheetJS as the oracle', () => {
  it('sees the same cells in workbooks SheetJS writes with shared strings', async () => {
    await fc.assert(
      fc.asyncProperty(sheetRows, async (rows) => {
        const content = writeWithSheetJS(rows, true);
        expect(await ours(content)).toEqual(sheetjs(content));
      }),
      { numRuns: 150 },
    );
  });

  it('sees the same cells in workbooks SheetJS writes with inline strings', async () => {
    await fc.assert(
      fc.asyncProperty(sheetRows, async (rows) => {
        const content = writeWithSheetJS(rows, false);
        expect(await ours(content)).toEqual(sheetjs(content));
      }),
      { numRuns: 150 },
    );
  });

  it('sees the same cells in workbooks exceljs writes, with formulas, rich text, dates and errors', async () => {
    const extra = fc.oneof(
      value,
      swedishText.map((text) => ({ richText: [{ text: 'Fet ', font: { bold: true } }, { text }] })),
      fc.tuple(number, swedishText).map(([result]) => ({ formula: 'A1*2', result })),
      swedishText.map((result) => ({ formula: 'A1&"!"', result })),
      fc.date({ min: new Date('1950-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
      fc.constantFrom({ error: '#N/A' }, { error: '#DIV/0!' }, { error: '#VALUE!' }),
    );
    const rowsWithExtras = fc.array(fc.array(extra, { maxLength: 8 }), { minLength: 1, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(rowsWithExtras, async (rows) => {
        const content = await writeWithExceljs(rows);
        expect(await ours(content)).toEqual(sheetjs(content));
      }),
      { numRuns: 150 },
    );
  });

  it('reads the literal text "&amp;" of a formula result as it is, where SheetJS unescapes it twice', async () => {
    const content = writeWithSheetJS([['&amp;', 'R&D']], false);
    expect(sheetjs(content).A1?.value).toBe('&');
    expect((await ours(content)).A1?.value).toBe('&amp;');
    expect((await ours(content)).B1?.value).toBe('R&D');
  });

  it('keeps the CR of _x000D_ before a line feed, which SheetJS drops', async () => {
    const content = writeWithSheetJS([['rad ett_x000D_\nrad två']], false);
    expect(sheetjs(content).A1?.value).toBe('rad ett\nrad två');
    expect((await ours(content)).A1?.value).toBe('rad ett\r\nrad två');
  });

  it('sees the same cells in hand-made files: missing r attributes, prefixes, runs, entities, styles', async () => {
    const corpus = [
      handMadeXlsx({
        sheet:
          '<row><c t="inlineStr"><is><t>a</t></is></c><c><v>1</v></c><c r="E1"><v>5</v></c><c><v>6</v></c></row>' +
          '<row r="4"><c><v>7</v></c></row><row><c r="C5"><v>8</v></c></row>',
      }),
      handMadeXlsx({
        sheet:
          '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1">' +
          '<x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="b"><x:v>1</x:v></x:c>' +
          '</x:row></x:sheetData></x:worksheet>',
        sharedStrings:
          '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><r><t>Rull</t></r><r><rPr><b/></rPr><t>stol</t></r>' +
          '<rPh sb="0" eb="1"><t>ロ</t></rPh></si><si><t>&#229;&#xE4;ö _x000D_ &lt;&gt;</t></si></sst>',
      }),
      handMadeXlsx({
        styles: {
          numFmts:
            '<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="#,##0.00&quot; kr&quot;"/>',
          cellXfs:
            '<xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="22"/>',
        },
        sheet:
          '<row r="2"><c r="A2" s="1"><v>45296</v></c><c r="B2" s="2"><v>45296</v></c><c r="C2" s="3"><v>1234.5</v></c>' +
          '<c r="D2" s="4"><v>45296.75</v></c><c r="E2" t="e"><v>#N/A</v></c><c r="F2" t="str"><f>1</f><v>x</v></c></row>',
      }),
    ];
    for (const content of corpus) expect(await ours(content)).toEqual(sheetjs(content));
  });

  it("decodes Excel's _xHHHH_ escapes as SheetJS does, whatever the code: controls, surrogate halves, _x005F_", async () => {
    const hex4 = fc.integer({ min: 0, max: 0xffff }).map((code) => code.toString(16).padStart(4, '0'));
    const piece = fc.oneof(
      fc.constantFrom(
        'a',
        'Ö',
        '😀',
        ' ',
        '\n',
        '\t',
        '_',
        'x',
        '_x',
        '_x005F_',
        '_X000D_',
        '&amp;',
        '&#x5F;x0041_',
      ),
      hex4.map((hex) => `_x${hex}_`),
      hex4.map((hex) => `_X${hex.toUpperCase()}_`),
      fc.constantFrom(
        '_x0000_',
        '_x0001_',
        '_xD800_',
        '_xDC00_',
        '_xD83D__xDE00_',
        '_xFFFE_',
        '_x005F_x0000_',
      ),
    );
    const rawText = fc
      .array(piece, { maxLength: 10 })
      .map((pieces) => pieces.join(''))
      .filter(withoutEscapedCrLf);
    // The texts are XML already: only < and the unescaped & are written as references.
    const xmlText = (text: string) => text.replace(/</g, '&lt;').replace(/&(?!amp;|#x5F;)/g, '&amp;');
    await fc.assert(
      fc.asyncProperty(
        fc.array(rawText, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (texts, inline) => {
          const cells = texts.map((text, i) =>
            inline
              ? `<c r="${columnName(i)}1" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`
              : `<c r="${columnName(i)}1" t="s"><v>${i}</v></c>`,
          );
          const content = handMadeXlsx({
            sheet: `<row r="1">${cells.join('')}</row>`,
            sharedStrings: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${texts.map((text) => `<si><t xml:space="preserve">${xmlText(text)}</t></si>`).join('')}</sst>`,
          });
          expect(await ours(content)).toEqual(sheetjs(content));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('sees the same cells in a generated 2,000-row price list', async () => {
    const content = generatePriceListXlsx(2_000);
    const seen = await ours(content);
    expect(Object.keys(seen).length).toBeGreaterThan(10_000);
    expect(seen).toEqual(sheetjs(content));
  });
});
