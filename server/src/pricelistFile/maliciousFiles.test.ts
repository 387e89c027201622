/**
 * Hostile and broken files go through the worker thread exactly as the validation job runs
 * them: each must end with a clean, typed error (or a clean outcome) before the worker's
 * deadline (a DEADLINE end would be another reason), and the next validation must work as
 * before. The attack classes of XML and archives are in hostileXml.test.ts.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { generatePriceListXlsx } from '../../../test-support/generatedWorkbooks';
import {
  exceljsWorkbook,
  handMadeXlsx,
  headers,
  sheetjsWorkbook,
  validRow,
} from '../../../test-support/workbooks';
import { detectExcelFormat } from '../lib/xlsx';
import { ExcelWorkerError } from './fileErrors';
import { runPriceListValidation } from './workerCalls';

const limits = { heapMb: 256, deadlineMs: 30_000 };

async function run(content: Uint8Array, fileName = 'prislista.xlsx', workerLimits = limits) {
  try {
    const outcome = await runPriceListValidation(
      { content, fileName, articleNumbers: ['HMD-0001'], existingRows: [] },
      workerLimits,
    );
    return { outcome, error: null };
  } catch (error) {
    if (!(error instanceof ExcelWorkerError)) throw error;
    return { outcome: null, error };
  }
}

/** Where the central directory describes the entry `name` (found through the end record, not by searching). */
function centralEntry(content: Buffer, name: string): number {
  const end = content.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = content.readUInt32LE(end + 16);
  for (let i = 0; i < content.readUInt16LE(end + 10); i++) {
    const nameLength = content.readUInt16LE(at + 28);
    if (content.toString('utf8', at + 46, at + 46 + nameLength) === name) return at;
    at += 46 + nameLength + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
  }
  throw new Error(`no entry ${name}`);
}

