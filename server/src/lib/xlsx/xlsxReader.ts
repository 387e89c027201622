import { readDateStyles } from './dateStyles';
import { XlsxError } from './errors';
import { findSheet, type SheetRead } from './findSheet';
import type { SheetRowSink } from './rowCells';
import { SharedStringsScanner } from './sharedStringsScanner';
import { SheetScanner } from './sheetScanner';
import { readWorkbookLayout, readXmlPart } from './workbookLayout';
import { EntryStream, readZipDirectory, streamEntry } from './zip';

/**
 * Reads one sheet of an .xlsx into the sink: zip directory and limits first, then the shared
 * strings and the sheet, each inflated and scanned chunk by chunk. Resolves to null when the
 * workbook has no sheet of that name.
 */
export async function readXlsxSheet(
  content: Uint8Array,
  sheetName: string,
  sink: SheetRowSink,
): Promise<SheetRead | null> {
  const entries = readZipDirectory(content);
  const layout = readWorkbookLayout(content, entries);
  const names = layout.sheets.map((sheet) => sheet.name);
  sink.sheets?.(names);
  const index = findSheet(names, sheetName);
  if (index < 0) return null;
  const sheet = layout.sheets[index]!;
  const sheetEntry = sheet.path === null ? undefined : entries.get(sheet.path.toLowerCase());
  if (!sheetEntry) {
    throw new XlsxError('SHEET_PART_MISSING', { sheet: sheet.name });
  }

  const read = { sheetName: sheet.name, date1904: layout.date1904 };
  // The sheet starts inflating (on the thread pool) while the shared strings are parsed.
  const sheetStream = new EntryStream(content, sheetEntry);
  try {
    const sharedStrings = new SharedStringsScanner();
    const sharedStringsEntry =
      layout.sharedStringsPath && entries.get(layout.sharedStringsPath.toLowerCase());
    if (sharedStringsEntry) {
      await streamEntry(content, sharedStringsEntry, (chunk) => sharedStrings.feed(chunk));
      sharedStrings.finish();
    }
    const stylesXml = layout.stylesPath === null ? null : readXmlPart(content, entries, layout.stylesPath);
    const dateStyles = stylesXml === null ? new Uint8Array(0) : readDateStyles(stylesXml);

    sink.start(read);
    const scanner = new SheetScanner(sink, sharedStrings.strings, dateStyles);
    await sheetStream.consume((chunk) => scanner.feed(chunk));
    scanner.finish();
  } finally {
    sheetStream.destroy();
  }
  return read;
}
