import { describe, expect, it } from 'vitest';
import { handMadeXlsx } from '../../../test-support/workbooks';
import { XlsxError, type XlsxErrorCode } from '../lib/xlsx';
import { ExcelFileError, excelFileErrorOf } from './fileErrors';
import { validateAgainst } from './validatePricelist';

const noData = { articleNumbers: [], stored: { articleNumbers: [], values: [] } as never };

describe('what the supplier is told when the reader refuses a file', () => {
  it.each<[XlsxErrorCode, XlsxError['detail'], string]>([
    ['NOT_A_WORKBOOK', {}, 'Filen är inte en Excel-arbetsbok (.xlsx): arbetsboken saknas i filen.'],
    [
      'ZIP_CORRUPT',
      { where: 'directoryEntry' },
      'Filen kan inte läsas: den är skadad eller ofullständig (en post).',
    ],
    [
      'ZIP_CORRUPT',
      { entry: 'xl/styles.xml' },
      'Filen kan inte läsas: den är skadad eller ofullständig (xl/styles.xml).',
    ],
    [
      'TOO_LARGE',
      { limit: 100 * 1024 * 1024 },
      'Filen är för stor uppackad (högst 100 MB). Dela upp prislistan eller ta bort onödiga flikar.',
    ],
    [
      'MALFORMED_XML',
      { part: 'sharedStrings' },
      'Filen kan inte läsas: tabellen med delade texter är inte giltig XML.',
    ],
    ['SHEET_PART_MISSING', { sheet: 'Prislista' }, 'Filen kan inte läsas: fliken Prislista saknar innehåll.'],
  ])('%s %o: "%s"', (code, detail, text) => {
    const error = excelFileErrorOf(new XlsxError(code, detail));
    expect(error).toBeInstanceOf(ExcelFileError);
    expect(error.message).toBe(text);
  });

  it('gives every reason of the reader a Swedish sentence and no code', () => {
    const codes: XlsxErrorCode[] = [
      'NOT_A_WORKBOOK',
      'NOT_XLS',
      'ENCRYPTED',
      'MACRO_ENABLED',
      'ZIP_CORRUPT',
      'ZIP64',
      'COMPRESSION_METHOD',
      'TOO_MANY_ENTRIES',
      'TOO_LARGE',
      'COMPRESSION_RATIO',
      'ENTRY_SIZE_MISMATCH',
      'SHEET_PART_MISSING',
      'MALFORMED_XML',
      'DOCTYPE',
      'CELL_REFERENCE',
    ];
    for (const code of codes) {
      const { message } = excelFileErrorOf(
        new XlsxError(code, { limit: 1, entry: 'a.xml', sheet: 'Prislista' }),
      );
      expect(message).toMatch(/^Filen .+\.$/);
      expect(message).not.toMatch(/\b[A-Z0-9]+_[A-Z0-9_]+\b/);
    }
  });

  it('is what the validation throws for a file the reader refuses', async () => {
    const doctype = handMadeXlsx({
      sheet: '<!DOCTYPE x [<!ENTITY a "b">]><worksheet><sheetData/></worksheet>',
    });
    await expect(validateAgainst(doctype, 'prislista.xlsx', noData)).rejects.toMatchObject({
      name: 'ExcelFileError',
      problem: 'DOCTYPE',
      message: 'Filen innehåller en DOCTYPE-deklaration och läses inte av säkerhetsskäl.',
    });
  });
});
