import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { bufferedWorkbookWriter, quoteFormulaText, rewriteZipEntries } from './workbookWriter';
import { readEntry, readZipDirectory } from './zip';

async function smallWorkbook() {
  const { workbook, toBuffer } = bufferedWorkbookWriter('Hjälpmedelsdatabasen');
  const sheet = workbook.addWorksheet('Blad');
  const row = quoteFormulaText(sheet.addRow(['-3', '=SUM(A1:A2)', 'text', 5]));
  row.getCell(3).note = 'En anteckning';
  row.commit();
  sheet.commit();
  return toBuffer();
}

const partsOf = (xlsx: Buffer) =>
  new Map(
    [...readZipDirectory(xlsx).values()].map((entry) => [
      entry.name.replace(/^\//, ''),
      readEntry(xlsx, entry),
    ]),
  );

describe('the finished workbook', () => {
  it('reads "-3" and "=SUM(A1:A2)" as text in another reader, with no apostrophe and no formula', async () => {
    const sheet = XLSX.read(await smallWorkbook(), { type: 'buffer' }).Sheets.Blad!;
    expect(sheet.A1).toMatchObject({ t: 's', v: '-3' });
    expect(sheet.B1).toMatchObject({ t: 's', v: '=SUM(A1:A2)' });
    expect(sheet.B1.f).toBeUndefined();
    expect(sheet.D1).toMatchObject({ t: 'n', v: 5 });
  });

  it('leaves no cell format on the mark, and signs the notes', async () => {
    const parts = partsOf(await smallWorkbook());
    const styles = parts.get('xl/styles.xml')!.toString('utf8');
    const mark = /<numFmt numFmtId="(\d+)" formatCode="@;@;@;@"/.exec(styles)![1];
    const cellXfs = /<cellXfs\b[\s\S]*?<\/cellXfs>/.exec(styles)![0];
    expect(cellXfs).not.toContain(`numFmtId="${mark}"`);
    expect(cellXfs).toContain('quotePrefix="1"');
    expect(parts.get('xl/comments1.xml')!.toString('utf8')).toContain(
      '<author>Hjälpmedelsdatabasen</author>',
    );
  });

  it('copies every entry it does not rewrite byte for byte', async () => {
    const original = await smallWorkbook();
    const same = rewriteZipEntries(original, () => undefined);
    expect(same.equals(original)).toBe(true);
    const changed = rewriteZipEntries(original, (name, read) =>
      name.endsWith('workbook.xml') ? read().replace('Blad', 'Ark') : undefined,
    );
    const before = partsOf(original);
    const after = partsOf(changed);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, bytes] of before)
      if (!name.endsWith('workbook.xml')) expect(after.get(name)!.equals(bytes), name).toBe(true);
    expect(XLSX.read(changed, { type: 'buffer' }).SheetNames).toEqual(['Ark']);
  });
});