describe('hostile and broken files in the worker', () => {
  it('validates a good file in the worker', async () => {
    const { outcome } = await run(await exceljsWorkbook({ Prislista: [headers, validRow('HMD-0001')] }));
    expect(outcome?.summary).toEqual({ type: 'CONFIRM', added: 1, updated: 0, removed: 0, unchanged: 0 });
  });

  it('stops a zip bomb whose header lies about its size while inflating it', async () => {
    const sheet = Buffer.alloc(80 * 1024 * 1024, '<row/>');
    const bomb = handMadeXlsx({ sheet: '', extra: { 'xl/worksheets/sheet1.xml': sheet } });
    // The directory claims a modest 50:1; the data would inflate to 80 MB.
    const entry = centralEntry(bomb, 'xl/worksheets/sheet1.xml');
    bomb.writeUInt32LE(bomb.readUInt32LE(entry + 20) * 50, entry + 24);
    const { error } = await run(bomb);
    expect(error).toMatchObject({ reason: 'INVALID_FILE', problem: 'CORRUPT' });
    expect(error?.message).toBe(
      'Filen kan inte läsas: delen xl/worksheets/sheet1.xml är större eller mindre än arkivet uppger.',
    );
  });

  it('reads a sheet with a huge dimension and a far-away cell without allocating for it', async () => {
    const header = headers.map(
      (name, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${name}</t></is></c>`,
    );
    const content = handMadeXlsx({
      sheet:
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/><sheetData>' +
        `<row r="1">${header.join('')}</row>` +
        '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>långt bort</t></is></c></row></sheetData></worksheet>',
    });
    const { outcome } = await run(content, 'prislista.xlsx', { heapMb: 64, deadlineMs: 30_000 });
    expect(outcome?.summary).toEqual({ type: 'CONFIRM', added: 0, updated: 0, removed: 0, unchanged: 0 });
  });

  it('is not fooled by a sheet called __proto__, in .xlsx and in .xls', async () => {
    // A computed key: `{ __proto__: … }` would set the object's prototype instead.
    const only = await exceljsWorkbook({ ['__proto__']: [headers, validRow('HMD-0001')] });
    expect(XLSX.read(only, { type: 'buffer', bookSheets: true }).SheetNames).toEqual(['__proto__']);
    expect((await run(only)).outcome?.summary.type).toBe('INVALID_FORMAT');
    const both = await run(
      await exceljsWorkbook({ ['__proto__']: [['x']], Prislista: [headers, validRow('HMD-0001')] }),
    );
    expect(both.outcome?.summary).toMatchObject({ type: 'CONFIRM', added: 1 });
    const xlsBook = sheetjsWorkbook(
      { ['__proto__']: [['x']], Prislista: [headers, validRow('HMD-0001')] },
      'biff8',
    );
    expect(XLSX.read(xlsBook, { type: 'buffer', bookSheets: true }).SheetNames).toEqual([
      '__proto__',
      'Prislista',
    ]);
    expect((await run(xlsBook, 'p.xls')).outcome?.summary).toMatchObject({ type: 'CONFIRM', added: 1 });
    const onlyXls = sheetjsWorkbook({ ['__proto__']: [headers, validRow('HMD-0001')] }, 'biff8');
    expect((await run(onlyXls, 'p.xls')).outcome?.summary.type).toBe('INVALID_FORMAT');
  });

  it('refuses a renamed PDF', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF');
    expect(detectExcelFormat(pdf, 'prislista.xlsx')).toBeNull();
    expect(detectExcelFormat(pdf, 'prislista.xls')).toBeNull();
    const { error } = await run(pdf);
    expect(error).toMatchObject({ reason: 'INVALID_FILE', problem: 'NOT_EXCEL' });
  });

  it('refuses a truncated .xlsx and a truncated .xls', async () => {
    const xlsx = generatePriceListXlsx(2_000);
    const cut = await run(xlsx.subarray(0, Math.floor(xlsx.length / 2)));
    expect(cut.error).toMatchObject({ reason: 'INVALID_FILE', problem: 'CORRUPT' });
    const xls = sheetjsWorkbook({ Prislista: [headers, validRow('HMD-0001')] }, 'biff8');
    const cutXls = await run(xls.subarray(0, 1_000), 'prislista.xls');
    expect(cutXls.error).toMatchObject({ reason: 'INVALID_FILE', problem: 'CORRUPT' });
  });

  it('terminates a validation at its deadline', async () => {
    const { error } = await run(generatePriceListXlsx(20_000), 'prislista.xlsx', {
      heapMb: 256,
      deadlineMs: 5,
    });
    expect(error).toMatchObject({ reason: 'DEADLINE' });
  });

  it('stops a validation that needs more memory than its heap limit', async () => {
    // A deadline far beyond the time the heap fills: on a loaded machine the memory limit, not the
    // clock, must be what stops it (a DEADLINE here would mean the heap limit did not hold).
    const tight = { heapMb: 16, deadlineMs: 60_000 };
    const small = await run(
      await exceljsWorkbook({ Prislista: [headers, validRow('HMD-0001')] }),
      'p.xlsx',
      tight,
    );
    expect(small.error).toBeNull();
    expect(small.outcome?.summary.type).toBe('CONFIRM');
    const { error } = await run(generatePriceListXlsx(100_000), 'prislista.xlsx', tight);
    expect(error).toMatchObject({ reason: 'MEMORY' });
  });

  it('still validates normally afterwards', async () => {
    const { outcome } = await run(await exceljsWorkbook({ Prislista: [headers, validRow('HMD-0001')] }));
    expect(outcome?.summary).toMatchObject({ type: 'CONFIRM', added: 1 });
  });

  it('moves the bytes to the worker instead of copying them', async () => {
    const content = new Uint8Array(await exceljsWorkbook({ Prislista: [headers, validRow('HMD-0001')] }));
    await run(content);
    expect(content.byteLength).toBe(0);
  });
});

describe('detectExcelFormat', () => {
  const xlsx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]);
  const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);

  it('wants the extension and the magic bytes to agree', () => {
    expect(detectExcelFormat(xlsx, 'Prislista 2026.XLSX')).toBe('xlsx');
    expect(detectExcelFormat(xls, 'prislista.xls')).toBe('xls');
    expect(detectExcelFormat(xls, 'prislista.xlsx')).toBeNull();
    expect(detectExcelFormat(xlsx, 'prislista.xls')).toBeNull();
    expect(detectExcelFormat(xlsx, 'prislista.zip')).toBeNull();
    expect(detectExcelFormat(Buffer.alloc(0), 'prislista.xlsx')).toBeNull();
  });
});

describe('bytes handed to the worker twice', () => {
  it('fail at once, not at the deadline', async () => {
    const content = new Uint8Array(generatePriceListXlsx(10));
    expect((await run(content)).error).toBeNull();
    const again = await run(content);
    expect(again.error?.reason).toBe('CRASH');
  });
});
