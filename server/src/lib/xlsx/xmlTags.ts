import { unescapeXml } from './xmlText';

/**
 * Start tags and attributes in the small parts of an .xlsx (workbook, relationships, styles),
 * read as whole strings. Each function is one forward pass: a search for a closing `>`, quote or
 * end tag that fails is not repeated from the next start, since nothing after it can succeed
 * either. (The regular expressions these replace searched again from every `<`, so a part of n
 * unfinished tags cost n² steps.)
 */

const GT = 0x3e;
const SLASH = 0x2f;
const COLON = 0x3a;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** `[A-Za-z0-9_]` (regular expressions' \w). */
function isWordCharacter(code: number) {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f
  );
}

/** `[\w.-]`: what follows the first character of a namespace prefix. */
const isPrefixCharacter = (code: number) => isWordCharacter(code) || code === 0x2e || code === 0x2d;

/** `[\w:.-]`: a character of an attribute name as written. */
const isAttributeNameCharacter = (code: number) => isPrefixCharacter(code) || code === COLON;

/** Regular expressions' \s: XML's four whitespace characters and the Unicode spaces. */
export function isSpace(code: number) {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Where the local name starts after the `<` (or `</`) at `nameAt`: after a prefix such as `x:`
 * when there is one. `prefixStart` tells which characters may start the prefix.
 */
function localNameStart(xml: string, nameAt: number, prefixStart: (code: number) => boolean) {
  if (!prefixStart(xml.charCodeAt(nameAt))) return nameAt;
  let i = nameAt + 1;
  while (i < xml.length && isPrefixCharacter(xml.charCodeAt(i))) i++;
  return xml.charCodeAt(i) === COLON ? i + 1 : nameAt;
}

const isLetterOrUnderscore = (code: number) => isWordCharacter(code) && !(code >= 0x30 && code <= 0x39);

/**
 * The start tags `<name …>` or `<prefix:name …>` in a small part, in document order, each up to
 * the first `>` after its name.
 */
export function startTags(xml: string, localName: string): string[] {
  const tags: string[] = [];
  let at = 0;
  for (;;) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) break;
    at = lt + 1;
    const nameStart = localNameStart(xml, lt + 1, isLetterOrUnderscore);
    const nameEnd = nameStart + localName.length;
    if (!xml.startsWith(localName, nameStart)) continue;
    const after = xml.charCodeAt(nameEnd);
    if (!(after === GT || after === SLASH || isSpace(after))) continue;
    // No `>` after this tag's name means none after any later one: the part ends here.
    const gt = xml.indexOf('>', nameEnd);
    if (gt < 0) break;
    tags.push(xml.slice(lt, gt + 1));
    at = gt + 1;
  }
  return tags;
}

/**
 * The attributes of one start tag, by name as written (prefix included), values unescaped.
 * `name="value"` or `name='value'`, whitespace allowed around `=`; anything else is skipped.
 */
export function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const length = tag.length;
  // Whether a closing quote of each kind is still to be found: once a search fails, it stays failed.
  let doubleQuotesLeft = true;
  let singleQuotesLeft = true;
  let i = 0;
  while (i < length) {
    if (!isAttributeNameCharacter(tag.charCodeAt(i))) {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < length && isAttributeNameCharacter(tag.charCodeAt(i))) i++;
    const nameEnd = i;
    // Whatever follows the name decides for every position inside it too: on failure, go on after it.
    let j = nameEnd;
    while (j < length && isSpace(tag.charCodeAt(j))) j++;
    if (tag.charCodeAt(j) !== EQUALS) continue;
    j++;
    while (j < length && isSpace(tag.charCodeAt(j))) j++;
    const quote = tag.charCodeAt(j);
    if (quote !== QUOTE && quote !== APOSTROPHE) continue;
    if (quote === QUOTE ? !doubleQuotesLeft : !singleQuotesLeft) continue;
    const close = tag.indexOf(quote === QUOTE ? '"' : "'", j + 1);
    if (close < 0) {
      if (quote === QUOTE) doubleQuotesLeft = false;
      else singleQuotesLeft = false;
      continue;
    }
    attributes.set(tag.slice(nameStart, nameEnd), unescapeXml(tag.slice(j + 1, close)));
    i = close + 1;
  }
  return attributes;
}

/**
 * The first element `<name …>…</name>` (any prefix of word characters) in a small part, from its
 * start tag to the first end tag after it; '' when there is none.
 */
export function firstElement(xml: string, localName: string): string {
  const start = firstTag(xml, 0, localName, false);
  if (start < 0) return '';
  const end = firstTag(xml, start + 1, localName, true);
  return end < 0 ? '' : xml.slice(start, end);
}

/**
 * Where the first `<name` followed by whitespace or `>` (closing: `</name>`) at or after `from`
 * starts; for a closing tag, the index after it. -1 when there is none.
 */
function firstTag(xml: string, from: number, localName: string, closing: boolean): number {
  const open = closing ? '</' : '<';
  let at = from;
  for (;;) {
    const lt = xml.indexOf(open, at);
    if (lt < 0) return -1;
    at = lt + 1;
    const nameAt = lt + open.length;
    let nameStart = nameAt;
    let i = nameAt;
    while (i < xml.length && isWordCharacter(xml.charCodeAt(i))) i++;
    if (i > nameAt && xml.charCodeAt(i) === COLON) nameStart = i + 1;
    if (!xml.startsWith(localName, nameStart)) continue;
    const after = xml.charCodeAt(nameStart + localName.length);
    if (closing && after === GT) return nameStart + localName.length + 1;
    if (!closing && (after === GT || isSpace(after))) return lt;
  }
}
