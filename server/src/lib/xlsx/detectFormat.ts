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

const FREE_SECTOR = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const DIRECTORY_ENTRY = 128;
const STREAM = 2;

/**
 * Whether the file is a password-protected Office document: an OLE2 (CFB) container whose root
 * holds the `EncryptedPackage` stream, which is what Excel writes for an .xlsx saved with a
 * password (MS-OFFCRYPTO). Only the container's directory is read, every chain bounded by the
 * file's sector count, so a crafted container cannot make it loop.
 */
export function isEncryptedOfficeFile(content: Uint8Array): boolean {
  if (!startsWith(content, ole2Magic) || content.length < 512) return false;
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  const sectorShift = view.getUint16(0x1e, true);
  if (sectorShift !== 9 && sectorShift !== 12) return false;
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor(content.length / sectorSize) - 1;
  const sectorAt = (sector: number) => (sector < sectorCount ? (sector + 1) * sectorSize : -1);

  // The FAT's sectors: 109 in the header, more through the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(view.getUint32(0x4c + i * 4, true));
  let difat = view.getUint32(0x44, true);
  for (let steps = 0; difat < sectorCount && steps < sectorCount; steps++) {
    const at = sectorAt(difat);
    for (let i = 0; i < sectorSize / 4 - 1; i++) fatSectors.push(view.getUint32(at + i * 4, true));
    difat = view.getUint32(at + sectorSize - 4, true);
  }
  const nextSector = (sector: number): number => {
    const fatIndex = Math.floor((sector * 4) / sectorSize);
    const fatSector = fatSectors[fatIndex];
    if (fatSector === undefined || fatSector === FREE_SECTOR) return END_OF_CHAIN;
    const at = sectorAt(fatSector);
    return at < 0 ? END_OF_CHAIN : view.getUint32(at + ((sector * 4) % sectorSize), true);
  };

  const decoder = new TextDecoder('utf-16le');
  let sector = view.getUint32(0x30, true);
  for (let steps = 0; sector < sectorCount && steps < sectorCount; steps++) {
    const at = sectorAt(sector);
    for (let entry = at; entry + DIRECTORY_ENTRY <= at + sectorSize; entry += DIRECTORY_ENTRY) {
      const nameBytes = view.getUint16(entry + 0x40, true);
      if (view.getUint8(entry + 0x42) !== STREAM || nameBytes < 2 || nameBytes > 64) continue;
      const name = decoder.decode(content.subarray(entry, entry + nameBytes - 2));
      if (name === 'EncryptedPackage') return true;
    }
    sector = nextSector(sector);
  }
  return false;
}
