import { isUtf8, transcode } from 'node:buffer';
import { gunzipSync } from 'node:zlib';
import { XlsxError } from '../../lib/xlsx';
import { INCOMPLETE, XmlTokenizer } from '../../lib/xlsx/xmlTokenizer';
import { ExcelFileError } from '../fileErrors';
import { CATALOGUE_MAX_BYTES, isGzip } from './detect';

/**
 * Reads a Peppol BIS Catalogue 3 document (UBL 2.1 Catalogue) with the tag loop of our .xlsx
 * reader: one forward pass over the bytes, no DOM. Only what a price list holds is kept (the
 * paths below); every other element is skipped whole and its path listed once. A DOCTYPE (and
 * with it any entity declaration or external reference) is refused, and only the five
 * predefined entities and character references are decoded.
 */

/** One value read from the document, with where it is and the attribute we need. */
export interface CatalogueValue {
  value: string;
  /** The byte offset of its start tag: CatalogueRead.xmlLineAt tells the line when an error needs it. */
  offset: number;
  /** currencyID of PriceAmount, unitCode of LeadTimeMeasure; null when absent. */
  attribute: string | null;
}

export interface CatalogueLine {
  /** 1-based position among the document's CatalogueLine elements. */
  index: number;
  offset: number;
  id: CatalogueValue | undefined;
  actionCode: CatalogueValue | undefined;
  minimumOrderQuantity: CatalogueValue | undefined;
  warrantyInformation: CatalogueValue | undefined;
  leadTime: CatalogueValue | undefined;
  price: CatalogueValue | undefined;
  name: CatalogueValue | undefined;
  articleNumber: CatalogueValue | undefined;
}

/** Every line has the same fields from the start: one object shape for all of them. */
const newLine = (index: number, offset: number): CatalogueLine => ({
  index,
  offset,
  id: undefined,
  actionCode: undefined,
  minimumOrderQuantity: undefined,
  warrantyInformation: undefined,
  leadTime: undefined,
  price: undefined,
  name: undefined,
  articleNumber: undefined,
});

export interface CatalogueHeader {
  customizationId?: CatalogueValue;
  profileId?: CatalogueValue;
  actionCode?: CatalogueValue;
  startDate?: CatalogueValue;
  endDate?: CatalogueValue;
}

type HeaderField = keyof CatalogueHeader;
type LineField = Exclude<keyof CatalogueLine, 'index' | 'offset'>;

const headerFields = new Map<string, HeaderField>([
  ['CustomizationID', 'customizationId'],
  ['ProfileID', 'profileId'],
  ['ActionCode', 'actionCode'],
  ['ValidityPeriod/StartDate', 'startDate'],
  ['ValidityPeriod/EndDate', 'endDate'],
]);

const LINE = 'CatalogueLine';
const LOCATION = `${LINE}/RequiredItemLocationQuantity`;

const lineFields = new Map<string, LineField>([
  [`${LINE}/ID`, 'id'],
  [`${LINE}/ActionCode`, 'actionCode'],
  [`${LINE}/MinimumOrderQuantity`, 'minimumOrderQuantity'],
  [`${LINE}/WarrantyInformation`, 'warrantyInformation'],
  [`${LOCATION}/LeadTimeMeasure`, 'leadTime'],
  [`${LOCATION}/Price/PriceAmount`, 'price'],
  [`${LINE}/Item/Name`, 'name'],
  [`${LINE}/Item/SellersItemIdentification/ID`, 'articleNumber'],
]);

/** The element each line field is read from, as errors name it. */
export const lineFieldPaths = Object.fromEntries(
  [...lineFields].map(([path, field]) => [field, path.slice(LINE.length + 1)]),
) as Record<LineField, string>;

/** Elements read for what they hold. */
const containers = new Set([
  'ValidityPeriod',
  LINE,
  LOCATION,
  `${LOCATION}/Price`,
  `${LINE}/Item`,
  `${LINE}/Item/SellersItemIdentification`,
]);

