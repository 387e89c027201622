/**
 * Whether an upload is a Peppol BIS Catalogue 3 document, by its content: an XML prolog (only
 * an XML declaration, comments, processing instructions and white space) and then the root
 * element `Catalogue` in the UBL Catalogue namespace. Only the first bytes are looked at, so it
 * costs the API thread nothing whatever the file; the worker reads the rest.
 */

import { constants, gunzipSync } from 'node:zlib';
import { asUtf16le, unicodeFormOf } from './unicodeForms';

export const CATALOGUE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2';

/** How far into the file the root element must start (a long comment before it is not usual). */
const PROLOG_LIMIT = 64 * 1024;

/**
 * How large a catalogue may be as XML, unpacked from gzip: a 200,000-line catalogue as our own
 * download writes it is about 120 MB, and the reading worker holds the document whole.
 */
export const CATALOGUE_MAX_BYTES = 256 * 2 ** 20;

/** How much of a gzip-compressed upload is unpacked to look at its start. */
const GZIP_HEAD_BYTES = 4 * 1024;

export const isGzip = (content: Uint8Array) =>
  content.length > 2 && content[0] === 0x1f && content[1] === 0x8b && content[2] === 0x08;

/**
 * The first bytes of the document, unpacked when it is gzip-compressed: only the start of the
 * compressed stream is inflated (at most about a thousand times its size, so a few MB).
 */
function documentHead(content: Uint8Array): Buffer {
  if (!isGzip(content))
    return Buffer.from(content.buffer, content.byteOffset, Math.min(content.length, PROLOG_LIMIT));
  try {
    const head = gunzipSync(content.subarray(0, GZIP_HEAD_BYTES), {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: 8 * 2 ** 20,
    });
    return head.subarray(0, PROLOG_LIMIT);
  } catch {
    return Buffer.alloc(0);
  }
}

/**
 * The start of the document as text: UTF-16 and UTF-32 decoded (unicodeForms.ts), any other as
 * Latin-1, which maps every byte to one character (the prolog and the root's tag are ASCII).
 */
function headText(head: Buffer): string {
  const unicode = unicodeFormOf(head);
  if (unicode) {
    const whole = head.subarray(unicode.bom, head.length - ((head.length - unicode.bom) % 4));
    const units = asUtf16le(whole, unicode.form);
    return units ? units.toString('utf16le') : '';
  }
  const text = head.toString('latin1');
  return text.startsWith('\xef\xbb\xbf') ? text.slice(3) : text;
}

/**
 * 'catalogue'; 'doctype' when the prolog holds a DOCTYPE (refused, never read further); null
 * for anything else, an XML document with another root too. A catalogue may be gzip-compressed.
 */
export function detectCatalogue(content: Uint8Array): 'catalogue' | 'doctype' | null {
  const text = headText(documentHead(content));
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (text[at] !== '<') return null;
    if (text.startsWith('<?', at)) {
      const end = text.indexOf('?>', at + 2);
      if (end < 0) return null;
      at = end + 2;
    } else if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) return null;
      at = end + 3;
    } else if (text.startsWith('<!', at)) {
      return /^<!DOCTYPE/i.test(text.slice(at, at + 9)) ? 'doctype' : null;
    } else break;
  }
  const end = text.indexOf('>', at);
  if (end < 0) return null;
  const tag = text.slice(at + 1, end);
  const name = /^([A-Za-z_][\w.-]*:)?Catalogue(?=[\s/]|$)/.exec(tag);
  if (!name) return null;
  const prefix = name[1]?.slice(0, -1);
  const declaration = prefix ? `xmlns:${prefix}` : 'xmlns';
  const namespace = new RegExp(`(?:^|\\s)${declaration}\\s*=\\s*(["'])([^"']*)\\1`).exec(tag);
  return namespace?.[2] === CATALOGUE_NAMESPACE ? 'catalogue' : null;
}
