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
