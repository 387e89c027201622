/**
 * Whether an upload is a Peppol BIS Catalogue 3 document, by its content: an XML prolog (only
 * an XML declaration, comments, processing instructions and white space) and then the root
 * element `Catalogue` in the UBL Catalogue namespace. Only the first bytes are looked at, so it
 * costs the API thread nothing whatever the file; the worker reads the rest.
 */

export const CATALOGUE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2';

/** How far into the file the root element must start (a long comment before it is not usual). */
const PROLOG_LIMIT = 64 * 1024;

/**
 * 'catalogue'; 'doctype' when the prolog holds a DOCTYPE (refused, never read further); null
 * for anything else, an XML document with another root too.
 */
export function detectCatalogue(content: Uint8Array): 'catalogue' | 'doctype' | null {
  const head = Buffer.from(content.buffer, content.byteOffset, Math.min(content.length, PROLOG_LIMIT));
  // Latin-1 maps every byte to one character: positions stay byte offsets, and the prolog is ASCII.
  let text = head.toString('latin1');
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
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
