import { isAscii, isUtf8, transcode } from 'node:buffer';
import { createGunzip } from 'node:zlib';
import { ExcelFileError } from '../fileErrors';
import { cannotRead } from './catalogueText';
import { CATALOGUE_MAX_BYTES, isGzip } from './detect';
import { asUtf16le, pairedSurrogates, type UnicodeForm, unicodeFormOf } from './unicodeForms';

/**
 * A catalogue as the UTF-8 bytes the reader's tag loop reads: unpacked when it is
 * gzip-compressed (how a large catalogue fits within the upload limit; XML packs to a twentieth
 * or less) and decoded from the encoding it is written in, in one pass over pieces of 256 kB.
 *
 * Memory: the document is held once, as UTF-8, and never more than `limit` bytes of it
 * (CATALOGUE_MAX_BYTES), nor more than 100 times the packed size unpacked (a bomb is refused
 * after a few MB); neither the unpacked bytes nor a string of the document is ever held whole. Buffers live outside the worker's heap limit, so this is the bound that keeps a
 * catalogue job's memory near the heap limit the pool counts (docs/api-imports.md, "Limits").
 */
export async function catalogueUtf8(content: Uint8Array, limit = CATALOGUE_MAX_BYTES): Promise<Buffer> {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  return isGzip(bytes) ? unpacked(bytes, limit) : utf8Of(bytes, limit);
}

/** catalogueUtf8 of a document that is not compressed: decoded in one piece (it is at most an upload's size). */
export function utf8Of(content: Uint8Array, limit = CATALOGUE_MAX_BYTES): Buffer {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const decoder = decoderFor(bytes);
  // Plain UTF-8 is read where it lies: no copy of the upload.
  if (decoder.passThrough) return checkedUtf8(bytes.subarray(decoder.skip), limit);
  const out = new Utf8Output(limit, bytes.length / decoder.bytesPerCharacter);
  decoder.write(bytes.subarray(decoder.skip), out);
  decoder.end(out);
  return out.bytes();
}

const tooLarge = (limit: number) =>
  new ExcelFileError(
    'TOO_LARGE',
    `Katalogen är för stor uppackad. Den får vara högst ${limit / 2 ** 20} MB som XML.`,
  );
/** As for the parts of an .xlsx (zipLimits): XML packs to a twentieth or so, a bomb to a thousandth. */
const MAX_COMPRESSION_RATIO = 100;
const ratioTooHigh = () =>
  new ExcelFileError(
    'COMPRESSION_RATIO',
    `Filen är misstänkt hårt komprimerad (mer än ${MAX_COMPRESSION_RATIO}:1) och läses inte.`,
  );
const corruptGzip = () => cannotRead('den komprimerade katalogen (gzip) är skadad eller ofullständig.');

/** Unpacks piece by piece, deciding the encoding on the first bytes, and decodes each piece as it comes. */
async function unpacked(compressed: Buffer, limit: number): Promise<Buffer> {
  const mostUnpacked = compressed.length * MAX_COMPRESSION_RATIO;
  let unpackedBytes = 0;
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  gunzip.end(compressed);
  let head: Buffer | null = Buffer.alloc(0);
  let decoder: Decoder | null = null;
  let out: Utf8Output | null = null;
  const start = () => {
    decoder = decoderFor(head!);
    // The gzip trailer's size of the unpacked data (modulo 4 GB): a hint for the first allocation.
    const declared = compressed.length >= 18 ? compressed.readUInt32LE(compressed.length - 4) : 0;
    // The ratio holds for the UTF-8 too, so that no more than that is ever allocated.
    out =
      mostUnpacked < limit
        ? new Utf8Output(
            mostUnpacked,
            Math.min(declared, mostUnpacked) / decoder.bytesPerCharacter,
            ratioTooHigh,
          )
        : new Utf8Output(limit, Math.min(declared, limit) / decoder.bytesPerCharacter);
    decoder.write(head!.subarray(decoder.skip), out);
    head = null;
  };
  try {
    for await (const piece of gunzip as AsyncIterable<Buffer>) {
      unpackedBytes += piece.length;
      if (unpackedBytes > mostUnpacked) throw ratioTooHigh();
      if (head) {
        head = Buffer.concat([head, piece]);
        if (head.length >= 256) start();
      } else decoder!.write(piece, out!);
    }
  } catch (error) {
    gunzip.destroy();
    if (error instanceof ExcelFileError) throw error;
    throw corruptGzip();
  }
  if (head) start();
  decoder!.end(out!);
  const bytes = out!.bytes();
  return decoder!.passThrough ? checkedUtf8(bytes, limit) : bytes;
}

/** The document's UTF-8, grown as pieces come: at most `limit` bytes, allocated once when the hint is right. */
class Utf8Output {
  private buffer: Buffer;
  private length = 0;

  constructor(
    private readonly limit: number,
    hint: number,
    private readonly beyondLimit = () => tooLarge(limit),
  ) {
    this.buffer = Buffer.allocUnsafe(Math.max(64 * 1024, Math.min(Math.ceil(hint), limit)));
  }

