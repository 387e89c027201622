import { XlsxError } from '../../lib/xlsx';
import { INCOMPLETE, XmlTokenizer } from '../../lib/xlsx/xmlTokenizer';
import { ExcelFileError } from '../fileErrors';

/**
 * Reads a Peppol BIS Catalogue 3 document (UBL 2.1 Catalogue) with the tag loop of our .xlsx
 * reader: one forward pass over the bytes, no DOM. Only what a price list holds is kept (the
 * paths below); every other element is skipped whole and its path listed once. A DOCTYPE (and
 * with it any entity declaration or external reference) is refused, and only the five
 * predefined entities and character references are decoded.
 */

/** One value read from the document, with the XML line it is on and the attribute we need. */
export interface CatalogueValue {
  value: string;
  xmlLine: number;
  /** currencyID of PriceAmount, unitCode of LeadTimeMeasure; null when absent. */
  attribute: string | null;
}

export interface CatalogueLine {
  /** 1-based position among the document's CatalogueLine elements. */
  index: number;
  xmlLine: number;
  id?: CatalogueValue;
  actionCode?: CatalogueValue;
  minimumOrderQuantity?: CatalogueValue;
  warrantyInformation?: CatalogueValue;
  leadTime?: CatalogueValue;
  price?: CatalogueValue;
  name?: CatalogueValue;
  articleNumber?: CatalogueValue;
}

export interface CatalogueHeader {
  customizationId?: CatalogueValue;
  profileId?: CatalogueValue;
  actionCode?: CatalogueValue;
  startDate?: CatalogueValue;
  endDate?: CatalogueValue;
}

type HeaderField = keyof CatalogueHeader;
type LineField = Exclude<keyof CatalogueLine, 'index' | 'xmlLine'>;

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

/** The document as UTF-8 bytes: in the encoding its declaration names (UTF-8 without one). */
export function utf8Of(content: Uint8Array): Buffer {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return checkedUtf8(bytes.subarray(3));
  const declaration = /^<\?xml\s[^?]*?encoding\s*=\s*(["'])([A-Za-z0-9._-]+)\1/.exec(
    bytes.toString('latin1', 0, Math.min(bytes.length, 200)),
  );
  const encoding = declaration ? declaration[2]!.toUpperCase() : 'UTF-8';
  if (encoding === 'UTF-8' || encoding === 'US-ASCII' || encoding === 'ASCII') return checkedUtf8(bytes);
  if (encoding === 'ISO-8859-1' || encoding === 'LATIN1' || encoding === 'ISO_8859-1')
    return Buffer.from(bytes.toString('latin1'), 'utf8');
  if (encoding === 'WINDOWS-1252' || encoding === 'CP1252')
    return Buffer.from(new TextDecoder('windows-1252').decode(bytes), 'utf8');
  throw new ExcelFileError(
    'UNSUPPORTED',
    `Filen kan inte läsas: teckenkodningen ${declaration![2]} stöds inte. Använd UTF-8 eller ISO-8859-1.`,
  );
}

function checkedUtf8(bytes: Buffer): Buffer {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw cannotRead('den är inte giltig UTF-8, som katalogen anger (eller utan teckenkodning).');
  }
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

/** Text content between two offsets: CDATA sections as written, references decoded elsewhere. */
function textOf(bytes: Buffer, start: number, end: number): string {
  const raw = bytes.toString('utf8', start, end).replace(/\r\n?/g, '\n');
  let value = '';
  let at = 0;
  for (let open = raw.indexOf('<![CDATA['); open >= 0; open = raw.indexOf('<![CDATA[', at)) {
    const close = raw.indexOf(']]>', open + 9);
    if (close < 0) throw notXml();
    value += decodeReferences(raw.slice(at, open)) + raw.slice(open + 9, close);
    at = close + 3;
  }
  return value + decodeReferences(raw.slice(at));
}

/** The attributes of a start tag, between its name and its `>`. */
function attributesOf(bytes: Buffer, start: number, end: number): Map<string, string> {
  const attributes = new Map<string, string>();
  const text = bytes.toString('utf8', start, end);
  const pattern = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text))
    attributes.set(match[1]!, decodeReferences(match[2] ?? match[3]!));
  return attributes;
}

export interface CatalogueRead {
  header: CatalogueHeader;
  lineCount: number;
  /** Paths (below Catalogue) of the elements not read, each once, in document order. */
  ignored: string[];
}

/**
 * Reads the document and hands each CatalogueLine to `onLine` as soon as it has been read.
 * Throws ExcelFileError when the document cannot be read (not well-formed, a DOCTYPE, an
 * entity, another root element, an encoding we do not read).
 */
