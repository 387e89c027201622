import { isUtf8, transcode } from 'node:buffer';
import { gunzipSync } from 'node:zlib';
import { ExcelFileError } from '../fileErrors';
import { cannotRead } from './catalogueText';
import { CATALOGUE_MAX_BYTES, isGzip } from './detect';
import { asUtf16le, pairedSurrogates, unicodeFormOf } from './unicodeForms';

/**
 * A catalogue's bytes as written: a gzip-compressed one (how a large catalogue fits within the
 * upload limit; XML packs to a twentieth or less) is unpacked, up to CATALOGUE_MAX_BYTES.
 */
export function uncompressedCatalogue(content: Uint8Array, limit = CATALOGUE_MAX_BYTES): Uint8Array {
  if (!isGzip(content)) return content;
  try {
    // In one piece: unpacking in the background would hold the pieces and their join at once.
    return gunzipSync(content, { maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new ExcelFileError(
        'TOO_LARGE',
        `Katalogen är för stor uppackad. Den får vara högst ${limit / 2 ** 20} MB som XML.`,
      );
    throw cannotRead('den komprimerade katalogen (gzip) är skadad eller ofullständig.');
  }
}

/**
 * The document as UTF-8 bytes: UTF-16 and UTF-32 by their byte-order mark or their first
 * character (XML 1.0 appendix F), otherwise in the encoding its declaration names (UTF-8
 * without one).
 */
export function utf8Of(content: Uint8Array): Buffer {
  // Native, and no string of the document: it may be a couple of hundred MB.
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return checkedUtf8(bytes.subarray(3));
  const unicode = unicodeFormOf(bytes);
  if (unicode) {
    const units = asUtf16le(bytes.subarray(unicode.bom), unicode.form);
    if (!units || !pairedSurrogates(units))
      throw cannotRead(`den är inte giltig ${unicode.form.slice(0, 6)}, som XML-dokumentet är skrivet i.`);
    return transcode(units, 'utf16le', 'utf8');
  }
  const declaration = /^<\?xml\s[^?]*?encoding\s*=\s*(["'])([A-Za-z0-9._-]+)\1/.exec(
    bytes.toString('latin1', 0, Math.min(bytes.length, 200)),
  );
  const encoding = declaration ? declaration[2]!.toUpperCase() : 'UTF-8';
  if (encoding === 'UTF-8' || encoding === 'US-ASCII' || encoding === 'ASCII') return checkedUtf8(bytes);
  if (encoding === 'ISO-8859-1' || encoding === 'LATIN1' || encoding === 'ISO_8859-1')
    return transcode(bytes, 'latin1', 'utf8');
  if (encoding === 'WINDOWS-1252' || encoding === 'CP1252')
    return Buffer.from(new TextDecoder('windows-1252').decode(bytes), 'utf8');
  throw new ExcelFileError(
    'UNSUPPORTED',
    `Filen kan inte läsas: teckenkodningen ${declaration![2]} stöds inte. Använd UTF-8, UTF-16 eller ISO-8859-1.`,
  );
}

function checkedUtf8(bytes: Buffer): Buffer {
  if (!isUtf8(bytes))
    throw cannotRead('den är inte giltig UTF-8, som katalogen anger (eller utan teckenkodning).');
  return bytes;
}
