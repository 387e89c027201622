import { PassThrough } from 'node:stream';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { escapeFormulaText } from './formulaEscape';

/**
 * An exceljs streaming workbook that collects into a Buffer: rows are written out as they are
 * committed, so a 200,000-row sheet never sits in memory as cell objects. The finished file
 * goes through finishWorkbook: formula-like text keeps Excel's quote prefix, and the notes are
 * signed by `creator`.
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
      return finishWorkbook(Buffer.concat(chunks), { commentAuthor: creator });
    },
  };
}

export const boldFont: Partial<ExcelJS.Font> = { bold: true };

/**
 * Formula-like text (=, +, -, @, tab or CR first; see formulaEscape.ts) is written as it is and
 * stored as text with Excel's quote prefix, the style flag Excel itself sets when "'-3" is typed:
 * "-3" reads "-3" in Excel, not "'-3", and stays text when the cell is edited. exceljs has no way
 * to write that flag, so such a cell gets this otherwise unused number format as a mark, and
 * finishWorkbook turns each style that has it into the Text format with quotePrefix="1".
 */
const QUOTE_PREFIX_MARK = '@;@;@;@';

const isFormulaLike = (text: string) => escapeFormulaText(text) !== text;

/** Puts `text` in the cell, marked for the quote prefix when Excel could take it for a formula. */
export function setCellText(cell: ExcelJS.Cell, text: string) {
  cell.value = text;
  if (isFormulaLike(text)) cell.numFmt = QUOTE_PREFIX_MARK;
  // A cell written again (a correction over the file's value) keeps no mark its old text needed.
  else if (cell.numFmt === QUOTE_PREFIX_MARK)
    cell.style = { ...cell.style, numFmt: undefined } as Partial<ExcelJS.Style>;
}

/** Marks each formula-like text of a row just added for the quote prefix; returns the row. */
export function quoteFormulaText(row: ExcelJS.Row): ExcelJS.Row {
  row.eachCell((cell) => {
    if (typeof cell.value === 'string' && isFormulaLike(cell.value)) cell.numFmt = QUOTE_PREFIX_MARK;
  });
  return row;
}

/**
 * What exceljs cannot be told, put into the finished .xlsx: the quote prefix on the marked styles
 * (xl/styles.xml), and `commentAuthor` instead of the "Author" exceljs writes into every notes part
 * (xl/comments*.xml; both its writers have the name built in). Only those small parts are inflated
 * and written again; every other entry, the sheets included, is copied byte for byte. Without
 * `commentAuthor` the notes are left as they are (a supplier's own file, whose notes are theirs).
 */
export function finishWorkbook(xlsx: Buffer, { commentAuthor }: { commentAuthor?: string } = {}): Buffer {
  return rewriteZipEntries(xlsx, (name, read) => {
    if (/^\/?xl\/styles\.xml$/i.test(name)) return withQuotePrefix(read());
    if (commentAuthor !== undefined && /^\/?xl\/comments\d*\.xml$/i.test(name))
      return read().replace(
        '<authors><author>Author</author></authors>',
        `<authors><author>${xmlText(commentAuthor)}</author></authors>`,
      );
    return undefined;
  });
}

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** styles.xml with every cell format that uses the mark turned into Text (49) with the quote prefix. */
function withQuotePrefix(styles: string): string | undefined {
  const mark = new RegExp(`<numFmt numFmtId="(\\d+)" formatCode="${QUOTE_PREFIX_MARK}"\\s*/>`).exec(styles);
  if (!mark) return undefined;
  const cellXfs = /<cellXfs\b[^>]*>[\s\S]*?<\/cellXfs>/.exec(styles);
  if (!cellXfs) return undefined;
  const marked = cellXfs[0].replaceAll(
    new RegExp(`<xf numFmtId="${mark[1]}"`, 'g'),
    '<xf numFmtId="49" quotePrefix="1"',
  );
  // The mark's own definition stays: an unused number format is harmless and keeps the ids as they are.
  return styles.slice(0, cellXfs.index) + marked + styles.slice(cellXfs.index + cellXfs[0].length);
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DATA_DESCRIPTOR_FLAG = 0x0008;

interface CentralEntry {
  /** Where its record starts in the central directory, and how long it is. */
  at: number;
  length: number;
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/**
 * A zip written by us, with the entries `rewrite` returns new text for replaced (deflated again,
 * without a data descriptor) and every other entry copied as it is. Only for files this service
 * has just written: the untrusted reader with its limits is zip.ts.
 */
export function rewriteZipEntries(
  zip: Buffer,
  rewrite: (name: string, read: () => string) => string | undefined,
): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || zip.readUInt32LE(end) !== END_OF_DIRECTORY) throw new Error('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new Error('zip64 is not rewritten');

  const entries: CentralEntry[] = [];
  for (let at = directoryOffset, i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error('broken zip directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const length = 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    entries.push({
      at,
      length,
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += length;
  }
  // Each entry's bytes run to the next entry's local header (its data descriptor included).
  const starts = [...entries.map((entry) => entry.localOffset), directoryOffset].sort((a, b) => a - b);
  const spanEnd = (offset: number) => starts.find((start) => start > offset) ?? directoryOffset;

  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let written = 0;
  for (const entry of entries) {
    const local = entry.localOffset;
    if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error('broken zip entry');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const read = () => {
      const data = zip.subarray(dataStart, dataStart + entry.compressedSize);
      return (entry.method === 8 ? inflateRawSync(data) : data).toString('utf8');
    };
    const text = entry.method === 0 || entry.method === 8 ? rewrite(entry.name, read) : undefined;
    const record = Buffer.from(zip.subarray(entry.at, entry.at + entry.length));
    record.writeUInt32LE(written, 42);
    if (text === undefined) {
      const span = zip.subarray(local, spanEnd(local));
      parts.push(span);
      written += span.length;
    } else {
      const content = Buffer.from(text, 'utf8');
      const compressed = deflateRawSync(content);
      const name = zip.subarray(entry.at + 46, entry.at + 46 + zip.readUInt16LE(entry.at + 28));
      const header = Buffer.alloc(30);
      zip.copy(header, 0, local, local + 30);
      const flags = zip.readUInt16LE(local + 6) & ~DATA_DESCRIPTOR_FLAG;
      header.writeUInt16LE(flags, 6);
      header.writeUInt16LE(8, 8);
      header.writeUInt32LE(crc32(content), 14);
      header.writeUInt32LE(compressed.length, 18);
      header.writeUInt32LE(content.length, 22);
      header.writeUInt16LE(name.length, 26);
      header.writeUInt16LE(0, 28);
      parts.push(header, name, compressed);
      written += header.length + name.length + compressed.length;
      record.writeUInt16LE(record.readUInt16LE(8) & ~DATA_DESCRIPTOR_FLAG, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt32LE(crc32(content), 16);
      record.writeUInt32LE(compressed.length, 20);
      record.writeUInt32LE(content.length, 24);
    }
    directory.push(record);
  }
  const directoryBytes = Buffer.concat(directory);
  const tail = Buffer.from(zip.subarray(end));
  tail.writeUInt32LE(directoryBytes.length, 12);
  tail.writeUInt32LE(written, 16);
  return Buffer.concat([...parts, directoryBytes, tail]);
}