/** The attribute kept of an element, by path. */
const attributeOf = new Map([
  [`${LOCATION}/Price/PriceAmount`, 'currencyID'],
  [`${LOCATION}/LeadTimeMeasure`, 'unitCode'],
]);

/** At most as many lines as an Excel sheet has data rows. */
export const MAX_CATALOGUE_LINES = 1_048_575;

const cannotRead = (reason: string) => new ExcelFileError('CORRUPT', `Filen kan inte läsas: ${reason}`);
const notXml = () => cannotRead('katalogen är inte giltig XML.');

export const DOCTYPE_REFUSED = 'Filen innehåller en DOCTYPE-deklaration och läses inte av säkerhetsskäl.';

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

/** The document as UTF-8 bytes: in the encoding its declaration names (UTF-8 without one). */
export function utf8Of(content: Uint8Array): Buffer {
  // Both are native and build no string of the document: it may be a couple of hundred MB.
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return checkedUtf8(bytes.subarray(3));
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
    `Filen kan inte läsas: teckenkodningen ${declaration![2]} stöds inte. Använd UTF-8 eller ISO-8859-1.`,
  );
}

function checkedUtf8(bytes: Buffer): Buffer {
  if (!isUtf8(bytes))
    throw cannotRead('den är inte giltig UTF-8, som katalogen anger (eller utan teckenkodning).');
  return bytes;
}

const entityPattern = /&(?:(amp|lt|gt|quot|apos)|#x([0-9a-fA-F]+)|#([0-9]+)|([^;\s&]*));?/g;
const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text or an attribute value with its references decoded; any other entity is refused. */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    entityPattern,
    (match, name?: string, hex?: string, decimal?: string, other?: string) => {
      if (!match.endsWith(';') || other !== undefined)
        throw new ExcelFileError(
          'DOCTYPE',
          `Filen innehåller entitetsreferensen ${match.slice(0, 40)} och läses inte av säkerhetsskäl: bara &amp;, &lt;, &gt;, &quot;, &apos; och teckenreferenser är tillåtna.`,
        );
      if (name) return namedEntities[name]!;
      const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
      if (!(code > 0 && code <= 0x10ffff)) throw notXml();
      return String.fromCodePoint(code);
    },
  );
}

type Utf8Slice = (this: Buffer, start: number, end: number) => string;
/**
 * The decoder Buffer#toString('utf8', …) ends in, called without toString's argument handling,
 * which took as long as the decoding itself on a catalogue's million short values. Not in
 * Node's documentation, so toString stands in should a release not have it.
 */
const utf8Slice: Utf8Slice =
  (Buffer.prototype as unknown as { utf8Slice?: Utf8Slice }).utf8Slice ??
  function (this: Buffer, start: number, end: number) {
    return this.toString('utf8', start, end);
  };

/**
 * The text content from `start` to the next `<` that does not open a CDATA section, trimmed:
 * references decoded, CDATA sections as written, line ends as \n. Returns the text and leaves
 * where it ends in `textEnd.at`. Most values are a few plain characters: one pass finds the
 * end, and only a value with a reference, a CR or a CDATA section takes the long way.
 */
