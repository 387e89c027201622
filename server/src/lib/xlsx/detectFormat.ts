import { startsWithFilePass } from './biffCells';

export type ExcelFormat = 'xlsx' | 'xls';

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const ole2Magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (content: Uint8Array, magic: readonly number[]) =>
  content.length >= magic.length && magic.every((byte, i) => content[i] === byte);

/**
 * The format of an uploaded file, or null when it is not one we read. The extension and the
 * magic bytes must agree, so a renamed PDF (or an .xls that is really a zip) is refused.
 */
export function detectExcelFormat(content: Uint8Array, fileName: string): ExcelFormat | null {
  const name = fileName.trim().toLowerCase();
  if (name.endsWith('.xlsx')) return startsWith(content, zipMagic) ? 'xlsx' : null;
  if (name.endsWith('.xls')) return startsWith(content, ole2Magic) ? 'xls' : null;
  return null;
}

/**
 * Random access to a file's bytes for checkOfficeContainer: a file in memory (bytesOf), or one
 * already stored that is read a few kB at a time (imports/http/storedChecks.ts).
 */
export interface FileBytes {
  readonly length: number;
  byte(at: number): number;
  /** Little-endian, as the container writes its numbers. */
  u16(at: number): number;
  u32(at: number): number;
  /** `length` bytes from `at`, fewer at the end of the file. */
  slice(at: number, length: number): Uint8Array;
}

export function bytesOf(content: Uint8Array): FileBytes {
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  return {
    length: content.length,
    byte: (at) => view.getUint8(at),
    u16: (at) => view.getUint16(at, true),
    u32: (at) => view.getUint32(at, true),
    slice: (at, length) => content.subarray(at, at + length),
  };
}

const END_OF_CHAIN = 0xfffffffe;
const DIRECTORY_ENTRY = 128;
const STREAM = 2;
/** Excel's encrypted package keeps its directory in a sector or two; a longer one is not read further. */
const MAX_DIRECTORY_SECTORS = 64;
/** 'EncryptedPackage' as the directory stores it: UTF-16LE with its terminating zero. */
const ENCRYPTED_PACKAGE = new Uint8Array(Buffer.from('EncryptedPackage\0', 'utf16le'));

/**
 * The sectors of a chain from `start`, at most `limit` of them, ending at the first number that
 * is not a sector (END_OF_CHAIN, FREE or past the file); 'loop' when it comes back to a sector it
 * passed. A crafted file's chains may loop: the walk is bounded by `limit`, not by the file.
 */
export function sectorChain(
  start: number,
  next: (sector: number) => number,
  sectorCount: number,
  limit: number,
): number[] | 'loop' {
  const sectors: number[] = [];
  const seen = new Set<number>();
  for (let sector = start; sector < sectorCount && sectors.length < limit; sector = next(sector)) {
    if (seen.has(sector)) return 'loop';
    seen.add(sector);
    sectors.push(sector);
  }
  return sectors;
}

/**
 * What the OLE2 (CFB) container of an upload says of itself: 'encrypted' when its root holds the
 * `EncryptedPackage` stream, which is what Excel writes for an .xlsx saved with a password
 * (MS-OFFCRYPTO), or when it is a password-protected .xls; 'broken' when a chain it needs loops; 'other' for anything else (not a
 * container too). Only the directory is read, every chain walked at most once and the directory
 * at most MAX_DIRECTORY_SECTORS long, so it reads a few kB whatever the file (a crafted 24 MB
 * file whose chains loop held the API thread for 2 s when the walk was bounded by its size).
 */
export function checkOfficeContainer(file: Uint8Array | FileBytes): 'encrypted' | 'broken' | 'other' {
  const content = file instanceof Uint8Array ? bytesOf(file) : file;
  if (content.length < 512 || !ole2Magic.every((byte, i) => content.byte(i) === byte)) return 'other';
  const sectorShift = content.u16(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return 'other';
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor(content.length / sectorSize) - 1;
  const sectorAt = (sector: number) => (sector + 1) * sectorSize;
  const entriesPerSector = sectorSize / 4;

  // The FAT's sectors: 109 in the header, more through the DIFAT chain (as long as the header
  // says, and no longer than a FAT of the whole file needs).
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(content.u32(0x4c + i * 4));
  const fatSectorsNeeded = Math.ceil(sectorCount / entriesPerSector);
  const difatSectorsNeeded = Math.ceil(Math.max(0, fatSectorsNeeded - 109) / (entriesPerSector - 1));
  const difat = sectorChain(
    content.u32(0x44),
    (sector) => content.u32(sectorAt(sector) + sectorSize - 4),
    sectorCount,
    Math.min(content.u32(0x48), difatSectorsNeeded),
  );
  if (difat === 'loop') return 'broken';
  for (const sector of difat) {
    const at = sectorAt(sector);
    for (let i = 0; i < entriesPerSector - 1; i++) fatSectors.push(content.u32(at + i * 4));
  }
  const nextSector = (sector: number): number => {
    const fatSector = fatSectors[Math.floor(sector / entriesPerSector)];
    if (fatSector === undefined || fatSector >= sectorCount) return END_OF_CHAIN;
    return content.u32(sectorAt(fatSector) + (sector % entriesPerSector) * 4);
  };

  const directory = sectorChain(content.u32(0x30), nextSector, sectorCount, MAX_DIRECTORY_SECTORS);
  if (directory === 'loop') return 'broken';
  for (const sector of directory) {
    const at = sectorAt(sector);
    for (let entry = at; entry + DIRECTORY_ENTRY <= at + sectorSize; entry += DIRECTORY_ENTRY) {
      if (content.byte(entry + 0x42) !== STREAM) continue;
      if (isEncryptedWorkbookStream(content, entry, sectorSize, sectorCount)) return 'encrypted';
      if (content.u16(entry + 0x40) !== ENCRYPTED_PACKAGE.length) continue;
      if (ENCRYPTED_PACKAGE.every((byte, i) => content.byte(entry + i) === byte)) return 'encrypted';
    }
  }
  return 'other';
}

/** Whether the file is a password-protected Office document (checkOfficeContainer). */
export const isEncryptedOfficeFile = (content: Uint8Array): boolean =>
  checkOfficeContainer(content) === 'encrypted';

/** 'Workbook', the BIFF8 workbook stream, as the directory stores it. */
const WORKBOOK = new Uint8Array(Buffer.from('Workbook\0', 'utf16le'));

/**
 * Whether the directory entry at `entry` is the workbook stream of a password-protected .xls
 * (a FilePass record after its BOF, biffCells.ts). Only its first sector is read; a stream short
 * enough to live in the mini stream is left to the reader, which refuses it the same way.
 */
function isEncryptedWorkbookStream(
  content: FileBytes,
  entry: number,
  sectorSize: number,
  sectorCount: number,
): boolean {
  if (content.u16(entry + 0x40) !== WORKBOOK.length) return false;
  if (!WORKBOOK.every((byte, i) => content.byte(entry + i) === byte)) return false;
  const size = content.u32(entry + 0x78);
  const start = content.u32(entry + 0x74);
  if (size < content.u32(0x38) || start >= sectorCount) return false;
  const at = (start + 1) * sectorSize;
  return startsWithFilePass(content.slice(at, Math.min(size, sectorSize)));
}