export function readCatalogue(content: Uint8Array, onLine: (line: CatalogueLine) => void): CatalogueRead {
  const bytes = utf8Of(content);
  // XInclude is the one way left, without a DOCTYPE, for a document to point at another.
  if (bytes.includes('http://www.w3.org/2001/XInclude'))
    throw new ExcelFileError(
      'DOCTYPE',
      'Filen innehåller en extern referens (XInclude) och läses inte av säkerhetsskäl.',
    );
  const tags = new XmlTokenizer('sheet');
  const header: CatalogueHeader = {};
  const ignored = new Set<string>();
  const stack: string[] = [];
  /** The path below the root of each element being read (not of those skipped). */
  const paths: string[] = [];
  let line: CatalogueLine | null = null;
  let lineCount = 0;
  let locations = 0;
  let root = false;
  let xmlLine = 1;
  let counted = 0;
  const lineAt = (offset: number) => {
    for (let i = counted; i < offset; i++) if (bytes[i] === 0x0a) xmlLine++;
    counted = Math.max(counted, offset);
    return xmlLine;
  };
  /** Depth of an element being skipped (its subtree is not read), or 0. */
  let skipping = 0;
  let at = 0;
  try {
    for (;;) {
      const afterName = tags.readTagName(bytes, at);
      if (afterName === INCOMPLETE) {
        // Only white space (or nothing) may follow the root element.
        if (stack.length > 0 || !root || bytes.subarray(tags.tagStart).toString('latin1').trim() !== '')
          throw notXml();
        break;
      }
      const name = bytes.toString('latin1', tags.nameStart, tags.nameEnd);
      const closing = tags.closing;
      const tagStart = tags.tagStart;
      const next = tags.readTagRest(bytes, afterName, true);
      if (next === INCOMPLETE) throw notXml();
      const selfClosing = !closing && tags.selfClosing;
      const nameEnd = tags.nameEnd;
      at = next;
      if (closing) {
        if (stack.pop() !== name) throw notXml();
        if (skipping > 0) {
          skipping--;
          continue;
        }
        paths.pop();
        if (stack.length === 1 && name === LINE && line) {
          onLine(line);
          line = null;
        }
        continue;
      }
      if (!root) {
        if (stack.length > 0 || name !== 'Catalogue') throw notXml();
        root = true;
        if (!selfClosing) {
          stack.push(name);
          paths.push('');
        }
        continue;
      }
      if (stack.length === 0) throw notXml();
      if (skipping > 0) {
        if (!selfClosing) {
          stack.push(name);
          skipping++;
        }
        continue;
      }
      const parent = paths[paths.length - 1]!;
      const path = parent === '' ? name : `${parent}/${name}`;
      if (path === LINE) {
        lineCount++;
        if (lineCount > MAX_CATALOGUE_LINES)
          throw new ExcelFileError(
            'TOO_LARGE',
            `Katalogen har för många rader (CatalogueLine), högst ${MAX_CATALOGUE_LINES.toLocaleString('sv-SE')}.`,
          );
        line = { index: lineCount, xmlLine: lineAt(tagStart) };
        locations = 0;
      } else if (path === LOCATION) locations++;
      const headerField = headerFields.get(path);
      const lineField = line ? lineFields.get(path) : undefined;
      // A line has one price: a second RequiredItemLocationQuantity (another place) is not read.
      const secondLocation = path.startsWith(LOCATION) && locations > 1;
      if ((headerField || lineField) && !secondLocation) {
        const attributeName = attributeOf.get(path);
        const attribute = attributeName
          ? (attributesOf(bytes, nameEnd, next - 1).get(attributeName) ?? null)
          : null;
        let value = '';
        if (!selfClosing) {
          const textEnd = tags.textEnd(bytes, at);
          if (textEnd === INCOMPLETE) throw notXml();
          value = textOf(bytes, at, textEnd).trim();
          at = textEnd;
        }
        const read: CatalogueValue = { value, xmlLine: lineAt(tagStart), attribute };
        if (headerField && !header[headerField]) header[headerField] = read;
        if (lineField && line && !line[lineField]) line[lineField] = read;
      } else if (!containers.has(path) || secondLocation) {
        ignored.add(secondLocation ? `${LOCATION} (utom den första)` : path);
        if (!selfClosing) {
          stack.push(name);
          skipping = 1;
        }
        continue;
      }
      if (!selfClosing) {
        stack.push(name);
        paths.push(path);
      }
    }
  } catch (error) {
    if (error instanceof XlsxError)
      throw error.code === 'DOCTYPE' ? new ExcelFileError('DOCTYPE', DOCTYPE_REFUSED) : notXml();
    throw error;
  }
  return { header, lineCount, ignored: [...ignored] };
}