function textOf(tags: XmlTokenizer, bytes: Buffer, start: number): string {
  const length = bytes.length;
  let plain = true;
  let i = start;
  for (; i < length; i++) {
    const byte = bytes[i]!;
    if (byte === LT) break;
    if (byte === AMPERSAND || byte === CARRIAGE_RETURN) plain = false;
  }
  if (plain && i + 1 < length && bytes[i + 1] !== BANG) {
    textEnd.at = i;
    let from = start;
    let to = i;
    while (from < to && bytes[from]! <= 0x20) from++;
    while (to > from && bytes[to - 1]! <= 0x20) to--;
    if (from === to) return '';
    const text = utf8Slice.call(bytes, from, to);
    // White space beyond ASCII (a no-break space) is trimmed as String#trim does.
    return bytes[from]! >= 0x80 || bytes[to - 1]! >= 0x80 ? text.trim() : text;
  }
  const end = tags.textEnd(bytes, start);
  if (end === INCOMPLETE) throw notXml();
  textEnd.at = end;
  let raw = utf8Slice.call(bytes, start, end);
  if (raw.includes('\r')) raw = raw.replace(/\r\n?/g, '\n');
  if (!tags.cdata) return decodeReferences(raw).trim();
  let value = '';
  let at = 0;
  for (let open = raw.indexOf('<![CDATA['); open >= 0; open = raw.indexOf('<![CDATA[', at)) {
    const close = raw.indexOf(']]>', open + 9);
    if (close < 0) throw notXml();
    value += decodeReferences(raw.slice(at, open)) + raw.slice(open + 9, close);
    at = close + 3;
  }
  return (value + decodeReferences(raw.slice(at))).trim();
}

const textEnd = { at: 0 };
const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const AMPERSAND = 0x26;
const CARRIAGE_RETURN = 0x0d;

/**
 * The value of attribute `name` (as bytes) of a start tag, between its name and its `>`, or
 * null. The tag was read by the tokenizer, so its quotes pair up.
 */
function attributeValue(bytes: Buffer, start: number, end: number, name: Buffer): string | null {
  for (let at = bytes.indexOf(name, start); at >= 0 && at < end; at = bytes.indexOf(name, at + 1)) {
    // The whole name: after white space, then `=` (white space around it allowed) and a quote.
    if (bytes[at - 1]! > 0x20) continue;
    let i = at + name.length;
    while (i < end && bytes[i]! <= 0x20) i++;
    if (bytes[i] !== EQUALS) continue;
    i++;
    while (i < end && bytes[i]! <= 0x20) i++;
    const quote = bytes[i];
    const close = bytes.indexOf(quote!, i + 1);
    if (close < 0 || close > end) return null;
    return decodeReferences(utf8Slice.call(bytes, i + 1, close));
  }
  return null;
}

const EQUALS = 0x3d;

/** What the reader knows of the document: the header, and what it has not read. */
export interface CatalogueRead {
  /** Complete once the first line has come (a catalogue's header comes before its lines), or at the end. */
  header: CatalogueHeader;
  lineCount: number;
  /** Paths (below Catalogue) of the elements not read, each once, in document order. */
  ignored: Set<string>;
  /** The XML line of a byte offset (counted only for the few values an error names). */
  xmlLineAt(offset: number): number;
}

/** An empty CatalogueRead for readCatalogue to fill, and the line numbers of `bytes`. */
export function catalogueRead(bytes: Buffer): CatalogueRead {
  // Counts from where it counted last, forward or back: errors come in document order.
  let counted = 0;
  let line = 1;
  return {
    header: {},
    lineCount: 0,
    ignored: new Set(),
    xmlLineAt(offset) {
      for (; counted < offset; counted++) if (bytes[counted] === 0x0a) line++;
      for (; counted > offset; counted--) if (bytes[counted - 1] === 0x0a) line--;
      return line;
    },
  };
}

/**
 * An element path below the root, met once and then found again by its name's bytes: the reader
 * builds no string per tag. It knows what the path is for.
 */
interface PathNode {
  path: string;
  name: Buffer;
  children: PathNode[];
  /** Where to look first for the next child: elements come in the same order line after line. */
  nextChild: number;
  headerField: HeaderField | undefined;
  lineField: LineField | undefined;
  /** currencyID or unitCode, for the paths that keep one. */
  attribute: Buffer | undefined;
  /** Read for what it holds (a container), or a value, or skipped whole. */
  read: boolean;
  isLine: boolean;
  isLocation: boolean;
  /** RequiredItemLocationQuantity or below it. */
  inLocation: boolean;
}

