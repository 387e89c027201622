/**
 * The .xls reader reads a plain BIFF8 sheet's value cells itself (biffCells.ts) and leaves the
 * rest to SheetJS. It must see exactly what the plain way sees: SheetJS reading the whole
 * workbook (dense, with number formats) and the cells converted one by one. Workbooks are
 * generated, written by SheetJS as BIFF8 with inline and with shared strings, and some of their
 * NUMBER records rewritten as RK and MULRK records, as Excel writes numbers.
 */
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headers, passwordProtectedXls, sheetjsWorkbook, validRow } from '../../../../test-support/workbooks';
import { scanBiffSheet, startsWithFilePass } from './biffCells';
import { checkOfficeContainer } from './detectFormat';
import { readSheetCells } from './readSheetCells';
import { BOOLEAN, ERROR, NUMBER, TEXT } from './rowCells';

type Seen = [row: number, column: number, kind: number, value: string | number, date: boolean];

async function ours(content: Buffer, sheetName: string) {
  const result = await readSheetCells(content, 'xls', sheetName);
  if (!result) return null;
  const cells: Seen[] = [];
  for (const row of result.rows)
    for (const c of row.cells)
      cells.push([
        row.rowNumber,
        c.column,
        c.kind,
        c.kind === TEXT || c.kind === ERROR ? c.text : c.number,
        c.date,
      ]);
  return { sheet: result.sheetName, date1904: result.date1904, cells };
}

const errorTexts: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
  43: '#GETTING_DATA',
};

/** The plain way: SheetJS reads the whole workbook, then every cell is converted. */
function plain(content: Buffer, sheetName: string) {
  const names = XLSX.read(content, { type: 'buffer', bookSheets: true }).SheetNames;
  const index = names.indexOf(sheetName);
  if (index < 0) return null;
  const workbook = XLSX.read(content, { type: 'buffer', dense: true, cellNF: true, cellText: false });
  const rows = (workbook.Sheets[names[index]!] as XLSX.DenseSheet)['!data'] ?? [];
  const cells: Seen[] = [];
  rows.forEach((row, r) => {
    row?.forEach((cell, column) => {
      if (!cell) return;
      const date = typeof cell.z === 'string' && cell.z !== 'General' && Boolean(XLSX.SSF.is_date(cell.z));
      if (cell.t === 's') cells.push([r + 1, column, TEXT, String(cell.v), false]);
      if (cell.t === 'n' && typeof cell.v === 'number') cells.push([r + 1, column, NUMBER, cell.v, date]);
      if (cell.t === 'b') cells.push([r + 1, column, BOOLEAN, cell.v ? 1 : 0, false]);
      if (cell.t === 'e') cells.push([r + 1, column, ERROR, errorTexts[cell.v as number] ?? '#N/A', false]);
    });
  });
  return { sheet: names[index]!, date1904: Boolean(workbook.Workbook?.WBProps?.date1904), cells };
}

/**
 * Rewrites NUMBER records (18 bytes) of `sheet`'s stream as RK records, and two adjacent ones in a
 * row as one MULRK, each padded with an empty record SheetJS skips, so no position moves.
 */
function withRkRecords(content: Buffer, choose: (i: number) => number): Buffer {
  const cfb = XLSX.CFB.read(content, { type: 'buffer' });
  const entry = XLSX.CFB.find(cfb, '/Workbook');
  const s = Buffer.from(entry.content as Uint8Array);
  const rk = (value: number) => {
    if (Number.isInteger(value) && Math.abs(value) < 2 ** 29) return ((value << 2) | 2) >>> 0;
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value, true);
    return (view.getUint32(4, true) & 0xfffffffc) >>> 0;
  };
  let n = 0;
  for (let l = 0; l + 4 <= s.length; ) {
    const type = s.readUInt16LE(l);
    const length = s.readUInt16LE(l + 2);
    const next = l + 4 + length;
    if (type === 0x0203 && length === 14) {
      const choice = choose(n++);
      const pairs =
        next + 18 <= s.length &&
        s.readUInt16LE(next) === 0x0203 &&
        s.readUInt16LE(next + 4) === s.readUInt16LE(l + 4) &&
        s.readUInt16LE(next + 6) === s.readUInt16LE(l + 6) + 1;
      if (choice === 1) {
        const [row, column, xf, value] = [
          s.readUInt16LE(l + 4),
          s.readUInt16LE(l + 6),
          s.readUInt16LE(l + 8),
          s.readDoubleLE(l + 10),
        ];
        s.writeUInt16LE(0x027e, l);
        s.writeUInt16LE(10, l + 2);
        s.writeUInt16LE(row, l + 4);
        s.writeUInt16LE(column, l + 6);
        s.writeUInt16LE(xf, l + 8);
        s.writeUInt32LE(rk(value), l + 10);
        s.writeUInt16LE(0x00d7, l + 14);
        s.writeUInt16LE(0, l + 16);
      } else if (choice === 2 && pairs) {
        const cells = [l, next].map((at) => [s.readUInt16LE(at + 8), s.readDoubleLE(at + 10)] as const);
        const [row, column] = [s.readUInt16LE(l + 4), s.readUInt16LE(l + 6)];
        s.writeUInt16LE(0x00bd, l);
        s.writeUInt16LE(18, l + 2);
        s.writeUInt16LE(row, l + 4);
        s.writeUInt16LE(column, l + 6);
        cells.forEach(([xf, value], i) => {
          s.writeUInt16LE(xf, l + 8 + i * 6);
          s.writeUInt32LE(rk(value), l + 10 + i * 6);
        });
        s.writeUInt16LE(column + 1, l + 20);
        s.writeUInt16LE(0x00d7, l + 22);
        s.writeUInt16LE(36 - 22 - 4, l + 24);
        l = next + 18;
        continue;
      }
    }
    l = next;
  }
  entry.content = s;
  return Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

