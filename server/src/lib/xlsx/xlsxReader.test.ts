import { describe, expect, it } from 'vitest';
import { zip } from '../../../../test-support/generatedWorkbooks';
import { handMadeXlsx } from '../../../../test-support/workbooks';
import { XlsxError } from './errors';
import { readSheetCells, type SheetRow } from './readSheetCells';
import { BOOLEAN, columnName, ERROR, NUMBER, type RowCells, TEXT } from './rowCells';
import { SharedStringsScanner } from './sharedStringsScanner';
import { SheetScanner } from './sheetScanner';
import { readZipDirectory, streamEntry, zipLimits } from './zip';

type Shown = string | number | boolean | { error: string } | { date: number };

/** The cells of a read sheet as `{ A1: value }`, dates marked. */
function shown(rows: SheetRow[]): Record<string, Shown> {
  const cells: Record<string, Shown> = {};
  for (const row of rows) {
    for (const cell of row.cells) {
      const ref = `${columnName(cell.column)}${row.rowNumber}`;
      if (cell.kind === TEXT) cells[ref] = cell.text;
      else if (cell.kind === NUMBER) cells[ref] = cell.date ? { date: cell.number } : cell.number;
      else if (cell.kind === BOOLEAN) cells[ref] = cell.number === 1;
      else if (cell.kind === ERROR) cells[ref] = { error: cell.text };
    }
  }
  return cells;
}

async function read(parts: Parameters<typeof handMadeXlsx>[0]) {
  const result = await readSheetCells(handMadeXlsx(parts), 'xlsx', 'Prislista');
  if (!result) throw new Error('no sheet');
  return shown(result.rows);
}