function pathNode(path: string, name: Buffer): PathNode {
  const headerField = headerFields.get(path);
  const lineField = lineFields.get(path);
  return {
    path,
    name,
    children: [],
    nextChild: 0,
    headerField,
    lineField,
    attribute: attributeOf.has(path) ? Buffer.from(attributeOf.get(path)!, 'latin1') : undefined,
    read: headerField !== undefined || lineField !== undefined || containers.has(path),
    isLine: path === LINE,
    isLocation: path === LOCATION,
    inLocation: path.startsWith(LOCATION),
  };
}

function sameBytes(bytes: Buffer, start: number, end: number, name: Buffer) {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (bytes[start + i] !== name[i]) return false;
  return true;
}

/** Whether the `length` bytes at `at` are those at `start` (an end tag's name and its start tag's). */
function sameBytesAt(bytes: Buffer, at: number, start: number, length: number) {
  for (let i = 0; i < length; i++) if (bytes[at + i] !== bytes[start + i]) return false;
  return true;
}

/** The child of `parent` named by bytes[start, end), made the first time it is met. */
function childOf(parent: PathNode, bytes: Buffer, start: number, end: number): PathNode {
  const { children } = parent;
  for (let tried = 0, at = parent.nextChild; tried < children.length; tried++, at++) {
    if (at >= children.length) at = 0;
    if (sameBytes(bytes, start, end, children[at]!.name)) {
      parent.nextChild = at + 1;
      return children[at]!;
    }
  }
  const name = Buffer.from(bytes.subarray(start, end));
  const local = name.toString('latin1');
  const child = pathNode(parent.path === '' ? local : `${parent.path}/${local}`, name);
  parent.children.push(child);
  return child;
}

const headerAfterLines = (path: string) =>
  new ExcelFileError(
    'UNSUPPORTED',
    `Katalogens ${path} står efter raderna (CatalogueLine). I en Peppol-katalog kommer huvudets element före raderna.`,
  );

/**
 * Reads the document one CatalogueLine at a time: each line is yielded as soon as it has been
 * read, so a caller holds one line, not the document's. `read` fills as the reading goes.
 * Throws ExcelFileError when the document cannot be read (not well-formed, a DOCTYPE, an
 * entity, another root element, an encoding we do not read, a header element after the lines).
 */