  append(piece: Uint8Array) {
    const needed = this.length + piece.length;
    if (needed > this.limit) throw this.beyondLimit();
    if (needed > this.buffer.length) {
      const larger = Buffer.allocUnsafe(Math.min(this.limit, Math.max(needed, this.buffer.length * 1.5)));
      this.buffer.copy(larger, 0, 0, this.length);
      this.buffer = larger;
    }
    this.buffer.set(piece, this.length);
    this.length = needed;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** Turns pieces of the document in its own encoding into UTF-8. */
interface Decoder {
  /** Bytes of a byte-order mark to leave out at the start. */
  skip: number;
  /** UTF-8 already: the pieces are taken as they are and checked once at the end. */
  passThrough: boolean;
  /** About how many bytes of the document make one byte of UTF-8 (for the first allocation). */
  bytesPerCharacter: number;
  write(piece: Buffer, out: Utf8Output): void;
  end(out: Utf8Output): void;
}

/** The decoder for a document that starts with `head`. */
function decoderFor(head: Buffer): Decoder {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return utf8Decoder(3);
  const unicode = unicodeFormOf(head);
  if (unicode) return unicodeDecoder(unicode.form, unicode.bom);
  const declaration = /^<\?xml\s[^?]*?encoding\s*=\s*(["'])([A-Za-z0-9._-]+)\1/.exec(
    head.toString('latin1', 0, Math.min(head.length, 200)),
  );
  const encoding = declaration ? declaration[2]!.toUpperCase() : 'UTF-8';
  if (encoding === 'UTF-8' || encoding === 'US-ASCII' || encoding === 'ASCII') return utf8Decoder(0);
  if (encoding === 'ISO-8859-1' || encoding === 'LATIN1' || encoding === 'ISO_8859-1')
    return singleByteDecoder((piece) => transcode(piece, 'latin1', 'utf8'));
  if (encoding === 'WINDOWS-1252' || encoding === 'CP1252') {
    const windows1252 = new TextDecoder('windows-1252');
    return singleByteDecoder((piece) => Buffer.from(windows1252.decode(piece), 'utf8'));
  }
  throw new ExcelFileError(
    'UNSUPPORTED',
    `Filen kan inte läsas: teckenkodningen ${declaration![2]} stöds inte. Använd UTF-8, UTF-16 eller ISO-8859-1.`,
  );
}

const utf8Decoder = (skip: number): Decoder => ({
  skip,
  passThrough: true,
  bytesPerCharacter: 1,
  write: (piece, out) => out.append(piece),
  end: () => {},
});

/** ISO-8859-1 and windows-1252: each byte a character, so each piece stands alone; ASCII as it is. */
const singleByteDecoder = (decode: (piece: Buffer) => Uint8Array): Decoder => ({
  skip: 0,
  passThrough: false,
  bytesPerCharacter: 1,
  write: (piece, out) => out.append(isAscii(piece) ? piece : decode(piece)),
  end: () => {},
});

/**
 * UTF-16 and UTF-32 (XML 1.0 appendix F): whole code units of each piece as UTF-16LE, a unit cut
 * by the piece's end carried to the next, a surrogate pair cut between pieces joined.
 */
function unicodeDecoder(form: UnicodeForm, bom: number): Decoder {
  const unitBytes = form.startsWith('UTF-32') ? 4 : 2;
  const invalid = () =>
    cannotRead(`den är inte giltig ${form.slice(0, 6)}, som XML-dokumentet är skrivet i.`);
  let carried = Buffer.alloc(0);
  /** A high surrogate that ended the last piece, waiting for its low half. */
  let highSurrogate: Buffer | null = null;
  return {
    skip: bom,
    passThrough: false,
    bytesPerCharacter: unitBytes,
    write(piece, out) {
      const bytes = carried.length > 0 ? Buffer.concat([carried, piece]) : piece;
      const whole = bytes.length - (bytes.length % unitBytes);
      carried = Buffer.from(bytes.subarray(whole));
      let units = asUtf16le(bytes.subarray(0, whole), form);
      if (!units) throw invalid();
      if (highSurrogate) units = Buffer.concat([highSurrogate, units]);
      highSurrogate = null;
      const last = units.length >= 2 ? units.readUInt16LE(units.length - 2) : 0;
      if (last >= 0xd800 && last <= 0xdbff) {
        highSurrogate = Buffer.from(units.subarray(units.length - 2));
        units = units.subarray(0, units.length - 2);
      }
      if (!pairedSurrogates(units)) throw invalid();
      out.append(transcode(units, 'utf16le', 'utf8'));
    },
    end() {
      if (carried.length > 0 || highSurrogate) throw invalid();
    },
  };
}

function checkedUtf8(bytes: Buffer, limit: number): Buffer {
  if (bytes.length > limit) throw tooLarge(limit);
  if (!isUtf8(bytes))
    throw cannotRead('den är inte giltig UTF-8, som katalogen anger (eller utan teckenkodning).');
  return bytes;
}
