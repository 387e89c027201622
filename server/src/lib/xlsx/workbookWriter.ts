import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * An exceljs streaming workbook that collects into a Buffer: rows are written out as they are
 * committed, so a 200,000-row sheet never sits in memory as cell objects.
 */
export function bufferedWorkbookWriter(creator: string) {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: true,
  });
  workbook.creator = creator;
  return {
    workbook,
    async toBuffer(): Promise<Buffer> {
      await workbook.commit();
      await done;
      return Buffer.concat(chunks);
    },
  };
}

export const boldFont: Partial<ExcelJS.Font> = { bold: true };