const text = fc.string({
  unit: fc.constantFrom(...'aAzZ09 åäöÅÄÖéü€😀&<>"\'_-=+@.,\n\t\u0000\u0085'.split(''), '\ud800'),
  maxLength: 20,
});
const number = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -0, 0.1, 12.3, 1e-310, 100000, 123456789.12),
);
const cell = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 3, arbitrary: text.map((v) => ({ t: 's', v })) },
  { weight: 4, arbitrary: number.map((v) => ({ t: 'n', v })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 80_000 }).map((v) => ({ t: 'n', v, z: 'yyyy-mm-dd' })) },
  { weight: 1, arbitrary: number.map((v) => ({ t: 'n', v, z: '0.00' })) },
  { weight: 1, arbitrary: fc.boolean().map((v) => ({ t: 'b', v })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0x00, 0x07, 0x0f, 0x17, 0x1d, 0x24, 0x2a).map((v) => ({ t: 'e', v })),
  },
);
const sheetRows = fc.array(fc.array(cell, { maxLength: 7 }), { maxLength: 12 });

function workbookOf(
  sheets: [string, (XLSX.CellObject | null)[][]][],
  date1904: boolean,
  sst: boolean,
): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of sheets) {
    const sheet: XLSX.WorkSheet = {};
    let maxColumn = 0;
    for (const [r, row] of rows.entries()) {
      for (const [column, c] of row.entries()) {
        if (!c) continue;
        sheet[XLSX.utils.encode_cell({ r, c: column })] = c;
        maxColumn = Math.max(maxColumn, column);
      }
    }
    sheet['!ref'] = `A1:${XLSX.utils.encode_cell({ r: Math.max(rows.length - 1, 0), c: maxColumn })}`;
    XLSX.utils.book_append_sheet(workbook, sheet, name);
  }
  workbook.Workbook = { WBProps: { date1904 } };
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8', bookSST: sst }) as Buffer;
}

describe('the .xls reader', () => {
  it('sees what SheetJS sees, cell for cell, in generated BIFF8 workbooks', async () => {
    let direct = 0;
    await fc.assert(
      fc.asyncProperty(
        sheetRows,
        fc.option(sheetRows, { nil: undefined }),
        fc.constantFrom('Prislista', ' prislista ', 'Annat'),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 2 })),
        async (rows, other, name, date1904, sst, choices) => {
          const sheets: [string, (XLSX.CellObject | null)[][]][] = [[name, rows as never]];
          if (other) sheets.unshift(['Först', other as never]);
          const content = withRkRecords(workbookOf(sheets, date1904, sst), (i) => choices[i] ?? 0);
          const wanted = name;
          expect(await ours(content, wanted)).toEqual(plain(content, wanted));
          const names = XLSX.read(content, { type: 'buffer', bookSheets: true }).SheetNames;
          const stream = XLSX.CFB.find(XLSX.CFB.read(content, { type: 'buffer' }), '/Workbook').content;
          if (scanBiffSheet(stream, names.indexOf(wanted), names.length)) direct++;
        },
      ),
      { numRuns: 300 },
    );
    // Most of them took the direct way (the rest: cells SheetJS's writer leaves in another order).
    expect(direct).toBeGreaterThan(200);
  });

  it('reads the cells itself when the sheet holds only value cells in order, and otherwise not', () => {
    const plainSheet = workbookOf(
      [
        [
          'Prislista',
          [
            [
              { t: 'n', v: 1 },
              { t: 's', v: 'a' },
            ],
          ],
        ],
      ],
      false,
      true,
    );
    const stream = XLSX.CFB.find(XLSX.CFB.read(plainSheet, { type: 'buffer' }), '/Workbook').content;
    expect(scanBiffSheet(stream, 0, 1)?.cells.count).toBe(2);
    // Cells out of order (SheetJS would sort them by place): the plain way reads the sheet.
    const bytes = Buffer.from(stream as Uint8Array);
    const first = indexOfRecord(bytes, 0x0203);
    bytes.writeUInt16LE(5, first + 4);
    expect(scanBiffSheet(bytes, 0, 1)).toBeNull();
  });

  it('refuses a password-protected workbook (FilePass after BOF) as ENCRYPTED, in sectors or the mini stream', async () => {
    const many = [headers, ...Array.from({ length: 80 }, (_, i) => validRow(`HMD-${i + 1}`))];
    for (const rows of [many, [headers, validRow('HMD-0001')]]) {
      await expect(readSheetCells(passwordProtectedXls(rows), 'xls', 'Prislista')).rejects.toMatchObject({
        code: 'ENCRYPTED',
      });
    }
    // The upload's container check sees it where the stream has sectors of its own.
    expect(checkOfficeContainer(passwordProtectedXls(many))).toBe('encrypted');
    const plainXls = sheetjsWorkbook({ Prislista: many }, 'biff8');
    expect(checkOfficeContainer(plainXls)).toBe('other');
    const stream = XLSX.CFB.find(XLSX.CFB.read(plainXls, { type: 'buffer' }), '/Workbook')!
      .content as Uint8Array;
    expect(startsWithFilePass(stream)).toBe(false);
    // Anything else SheetJS cannot read stays NOT_XLS.
    const broken = Buffer.from(plainXls);
    broken.fill(0, 512, 1024);
    await expect(readSheetCells(broken, 'xls', 'Prislista')).rejects.toMatchObject({ code: 'NOT_XLS' });
  });
});

function indexOfRecord(stream: Buffer, type: number): number {
  for (let l = 0; l + 4 <= stream.length; l += 4 + stream.readUInt16LE(l + 2))
    if (stream.readUInt16LE(l) === type) return l;
  return -1;
}