async function readError(content: Buffer): Promise<XlsxError> {
  try {
    await readSheetCells(content, 'xlsx', 'Prislista');
  } catch (error) {
    if (error instanceof XlsxError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

/** Feeds XML to a scanner in chunks of `size` bytes. */
function scanInChunks(xml: Buffer, size: number, sharedStrings: string[] = []) {
  const rows: Record<string, Shown> = {};
  const scanner = new SheetScanner(
    {
      columnFilter: null,
      start() {},
      row(rowNumber: number, cells: RowCells) {
        for (let i = 0; i < cells.count; i++) {
          const ref = `${columnName(cells.columns[i]!)}${rowNumber}`;
          rows[ref] = cells.kinds[i] === TEXT ? cells.texts[i]! : cells.numbers[i]!;
        }
      },
    },
    sharedStrings,
    new Uint8Array(0),
  );
  for (let at = 0; at < xml.length; at += size) scanner.feed(xml.subarray(at, at + size));
  scanner.finish();
  return rows;
}

describe('the .xlsx reader', () => {
  it('reads shared strings, rich text runs without phonetic runs, entities and OOXML escapes', async () => {
    const cells = await read({
      sheet:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>',
      sharedStrings:
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<si><t>R&amp;D &lt;bl&#229;&gt; &#xE4;&quot;&apos;</t></si>' +
        '<si><r><rPr><b/></rPr><t>Rull</t></r><r><t xml:space="preserve">stol </t></r><rPh sb="0" eb="1"><t>ロ</t></rPh></si>' +
        '<si><t>rad ett_x000D_\r\nrad två</t></si></sst>',
    });
    expect(cells).toEqual({ A1: 'R&D <blå> ä"\'', B1: 'Rullstol ', C1: 'rad ett\r\nrad två' });
  });

  it('reads inline strings, formula results, booleans, errors and numbers', async () => {
    const cells = await read({
      sheet:
        '<row r="2">' +
        '<c r="A2" t="inlineStr"><is><t>Duschpall åäö</t></is></c>' +
        '<c r="B2" t="inlineStr"><is><r><t>Gång</t></r><r><t>hjälp</t></r></is></c>' +
        '<c r="C2" t="str"><f>A2&amp;"!"</f><v>Duschpall åäö!</v></c>' +
        '<c r="D2"><f>1+1</f><v>2</v></c>' +
        '<c r="E2" t="b"><v>1</v></c><c r="F2" t="b"><v>0</v></c>' +
        '<c r="G2" t="e"><f>1/0</f><v>#DIV/0!</v></c>' +
        '<c r="H2"><v>1E+5</v></c><c r="I2"><v>-12.300000000000001</v></c><c r="J2" t="n"><v>0.1</v></c>' +
        '<c r="K2" s="0"/><c r="L2"><f>NOW()</f></c>' +
        '</row>',
    });
    expect(cells).toEqual({
      A2: 'Duschpall åäö',
      B2: 'Gånghjälp',
      C2: 'Duschpall åäö!',
      D2: 2,
      E2: true,
      F2: false,
      G2: { error: '#DIV/0!' },
      H2: 100000,
      I2: -12.300000000000001,
      J2: 0.1,
    });
  });

  it('counts on from the previous cell and row where r attributes are missing, as Excel does', async () => {
    const cells = await read({
      sheet:
        '<row><c t="inlineStr"><is><t>a</t></is></c><c><v>1</v></c><c r="E1"><v>5</v></c><c><v>6</v></c></row>' +
        '<row r="4"><c><v>7</v></c></row><row><c r="C5"><v>8</v></c></row>',
    });
    expect(cells).toEqual({ A1: 'a', B1: 1, E1: 5, F1: 6, A4: 7, C5: 8 });
  });

  it('accepts namespace prefixes, comments and processing instructions', async () => {
    const cells = await read({
      sheet:
        '<?xml version="1.0"?><!-- skapad av ett verktyg --><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<x:sheetData><x:row r="1"><!-- en kommentar --><x:c r="A1" t="inlineStr"><x:is><x:t>Pris</x:t></x:is></x:c>' +
        '<?pi data?><x:c r="B1"><x:v>3.5</x:v></x:c></x:row></x:sheetData></x:worksheet>',
    });
    expect(cells).toEqual({ A1: 'Pris', B1: 3.5 });
  });

  it('tells dates from numbers by the cell style (built-in and custom formats)', async () => {
    const cells = await read({
      styles: {
        numFmts:
          '<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="0.00&quot; kr&quot;"/>',
        cellXfs:
          '<xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="49"/>',
      },
      sheet:
        '<row r="1"><c r="A1" s="1"><v>45296</v></c><c r="B1" s="2"><v>45296.5</v></c>' +
        '<c r="C1" s="3"><v>12.5</v></c><c r="D1" s="4"><v>100000</v></c><c r="E1" s="9"><v>7</v></c></row>',
    });
    expect(cells).toEqual({ A1: { date: 45296 }, B1: { date: 45296.5 }, C1: 12.5, D1: 100000, E1: 7 });
  });

  it('never allocates by position: a huge <dimension> and far-away cells cost nothing', async () => {
    const before = process.memoryUsage().heapUsed;
    const cells = await read({
      sheet:
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/>' +
        '<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="XFD1048576"><v>2</v></c></row></sheetData></worksheet>',
    });
    expect(cells).toEqual({ A1: 1, XFD1048576: 2 });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses cell references outside what Excel allows', async () => {
    const error = await readError(
      handMadeXlsx({ sheet: '<row r="1048577"><c r="A1048577"><v>1</v></c></row>' }),
    );
    expect(error.code).toBe('CELL_REFERENCE');
    expect((await readError(handMadeXlsx({ sheet: '<row r="1"><c r="XFE1"><v>1</v></c></row>' }))).code).toBe(
      'CELL_REFERENCE',
    );
  });

  it('decodes å, ä and ö split across chunk boundaries, whatever the chunk size', () => {
    const xml = Buffer.from(
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Överflyttningsbräda åäöÅÄÖ &amp; é€😀</t></is></c>' +
        '<c r="B1" t="str"><v>Hörselförstärkare</v></c><c r="C1" t="s"><v>0</v></c></row></sheetData></worksheet>',
    );
    const whole = scanInChunks(xml, xml.length, ['Läsförstorare']);
    expect(whole).toEqual({
      A1: 'Överflyttningsbräda åäöÅÄÖ & é€😀',
      B1: 'Hörselförstärkare',
      C1: 'Läsförstorare',
    });
    for (let size = 1; size <= 13; size++) expect(scanInChunks(xml, size, ['Läsförstorare'])).toEqual(whole);
  });

  it('reads a long shared string table of Swedish text intact through the inflate stream', async () => {
    const strings = Array.from(
      { length: 40_000 },
      (_, i) => `Åäö ${i} gånghjälpmedel för överarm ${'ö'.repeat(i % 7)}`,
    );
    const sheet = strings
      .map((_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c></row>`)
      .join('');
    const cells = await read({ sheet, sharedStrings: strings });
    expect(Object.keys(cells)).toHaveLength(strings.length);
    strings.forEach((text, i) => {
      if (cells[`A${i + 1}`] !== text) expect(cells[`A${i + 1}`]).toBe(text);
    });
  });

  it('parses shared strings fed one byte at a time', () => {
    const xml = Buffer.from(
      '<?xml version="1.0"?><sst><si><t>ett å</t></si><si/><si><r><t>t</t></r><r><t>vå</t></r></si></sst>',
    );
    const scanner = new SharedStringsScanner();
    for (let at = 0; at < xml.length; at++) scanner.feed(xml.subarray(at, at + 1));
    scanner.finish();
    expect(scanner.strings).toEqual(['ett å', '', 'två']);
  });

  it('finds the sheet named Prislista trimmed and in any case, through the relationships', async () => {
    const content = handMadeXlsx({
      sheet: '<row r="1"><c r="A1"><v>1</v></c></row>',
      sheetName: ' PRISLISTA ',
    });
    const result = await readSheetCells(content, 'xlsx', 'Prislista');
    expect(result?.sheetName).toBe(' PRISLISTA ');
    expect(
      await readSheetCells(handMadeXlsx({ sheet: '', sheetName: 'Blad1' }), 'xlsx', 'Prislista'),
    ).toBeNull();
  });

  it('follows absolute relationship targets and the 1904 date system', async () => {
    const content = handMadeXlsx({
      sheet: '',
      workbookExtra: '<workbookPr date1904="1"/>',
      extra: {
        'xl/_rels/workbook.xml.rels':
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/sheets/annan.xml"/></Relationships>',
        'xl/sheets/annan.xml':
          '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>42</v></c></row></sheetData></worksheet>',
      },
    });
    const result = await readSheetCells(content, 'xlsx', 'Prislista');
    expect(result?.date1904).toBe(true);
    expect(shown(result!.rows)).toEqual({ A1: 42 });
  });

  it('refuses a DOCTYPE in the sheet, the shared strings or the workbook', async () => {
    const doctype = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>';
    const inSheet = handMadeXlsx({ sheet: `${doctype}<worksheet><sheetData/></worksheet>` });
    const inStrings = handMadeXlsx({ sheet: '', sharedStrings: `${doctype}<sst><si><t>&a;</t></si></sst>` });
    const inWorkbook = handMadeXlsx({
      sheet: '',
      extra: {
        'xl/workbook.xml': `${doctype}<workbook><sheets><sheet name="Prislista" r:id="rId1"/></sheets></workbook>`,
      },
    });
    for (const content of [inSheet, inStrings, inWorkbook]) {
      const error = await readError(content);
      expect(error.code).toBe('DOCTYPE');
    }
  });

  it('reads a worksheet without <sheetData> as one without cells', async () => {
    expect(
      await read({
        sheet:
          '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews/></worksheet>',
      }),
    ).toEqual({});
  });

  it('refuses XML that is cut off', async () => {
    const error = await readError(
      handMadeXlsx({ sheet: '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v>' }),
    );
    expect(error).toMatchObject({ code: 'MALFORMED_XML', detail: { part: 'sheet' } });
  });
});

describe('what real workbooks from other tools hold, read as Excel reads it', () => {
  it('reads text in CDATA sections as written, in shared strings, inline strings and values', async () => {
    const cells = await read({
      sheet:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>' +
        '<c r="D1" t="inlineStr"><is><t><![CDATA[Gånghjälp & <rollator>]]></t></is></c>' +
        '<c r="E1" t="str"><v><![CDATA[R&amp;D]]></v></c><c r="F1"><v><![CDATA[12.5]]></v></c>' +
        '<c r="G1" t="s"><v><![CDATA[3]]></v></c></row>' +
        // A section between tags is skipped whole, tags inside it included.
        '<![CDATA[<row r="9"><c r="A9"><v>9</v></c></row>]]>',
      sharedStrings:
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<si><t><![CDATA[Rull & stol <bred>]]></t></si>' +
        '<si><t>a &amp; <![CDATA[&amp; ]]>b<![CDATA[]]]]><![CDATA[>]]></t></si>' +
        '<si><r><t><![CDATA[Fet ]]></t></r><r><t>rad_x000D_</t></r><rPh sb="0" eb="1"><t><![CDATA[ロ]]></t></rPh></si>' +
        '<si><t><![CDATA[rad ett_x000D_\r\nrad två]]></t></si></sst>',
    });
    expect(cells).toEqual({
      A1: 'Rull & stol <bred>',
      B1: 'a & &amp; b]]>',
      C1: 'Fet rad\r',
      D1: 'Gånghjälp & <rollator>',
      E1: 'R&amp;D',
      F1: 12.5,
      // CDATA text keeps entities as written but decodes `_xHHHH_`, as Excel does.
      G1: 'rad ett\r\nrad två',
    });
  });

  it('reads CDATA sections cut anywhere by chunk ends', () => {
    const xml = Buffer.from(
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[Överflyttningsbräda <å>]]> &amp; ö</t></is></c>' +
        '<c r="B1" t="str"><v><![CDATA[Hörsel]]></v></c></row></sheetData></worksheet>',
    );
    const whole = scanInChunks(xml, xml.length);
    expect(whole).toEqual({ A1: 'Överflyttningsbräda <å> & ö', B1: 'Hörsel' });
    for (let size = 1; size <= 13; size++) expect(scanInChunks(xml, size)).toEqual(whole);
  });

  it('still refuses a DOCTYPE or an ENTITY next to CDATA text', async () => {
    for (const sharedStrings of [
      '<?xml version="1.0"?><!DOCTYPE x><sst><si><t><![CDATA[a]]></t></si></sst>',
      '<sst><si><t><![CDATA[a]]></t><!ENTITY a "b"></si></sst>',
    ]) {
      const content = handMadeXlsx({ sheet: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>', sharedStrings });
      expect((await readError(content)).code).toBe('DOCTYPE');
    }
  });

  it('reads an ISO date cell holding only a time as the fraction of a day, and date-times as before', async () => {
    const cells = await read({
      sheet:
        '<row r="1"><c r="A1" t="d"><v>10:10:10</v></c><c r="B1" t="d"><v>00:00</v></c>' +
        '<c r="C1" t="d"><v>23:59:59.5</v></c><c r="D1" t="d"><v>2024-01-05T13:30:00</v></c>' +
        '<c r="E1" t="d"><v>2024-01-05</v></c><c r="F1" t="d"><v>2024-01-05T13:30:00Z</v></c></row>',
    });
    expect(cells).toEqual({
      A1: { date: 36_610 / 86_400 },
      B1: { date: 0 },
      C1: { date: 86_399.5 / 86_400 },
      D1: { date: 45_296.5625 },
      E1: { date: 45_296 },
      F1: { date: 45_296.5625 },
    });
    expect((cells.A1 as { date: number }).date).toBeCloseTo(0.423726851851852, 15);
    const notATime = handMadeXlsx({ sheet: '<row r="1"><c r="A1" t="d"><v>25:00:00</v></c></row>' });
    expect((await readError(notATime)).code).toBe('MALFORMED_XML');
  });

  it('keeps the CR of _x000D_ before a written line feed; a written CR LF or lone CR is a line feed', async () => {
    const cells = await read({
      sheet:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>' +
        '<c r="D1" t="inlineStr"><is><t>ett_x000D_\ntvå</t></is></c><c r="E1" t="str"><v>a_x000d_\nb</v></c></row>',
      sharedStrings:
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<si><t>rad ett_x000D_\nrad två</t></si><si><t>a&#13;\nb</t></si><si><t>a\r\nb\rc</t></si></sst>',
    });
    expect(cells).toEqual({
      A1: 'rad ett\r\nrad två',
      B1: 'a\r\nb',
      C1: 'a\nb\nc',
      D1: 'ett\r\ntvå',
      E1: 'a\r\nb',
    });
  });

  it('leaves phonetic runs out of inline strings too', async () => {
    const cells = await read({
      sheet:
        '<row r="1"><c r="A1" t="inlineStr"><is><r><t>Rull</t></r><r><t>stol</t></r>' +
        '<rPh sb="0" eb="2"><t>ロール</t></rPh><phoneticPr fontId="1"/></is></c></row>',
    });
    expect(cells).toEqual({ A1: 'Rullstol' });
  });

  it('refuses a macro-enabled workbook by its content type, whatever the file is called', async () => {
    const macroEnabled = (contentType: string) =>
      handMadeXlsx({
        sheet: '<row r="1"><c r="A1"><v>1</v></c></row>',
        extra: {
          '[Content_Types].xml':
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
            '<Default Extension="xml" ContentType="application/xml"/>' +
            `<Override PartName="/xl/workbook.xml" ContentType="${contentType}"/></Types>`,
        },
      });
    const error = await readError(macroEnabled('application/vnd.ms-excel.sheet.macroEnabled.main+xml'));
    expect(error.code).toBe('MACRO_ENABLED');
    // The ordinary workbook's content type reads as ever.
    const plain = macroEnabled('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml');
    expect(shown((await readSheetCells(plain, 'xlsx', 'Prislista'))!.rows)).toEqual({ A1: 1 });
  });
});

describe('the zip limits', () => {
  const entry = (name: string, size: number) => [name, Buffer.alloc(size, 0x20)] as [string, Buffer];

  it('refuses more than 1,000 entries before inflating anything', () => {
    const content = zip(Array.from({ length: zipLimits.maxEntries + 1 }, (_, i) => entry(`f${i}.xml`, 1)));
    expect(() => readZipDirectory(content)).toThrowError(
      expect.objectContaining({ code: 'TOO_MANY_ENTRIES', detail: { limit: 1_000 } }) as Error,
    );
  });

  it('refuses an entry compressed more than 100:1', () => {
    expect(() => readZipDirectory(zip([entry('bomb.xml', 1_000_000)]))).toThrowError(
      expect.objectContaining({ code: 'COMPRESSION_RATIO', detail: { limit: 100 } }) as Error,
    );
  });

  it('refuses more than 100 MB uncompressed as declared', () => {
    // Sizes as declared in the central directory: nothing is inflated to find out.
    const content = zip([entry('a.xml', 10)]);
    const directory = content.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    content.writeUInt32LE(zipLimits.maxUncompressedBytes + 1, directory + 24);
    content.writeUInt32LE(zipLimits.maxUncompressedBytes, directory + 20);
    expect(() => readZipDirectory(content)).toThrowError(
      expect.objectContaining({ code: 'TOO_LARGE', detail: { limit: 100 * 1024 * 1024 } }) as Error,
    );
  });

  it('stops inflating as soon as an entry passes the size its header declares', async () => {
    const content = zip([['sheet.xml', Buffer.from('<a>'.repeat(10_000))]]);
    const directory = content.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    content.writeUInt32LE(100, directory + 24);
    const entries = readZipDirectory(content);
    let inflated = 0;
    await expect(
      streamEntry(content, entries.get('sheet.xml')!, (chunk) => {
        inflated += chunk.length;
      }),
    ).rejects.toMatchObject({ code: 'ENTRY_SIZE_MISMATCH', detail: { entry: 'sheet.xml' } });
    expect(inflated).toBe(0);
  });

  it('refuses a truncated archive', () => {
    const content = zip([entry('a.xml', 100)]);
    expect(() => readZipDirectory(content.subarray(0, content.length - 30))).toThrowError(
      expect.objectContaining({ code: 'ZIP_CORRUPT' }) as Error,
    );
  });
});
