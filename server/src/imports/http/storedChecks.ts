import { MACRO_ENABLED_WORKBOOK, PASSWORD_PROTECTED_FILE } from '#contract/texts';
import { ApiError } from '../../errors';
import { checkOfficeContainer, type FileBytes } from '../../lib/xlsx';
import { DOCTYPE_REFUSED, detectCatalogue, detectExcelFormat } from '../../pricelistFile';

const NOT_EXCEL = 'Filen måste vara en Excel-fil (.xls eller .xlsx).';
// As the reader says it (priceListFile/fileErrors.ts), for a container whose chains loop.
const BROKEN_XLS = 'Filen kan inte läsas: den är inte en giltig Excel 97–2003-arbetsbok (.xls).';

/** How much of a file's start the upload keeps in memory: the catalogue's prolog is looked for this far. */
export const HEAD_BYTES = 64 * 1024;

/** A file as the upload stored it: its size, its first HEAD_BYTES, and the rest to read. */
export interface StoredBytes {
  size: number;
  head: Uint8Array;
  read(offset: number, length: number): Promise<Uint8Array>;
}

const unsupported = (message: string) => new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message);

/**
 * The checks of an upload's format, on the stored file (the answers as when the whole file was
 * in memory): an Excel file's extension and magic bytes must agree, a password-protected or
 * macro-enabled workbook is refused with its own text, an .xls whose chains loop is broken, and
 * anything else must be a Peppol catalogue (known by its root element whatever the name).
 */
export async function checkStoredFormat(file: StoredBytes, fileName: string): Promise<void> {
  // Checked on the whole name: shortening first could cut the extension off.
  const container = /\.xlsx?$/i.test(fileName) ? await checkStoredContainer(file) : 'other';
  if (container === 'encrypted') throw unsupported(PASSWORD_PROTECTED_FILE);
  if (/\.xlsm$/i.test(fileName.trim())) throw unsupported(MACRO_ENABLED_WORKBOOK);
  const format = detectExcelFormat(file.head, fileName) ?? catalogueFormat(file.head);
  if (format === 'xls' && container === 'broken') throw unsupported(BROKEN_XLS);
}

/**
 * Not an Excel file: a Peppol BIS Catalogue 3, known by its root element and namespace whatever
 * the file is called; the worker reads it. Anything else is 415 as before.
 */
function catalogueFormat(head: Uint8Array): 'peppol' {
  const xml = detectCatalogue(head);
  if (xml === 'doctype') throw unsupported(DOCTYPE_REFUSED);
  if (xml === null) throw unsupported(NOT_EXCEL);
  return 'peppol';
}

const BLOCK = 4096;

/**
 * checkOfficeContainer over the stored file. It reads a few kB where the container's own numbers
 * point, so it runs over the blocks at hand; a block it asked for and did not have reads as
 * zeros and is loaded, and it runs again, until a run needed nothing it did not have: that run's
 * answer is the one the whole file gives. Every run loads at least one more block, so it ends; a
 * run takes microseconds, and most files need one or two.
 */
async function checkStoredContainer(file: StoredBytes): Promise<'encrypted' | 'broken' | 'other'> {
  const blocks = new Map<number, Uint8Array>();
  for (let at = 0; at < file.head.length; at += BLOCK)
    if (at + BLOCK <= file.head.length || file.head.length === file.size)
      blocks.set(at / BLOCK, file.head.subarray(at, at + BLOCK));
  for (;;) {
    const missing = new Set<number>();
    try {
      const answer = checkOfficeContainer(blockBytes(file.size, blocks, missing));
      if (missing.size === 0) return answer;
    } catch (error) {
      // A run on made-up zeros may go astray; only a run on the file's own bytes answers.
      if (missing.size === 0) throw error;
    }
    for (const block of missing) blocks.set(block, await file.read(block * BLOCK, BLOCK));
  }
}

function blockBytes(size: number, blocks: Map<number, Uint8Array>, missing: Set<number>): FileBytes {
  const byte = (at: number) => {
    if (at < 0 || at >= size) throw new RangeError(`offset ${at} is outside the file`);
    const block = Math.floor(at / BLOCK);
    const bytes = blocks.get(block);
    if (bytes) return bytes[at - block * BLOCK]!;
    missing.add(block);
    return 0;
  };
  return {
    length: size,
    byte,
    u16: (at) => byte(at) | (byte(at + 1) << 8),
    u32: (at) => (byte(at) | (byte(at + 1) << 8) | (byte(at + 2) << 16) | (byte(at + 3) << 24)) >>> 0,
    slice: (at, length) => {
      const end = Math.min(size, at + length);
      const bytes = new Uint8Array(Math.max(0, end - at));
      for (let i = 0; i < bytes.length; i++) bytes[i] = byte(at + i);
      return bytes;
    },
  };
}
