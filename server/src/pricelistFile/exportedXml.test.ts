import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ValidationError } from '#contract';
import { exceljsWorkbook, headers, storedRow, validRow } from '../../../test-support/workbooks';
import { readEntry, readZipDirectory } from '../lib/xlsx/zip';
import { writeChangesWorkbook } from './changesWorkbook';
import { writeCorrectedFile } from './correctedFile';
import { writeValidationErrorWorkbook } from './errorWorkbook';
import { writePriceListTemplate } from './template';
import { validatePriceList } from './validatePricelist';

/**
 * The exports read back as Excel reads them: unzipped (by the service's own strict reader) and
 * their XML looked at. Formula-like text is stored as it is, as text, with the quote prefix in its
 * cell's style (no apostrophe in the text); every note is signed "Hjälpmedelsdatabasen".
 */

/** Every part of the .xlsx, by its name without a leading slash. */
function partsOf(xlsx: Buffer): Map<string, string> {
  const parts = new Map<string, string>();
  for (const entry of readZipDirectory(xlsx).values())
    parts.set(entry.name.replace(/^\//, ''), readEntry(xlsx, entry).toString('utf8'));
  return parts;
}

/** The shared strings, in order. */
const sharedStrings = (parts: Map<string, string>) =>
  [...(parts.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((si) =>
    [...si[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join(''),
  );

/** The text of a cell and the attributes of its cell format (cellXfs), read from the XML. */
function cell(parts: Map<string, string>, sheetPart: string, ref: string) {
  const sheet = parts.get(sheetPart)!;
  const tag = new RegExp(`<c r="${ref}"([^>]*)>([\\s\\S]*?)</c>`).exec(sheet);
  if (!tag) throw new Error(`no cell ${ref} in ${sheetPart}`);
  const style = Number(/\bs="(\d+)"/.exec(tag[1]!)?.[1] ?? 0);
  const isShared = /\bt="s"/.test(tag[1]!);
  const value = /<v>([\s\S]*?)<\/v>/.exec(tag[2]!)?.[1] ?? '';
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(parts.get('xl/styles.xml')!)![1]!;
  const xf = [...cellXfs.matchAll(/<xf\b[^>]*>/g)][style]![0];
  return { text: isShared ? sharedStrings(parts)[Number(value)] : value, xf };
}

const quotePrefixed = (xf: string) => /\bquotePrefix="1"/.test(xf) && /\bnumFmtId="49"/.test(xf);

/** Every notes part says who wrote the notes: us, never exceljs's "Author". */
function expectSignedNotes(parts: Map<string, string>) {
  const notes = [...parts].filter(([name]) => /^xl\/comments\d*\.xml$/.test(name));
  expect(notes.length).toBeGreaterThan(0);
  for (const [, xml] of notes) {
    expect(xml).toContain('<authors><author>Hjälpmedelsdatabasen</author></authors>');
    expect(xml).not.toContain('>Author<');
  }
}

async function errorsOf(content: Buffer): Promise<ValidationError[]> {
  const outcome = await validatePriceList({
    content,
    fileName: 'prislista.xlsx',
    articleNumbers: ['HMD-0001', 'HMD-0002'],
    existingRows: [],
  });
  if (!('allErrors' in outcome)) throw new Error('expected errors');
  return outcome.allErrors;
}

describe('the exported workbooks, read back as XML', () => {
  it('the error workbook: "-12" and "=HYPERLINK(…)" as text with the quote prefix, notes signed by the service', async () => {
    const content = await exceljsWorkbook({
      Prislista: [headers, validRow('HMD-0001'), validRow('=HYPERLINK("http://x")', '-12')],
    });
    const parts = partsOf(
      await writeValidationErrorWorkbook(content, 'prislista.xlsx', await errorsOf(content)),
    );
    expect(sharedStrings(parts).some((text) => text.startsWith("'"))).toBe(false);

    // The list "Fel": article number (B) and value (G) of the first error, on row 3 of the file.
    const articleNumber = cell(parts, 'xl/worksheets/sheet1.xml', 'B2');
    // As the XML holds it: the quotes as entities, no apostrophe in front.
    expect(articleNumber.text).toBe('=HYPERLINK(&quot;http://x&quot;)');
    expect(quotePrefixed(articleNumber.xf)).toBe(true);
    // An ordinary text keeps an ordinary style.
    expect(cell(parts, 'xl/worksheets/sheet1.xml', 'C2').text).toBe('Prislista');
    expect(quotePrefixed(cell(parts, 'xl/worksheets/sheet1.xml', 'C2').xf)).toBe(false);

    // The copy of the sheet: the negative price as the text "-12", red and quote-prefixed.
    const price = cell(parts, 'xl/worksheets/sheet2.xml', 'C3');
    expect(price.text).toBe('-12');
    expect(quotePrefixed(price.xf)).toBe(true);
    expect(price.xf).toMatch(/\bfillId="[1-9]\d*"/);
    expectSignedNotes(parts);
  });

  it('the changes workbook: formula-like text and a "+" per cent as text with the quote prefix', async () => {
    const parts = partsOf(
      await writeChangesWorkbook({
        risk: {
          id: 'r',
          pricelist: { number: '2', status: 'CURRENT' },
          priceIncreases: 1,
          largestIncrease: { percent: 140, articleNumber: 'HMD-0002' },
          priceDecreases: 0,
          largestDecrease: null,
          medianChangePercent: 140,
          pricesSetToZero: 0,
          removed: 0,
          warnings: [],
        },
        added: [JSON.stringify([storedRow('=SUM(A1:A2)', { warrantyTerms: '-3' })])],
        updated: [],
        removed: [],
      }),
    );
    expect(sharedStrings(parts).some((text) => text.startsWith("'"))).toBe(false);
    const names = [...parts.keys()];
    // Risker, Tillagda: the per cent fact on row 3, the added row's article number and terms.
    const [risks, added] = ['Risker', 'Tillagda'].map((name) => {
      const index = /<sheet [^>]*name="([^"]+)"/g;
      const sheets = [...parts.get('xl/workbook.xml')!.matchAll(index)].map((match) => match[1]);
      const part = `xl/worksheets/sheet${sheets.indexOf(name) + 1}.xml`;
      expect(names).toContain(part);
      return part;
    });
    const increase = cell(parts, risks!, 'B3');
    expect(increase.text).toBe('+140\u00a0% (HMD-0002)');
    expect(quotePrefixed(increase.xf)).toBe(true);
    for (const ref of ['A2', 'H2']) {
      const added2 = cell(parts, added!, ref);
      expect(['=SUM(A1:A2)', '-3']).toContain(added2.text);
      expect(quotePrefixed(added2.xf), ref).toBe(true);
    }
  });

  it('the template: notes signed by the service, formula-like text quote-prefixed, and it reads back unchanged', async () => {
    const values = storedRow('=HMD', { warrantyTerms: '-Gäller ej batterier' });
    const xlsx = await writePriceListTemplate([{ values, articleName: '+rullstol' }]);
    const parts = partsOf(xlsx);
    expectSignedNotes(parts);
    for (const [ref, text] of [
      ['A2', '=HMD'],
      ['B2', '+rullstol'],
      ['I2', '-Gäller ej batterier'],
    ] as const) {
      const written = cell(parts, 'xl/worksheets/sheet1.xml', ref);
      expect(written.text).toBe(text);
      expect(quotePrefixed(written.xf), ref).toBe(true);
    }
    // The article numbers' column keeps the Text format; the header row is not quote-prefixed.
    expect(quotePrefixed(cell(parts, 'xl/worksheets/sheet1.xml', 'A1').xf)).toBe(false);
    // Excel and exceljs read the same text.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]!.getCell('I2').value).toBe('-Gäller ej batterier');
  });

  it('the corrected file: a typed formula-like text is quote-prefixed, the other cells as they were', async () => {
    const content = await exceljsWorkbook({ Prislista: [headers, validRow('HMD-0001')] });
    const parts = partsOf(
      await writeCorrectedFile(content, 'prislista.xlsx', {
        sheet: 'Prislista',
        cells: [{ row: 2, cell: 'I2', column: 'Garantivillkor', value: '-Gäller ej batterier' }],
        leaveOut: [],
      }),
    );
    const corrected = cell(parts, 'xl/worksheets/sheet1.xml', 'I2');
    expect(corrected.text).toBe('-Gäller ej batterier');
    expect(quotePrefixed(corrected.xf)).toBe(true);
    expect(quotePrefixed(cell(parts, 'xl/worksheets/sheet1.xml', 'A2').xf)).toBe(false);
  });
});