export function* readCatalogue(
  bytes: Buffer,
  read: CatalogueRead,
): Generator<CatalogueLine, void, undefined> {
  // XInclude is the one way left, without a DOCTYPE, for a document to point at another.
  if (bytes.includes('http://www.w3.org/2001/XInclude'))
    throw new ExcelFileError(
      'DOCTYPE',
      'Filen innehåller en extern referens (XInclude) och läses inte av säkerhetsskäl.',
    );
  const tags = new XmlTokenizer('sheet');
  const { header, ignored } = read;
  const root = pathNode('', Buffer.alloc(0));
  /** The elements open, as nodes (those read) and as their qualified names' places in the bytes. */
  const open: PathNode[] = [];
  const openStart: number[] = [];
  const openEnd: number[] = [];
  let line: CatalogueLine | null = null;
  let locations = 0;
  let rootSeen = false;
  /** Depth of an element being skipped (its subtree is not read), or 0. */
  let skipping = 0;
  let at = 0;
  try {
    for (;;) {
      const lt = bytes.indexOf(LT, at);
      let closing = true;
      let tagStart = lt;
      let qualifiedStart = lt + 2;
      let nameStart = 0;
      let nameEnd = 0;
      let selfClosing = false;
      if (lt >= 0 && bytes[lt + 1] === SLASH) {
        // An end tag must name the element open: compared in place, its name is not scanned.
        const depth = openStart.length - 1;
        if (depth < 0) throw notXml();
        const start = openStart[depth]!;
        const length = openEnd[depth]! - start;
        if (!sameBytesAt(bytes, qualifiedStart, start, length)) throw notXml();
        let end = qualifiedStart + length;
        while (end < bytes.length && bytes[end]! <= 0x20) end++;
        if (bytes[end] !== GT) throw notXml();
        at = end + 1;
      } else {
        const afterName = tags.readTagName(bytes, lt < 0 ? at : lt);
        if (afterName === INCOMPLETE) {
          // Only white space (or nothing) may follow the root element.
          if (
            openStart.length > 0 ||
            !rootSeen ||
            bytes.subarray(tags.tagStart).toString('latin1').trim() !== ''
          )
            throw notXml();
          break;
        }
        closing = tags.closing;
        tagStart = tags.tagStart;
        qualifiedStart = tagStart + (closing ? 2 : 1);
        nameStart = tags.nameStart;
        nameEnd = tags.nameEnd;
        const next = tags.readTagRest(bytes, afterName, true);
        if (next === INCOMPLETE) throw notXml();
        selfClosing = !closing && tags.selfClosing;
        at = next;
        if (closing) {
          // After a comment or processing instruction: the same check, on the name as scanned.
          const depth = openStart.length - 1;
          if (depth < 0) throw notXml();
          const start = openStart[depth]!;
          const length = nameEnd - qualifiedStart;
          if (length !== openEnd[depth]! - start || !sameBytesAt(bytes, qualifiedStart, start, length))
            throw notXml();
        }
      }
      if (closing) {
        openStart.pop();
        openEnd.pop();
        if (skipping > 0) {
          skipping--;
          continue;
        }
        const node = open.pop()!;
        if (node.isLine && line) {
          yield line;
          line = null;
        }
        continue;
      }
      if (!rootSeen) {
        if (openStart.length > 0 || !sameBytes(bytes, nameStart, nameEnd, CATALOGUE)) throw notXml();
        rootSeen = true;
        if (!selfClosing) {
          openStart.push(qualifiedStart);
          openEnd.push(nameEnd);
          open.push(root);
        }
        continue;
      }
      if (openStart.length === 0) throw notXml();
      if (skipping > 0) {
        if (!selfClosing) {
          openStart.push(qualifiedStart);
          openEnd.push(nameEnd);
          skipping++;
        }
        continue;
      }
      const node = childOf(open[open.length - 1]!, bytes, nameStart, nameEnd);
      if (node.isLine) {
        read.lineCount++;
        if (read.lineCount > MAX_CATALOGUE_LINES)
          throw new ExcelFileError(
            'TOO_LARGE',
            `Katalogen har för många rader (CatalogueLine), högst ${MAX_CATALOGUE_LINES.toLocaleString('sv-SE')}.`,
          );
        line = newLine(read.lineCount, tagStart);
        locations = 0;
      } else if (node.isLocation) locations++;
      // A line has one price: a second RequiredItemLocationQuantity (another place) is not read.
      const secondLocation = locations > 1 && node.inLocation;
      const { headerField } = node;
      const lineField = line ? node.lineField : undefined;
      if ((headerField || lineField) && !secondLocation) {
        if (headerField && read.lineCount > 0) throw headerAfterLines(node.path);
        const attribute = node.attribute ? attributeValue(bytes, nameEnd, at - 1, node.attribute) : null;
        let value = '';
        if (!selfClosing) {
          value = textOf(tags, bytes, at);
          at = textEnd.at;
        }
        const found: CatalogueValue = { value, offset: tagStart, attribute };
        if (headerField && !header[headerField]) header[headerField] = found;
        if (lineField && line && !line[lineField]) line[lineField] = found;
      } else if (!node.read || secondLocation) {
        ignored.add(secondLocation ? `${LOCATION} (utom den första)` : node.path);
        if (!selfClosing) {
          openStart.push(qualifiedStart);
          openEnd.push(nameEnd);
          skipping = 1;
        }
        continue;
      }
      if (!selfClosing) {
        openStart.push(qualifiedStart);
        openEnd.push(nameEnd);
        open.push(node);
      }
    }
  } catch (error) {
    if (error instanceof XlsxError)
      throw error.code === 'DOCTYPE' ? new ExcelFileError('DOCTYPE', DOCTYPE_REFUSED) : notXml();
    throw error;
  }
}

const CATALOGUE = Buffer.from('Catalogue', 'latin1');
