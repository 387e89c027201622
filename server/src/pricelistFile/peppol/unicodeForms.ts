/**
 * An XML document in UTF-16 or UTF-32, known as XML 1.0 (appendix F) knows it: by its byte-order
 * mark, or without one by how the `<` it must start with is written. A Windows program's XML
 * writer often writes UTF-16. Shared by the upload's check (detect.ts) and the reader
 * (catalogueEncoding.ts), which turns such a document into UTF-8 before its tag loop.
 */

export type UnicodeForm = 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';

/** The UTF-16 or UTF-32 form of the document and the length of its byte-order mark; null for any other. */
export function unicodeFormOf(bytes: Uint8Array): { form: UnicodeForm; bom: number } | null {
  const [a, b, c, d] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (a === 0xff && b === 0xfe)
    return c === 0 && d === 0 ? { form: 'UTF-32LE', bom: 4 } : { form: 'UTF-16LE', bom: 2 };
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return { form: 'UTF-32BE', bom: 4 };
  if (a === 0xfe && b === 0xff) return { form: 'UTF-16BE', bom: 2 };
  // Without a mark: the first character, `<` (or white space before it), with its zero bytes.
  const first = (byte: number | undefined) =>
    byte === 0x3c || byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
  if (first(a) && b === 0 && c === 0 && d === 0) return { form: 'UTF-32LE', bom: 0 };
  if (a === 0 && b === 0 && c === 0 && first(d)) return { form: 'UTF-32BE', bom: 0 };
  if (first(a) && b === 0 && d === 0 && c !== 0) return { form: 'UTF-16LE', bom: 0 };
  if (a === 0 && first(b) && c === 0 && d !== 0) return { form: 'UTF-16BE', bom: 0 };
  return null;
}

/**
 * The document as UTF-16LE code units (a copy): UTF-16BE swapped, UTF-32 written as UTF-16.
 * Null when it is not whole units of its form, or a UTF-32 unit is not a character.
 */
export function asUtf16le(bytes: Uint8Array, form: UnicodeForm): Buffer | null {
  if (form === 'UTF-16LE' || form === 'UTF-16BE') {
    if (bytes.length % 2 !== 0) return null;
    const copy = Buffer.from(bytes);
    return form === 'UTF-16BE' ? copy.swap16() : copy;
  }
  if (bytes.length % 4 !== 0) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = Buffer.allocUnsafe(bytes.length);
  const little = form === 'UTF-32LE';
  let at = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const code = view.getUint32(i, little);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
    if (code < 0x10000) {
      out.writeUInt16LE(code, at);
      at += 2;
    } else {
      out.writeUInt16LE(0xd800 + ((code - 0x10000) >> 10), at);
      out.writeUInt16LE(0xdc00 + ((code - 0x10000) & 0x3ff), at + 2);
      at += 4;
    }
  }
  return out.subarray(0, at);
}

/** Whether UTF-16LE code units pair their surrogates (a lone half is no character, in XML neither). */
export function pairedSurrogates(units: Buffer): boolean {
  for (let i = 0; i < units.length; i += 2) {
    const unit = units[i]! | (units[i + 1]! << 8);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit >= 0xdc00) return false;
    const next = units[i + 2]! | (units[i + 3]! << 8);
    if (i + 3 >= units.length || next < 0xdc00 || next > 0xdfff) return false;
    i += 2;
  }
  return true;
}
