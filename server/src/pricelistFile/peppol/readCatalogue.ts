import { XmlError } from '../../lib/xml/xmlError';
import { INCOMPLETE as INCOMPLETE_IMPORT, XmlTokenizer } from '../../lib/xml/xmlTokenizer';
import { ExcelFileError } from '../fileErrors';
import * as attributes from './catalogueAttributes';
import type { CatalogueLine, CatalogueRead, CatalogueValue } from './catalogueLines';
import * as lineShapes from './catalogueLines';
import * as paths from './cataloguePaths';
import {
  CATALOGUE_NS,
  type HeaderField,
  type LineField,
  LOCATION,
  MAX_ELEMENT_KINDS,
  NamespaceScope,
  namespaceOf,
  type PathNode,
  rootNode,
  TooManyElementKinds,
  UnboundPrefix,
} from './cataloguePaths';
import * as text from './catalogueText';
import { cannotRead, MAX_XML_VALUE_BYTES, notXml, TooLongValue } from './catalogueText';

/**
 * What the loop uses at every tag, as module constants: tsx compiles an imported binding to a
 * getter, which costs at each use (tens of nanoseconds, a second on a 200,000-line catalogue).
 */
const INCOMPLETE = INCOMPLETE_IMPORT;
const { attributeNamed, readAttributes, startTag } = attributes;
const { childOf } = paths;
const { newLine } = lineShapes;
const { textEnd, valueText } = text;

export { catalogueUtf8, utf8Of } from './catalogueEncoding';
export {
  type CatalogueHeader,
  type CatalogueLine,
  type CatalogueRead,
  type CatalogueValue,
  catalogueRead,
} from './catalogueLines';
export { lineFieldPaths } from './cataloguePaths';

/**
 * Reads a Peppol BIS Catalogue 3 document (UBL 2.1 Catalogue) with the XML tokenizer our .xlsx
 * reader uses (server/src/lib/xml/): one forward pass over the bytes, no DOM. Only what a price
 * list holds is kept (the paths of cataloguePaths.ts, matched by namespace, not prefix); every
 * other element is skipped whole and its path listed once. Text is read as XML reads it
 * (catalogueText.ts). A DOCTYPE (and with it any entity declaration or external reference) is
 * refused, and only the five predefined entities and character references are decoded.
 */

/** At most as many lines as an Excel sheet has data rows. */
export const MAX_CATALOGUE_LINES = 1_048_575;

export const DOCTYPE_REFUSED = 'Filen innehåller en DOCTYPE-deklaration och läses inte av säkerhetsskäl.';

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const CATALOGUE = Buffer.from('Catalogue', 'latin1');

const refused = (message: string) => new ExcelFileError('UNSUPPORTED', message);

/** Whether the `length` bytes at `at` are those at `start` (an end tag's name and its start tag's). */
function sameBytesAt(bytes: Buffer, at: number, start: number, length: number) {
  for (let i = 0; i < length; i++) if (bytes[at + i] !== bytes[start + i]) return false;
  return true;
}

/**
 * Reads the document one CatalogueLine at a time: each line is yielded as soon as it has been
 * read, so a caller holds one line, not the document's. `read` fills as the reading goes.
 * Throws ExcelFileError when the document cannot be read (not well-formed, a DOCTYPE, an
 * entity, another root element, an encoding we do not read, a header element after the lines
 * or twice).
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
  try {
    yield* new CatalogueReader(bytes, read).lines();
  } catch (error) {
    if (error instanceof XmlError)
      throw error.code === 'DOCTYPE' ? new ExcelFileError('DOCTYPE', DOCTYPE_REFUSED) : notXml();
    if (error instanceof TooLongValue)
      throw cannotRead(
        `katalogen har en text eller ett attributvärde som är längre än ${MAX_XML_VALUE_BYTES / 2 ** 20} MB (XML-rad ${read.xmlLineAt(error.offset)}).`,
      );
    if (error instanceof TooManyElementKinds)
      throw cannotRead(
        `katalogens ${error.path || 'Catalogue'} har fler än ${MAX_ELEMENT_KINDS} olika slags element.`,
      );
    if (error instanceof UnboundPrefix)
      throw cannotRead(
        'katalogen är inte giltig XML: ett namnrymdsprefix används utan att vara deklarerat (xmlns).',
      );
    throw error;
  }
}

/** The tag loop's state: the elements open, the namespaces in scope, the line being read. */
class CatalogueReader {
  private readonly tags = new XmlTokenizer();
  private readonly scope: NamespaceScope;
  private readonly root: PathNode;
  /** The elements open, as nodes (those read) and as their qualified names' places in the bytes. */
  private readonly open: PathNode[] = [];
  private readonly openStart: number[] = [];
  private readonly openEnd: number[] = [];
  /** The depth of each open element that declared namespaces, and the declarations before it. */
  private readonly declaredAt: number[] = [];
  private readonly declaredBefore: number[] = [];
  private line: CatalogueLine | null = null;
  private locations = 0;
  private rootSeen = false;
  /** Depth of an element being skipped (its subtree is not read), or 0. */
  private skipping = 0;
  private at = 0;

  constructor(
    private readonly bytes: Buffer,
    private readonly read: CatalogueRead,
  ) {
    this.scope = new NamespaceScope(bytes);
    this.root = rootNode(this.scope.version);
  }

  *lines(): Generator<CatalogueLine, void, undefined> {
    const { bytes, tags } = this;
    for (;;) {
      const lt = bytes.indexOf(LT, this.at);
      // Text the reader skips builds nothing, but is held to the same limit as the text it keeps.
      if ((lt < 0 ? bytes.length : lt) - this.at > MAX_XML_VALUE_BYTES) throw new TooLongValue(this.at);
      if (lt >= 0 && bytes[lt + 1] === SLASH) {
        this.endTagInPlace(lt);
      } else {
        const afterName = tags.readTagName(bytes, lt < 0 ? this.at : lt);
        if (afterName === INCOMPLETE) return this.finish();
        if (tags.closing) this.endTagAfterSpecial(afterName);
        else {
          const done = this.startTag(afterName);
          if (done) yield done;
          continue;
        }
      }
      const done = this.closeElement();
      if (done) yield done;
    }
  }

  /** An end tag must name the element open: compared in place, its name is not scanned. */
  private endTagInPlace(lt: number) {
    const { bytes, openStart } = this;
    const depth = openStart.length - 1;
    if (depth < 0) throw notXml();
    const start = openStart[depth]!;
    const length = this.openEnd[depth]! - start;
    if (!sameBytesAt(bytes, lt + 2, start, length)) throw notXml();
    let end = lt + 2 + length;
    while (end < bytes.length && bytes[end]! <= 0x20) end++;
    if (bytes[end] !== GT) throw notXml();
    this.at = end + 1;
  }

  /** After a comment or processing instruction: the same check, on the name as scanned. */
  private endTagAfterSpecial(afterName: number) {
    const { bytes, tags, openStart } = this;
    const next = tags.readTagRest(bytes, afterName, true);
    if (next === INCOMPLETE) throw notXml();
    this.at = next;
    const depth = openStart.length - 1;
    if (depth < 0) throw notXml();
    const start = openStart[depth]!;
    const length = tags.nameEnd - (tags.tagStart + 2);
    if (length !== this.openEnd[depth]! - start || !sameBytesAt(bytes, tags.tagStart + 2, start, length))
      throw notXml();
  }

  /** The element open closes; a CatalogueLine that ends is returned, to be yielded. */
  private closeElement(): CatalogueLine | null {
    this.openStart.pop();
    this.openEnd.pop();
    const depth = this.openStart.length;
    const declared = this.declaredAt.length - 1;
    if (declared >= 0 && this.declaredAt[declared] === depth) {
      this.declaredAt.pop();
      this.scope.truncate(this.declaredBefore.pop()!);
    }
    if (this.skipping > 0) {
      this.skipping--;
      return null;
    }
    const node = this.open.pop()!;
    if (!node.isLine || !this.line) return null;
    const done = this.line;
    done.end = this.at;
    this.line = null;
    return done;
  }

  /** Only white space (or nothing) may follow the root element. */
  private finish() {
    const { bytes, tags } = this;
    if (
      this.openStart.length > 0 ||
      !this.rootSeen ||
      bytes.subarray(tags.tagStart).toString('latin1').trim() !== ''
    )
      throw notXml();
  }

  private push(qualifiedStart: number, nameEnd: number) {
    this.openStart.push(qualifiedStart);
    this.openEnd.push(nameEnd);
  }

  /** A start tag, read from after its name; a self-closing CatalogueLine is returned, to be yielded. */
  private startTag(afterName: number): CatalogueLine | null {
    const { bytes, tags, scope } = this;
    const tagStart = tags.tagStart;
    const qualifiedStart = tagStart + 1;
    const { nameStart, nameEnd } = tags;
    if (nameEnd === nameStart) throw notXml();
    this.at = readAttributes(bytes, afterName);
    // An attribute value is within the start tag: a tag longer than the limit holds one longer.
    if (this.at - afterName > MAX_XML_VALUE_BYTES) throw new TooLongValue(afterName);
    const { selfClosing } = startTag;
    if (this.skipping > 0) {
      if (!selfClosing) {
        this.push(qualifiedStart, nameEnd);
        this.skipping++;
      }
      return null;
    }
    // Its own declarations name its namespace too, and last until its end tag.
    const before = scope.count;
    if (startTag.declarations > 0) this.declare();
    const declares = scope.count > before;
    if (declares && !selfClosing) {
      this.declaredAt.push(this.openStart.length);
      this.declaredBefore.push(before);
    }
    const done = this.rootSeen
      ? this.element(tagStart, nameStart, nameEnd, selfClosing)
      : this.rootElement(nameStart, nameEnd, selfClosing);
    if (declares && selfClosing) scope.truncate(before);
    return done;
  }

  /** The namespace declarations of the start tag read last (xmlns, xmlns:prefix). */
  private declare() {
    const { bytes } = this;
    for (let i = 0; i < startTag.count; i++) {
      const nameStart = startTag.nameStart[i]!;
      const nameEnd = startTag.nameEnd[i]!;
      if (!startTag.isDeclaration(bytes, i)) continue;
      const uri = startTag.value(bytes, i);
      const prefixed = nameEnd > nameStart + 5;
      // A prefix cannot be undeclared (Namespaces in XML 1.0), only the default namespace.
      if (prefixed && uri === '') throw notXml();
      this.scope.declare(prefixed ? nameStart + 6 : nameEnd, nameEnd, uri);
    }
  }

  private rootElement(nameStart: number, nameEnd: number, selfClosing: boolean): null {
    const { bytes, tags } = this;
    if (this.openStart.length > 0) throw notXml();
    const qualifiedStart = tags.tagStart + 1;
    if (
      nameEnd - nameStart !== CATALOGUE.length ||
      !CATALOGUE.equals(bytes.subarray(nameStart, nameEnd)) ||
      namespaceOf(this.scope, qualifiedStart, nameStart) !== CATALOGUE_NS
    )
      throw cannotRead(
        'rotelementet är inte en Peppol-katalog (Catalogue i namnrymden urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2).',
      );
    this.rootSeen = true;
    if (!selfClosing) {
      this.push(qualifiedStart, nameEnd);
      this.open.push(this.root);
    }
    return null;
  }

  /** An element below the root: a line, a value, a container read for what it holds, or one skipped whole. */
  private element(
    tagStart: number,
    nameStart: number,
    nameEnd: number,
    selfClosing: boolean,
  ): CatalogueLine | null {
    const { bytes, read, open } = this;
    if (this.openStart.length === 0) throw notXml();
    const qualifiedStart = tagStart + 1;
    const node = childOf(open[open.length - 1]!, this.scope, bytes, qualifiedStart, nameStart, nameEnd);
    if (node.isLine) {
      read.lineCount++;
      if (read.lineCount > MAX_CATALOGUE_LINES)
        throw new ExcelFileError(
          'TOO_LARGE',
          `Katalogen har för många rader (CatalogueLine), högst ${MAX_CATALOGUE_LINES.toLocaleString('sv-SE')}.`,
        );
      this.line = newLine(read.lineCount, tagStart, this.at);
      this.locations = 0;
      if (selfClosing) {
        const done = this.line;
        this.line = null;
        return done;
      }
    } else if (node.isLocation) this.locations++;
    // A line has one price: a second RequiredItemLocationQuantity (another place) is not read.
    const secondLocation = this.locations > 1 && node.inLocation;
    const { headerField } = node;
    const lineField = this.line ? node.lineField : undefined;
    if ((headerField || lineField) && !secondLocation) {
      this.value(node, tagStart, selfClosing, headerField, lineField);
    } else if (!node.read || secondLocation) {
      read.ignored.add(secondLocation ? `${LOCATION} (utom den första)` : node.path);
      if (!selfClosing) {
        this.push(qualifiedStart, nameEnd);
        this.skipping = 1;
      }
      return null;
    }
    if (!selfClosing) {
      this.push(qualifiedStart, nameEnd);
      open.push(node);
    }
    return null;
  }

  /** A value of the header or of the line: its text, to its element's end tag. */
  private value(
    node: PathNode,
    tagStart: number,
    selfClosing: boolean,
    headerField: HeaderField | undefined,
    lineField: LineField | undefined,
  ) {
    const { bytes, read, line } = this;
    if (headerField && read.lineCount > 0)
      throw refused(
        `Katalogens ${node.path} står efter raderna (CatalogueLine). I en Peppol-katalog kommer huvudets element före raderna.`,
      );
    const attribute = node.attribute ? attributeNamed(bytes, node.attribute) : null;
    const contentStart = this.at;
    let value = '';
    let contentEnd = -1;
    if (!selfClosing) {
      value = valueText(bytes, contentStart);
      contentEnd = textEnd.at;
      this.at = contentEnd;
      // A value is text: an element inside one is not UBL's (the schema's values are simple types).
      if (bytes[contentEnd + 1] !== SLASH)
        throw refused(
          `Katalogens ${node.path} (XML-rad ${read.xmlLineAt(contentEnd)}) innehåller ett element. Elementet får bara innehålla ett värde.`,
        );
    }
    const found: CatalogueValue = { value, offset: tagStart, attribute, contentStart, contentEnd };
    if (headerField) {
      const first = read.header[headerField];
      if (first)
        throw refused(
          `Katalogens ${node.path} finns två gånger (XML-rad ${read.xmlLineAt(first.offset)} och ${read.xmlLineAt(tagStart)}). Varje element i katalogens huvud får bara finnas en gång.`,
        );
      read.header[headerField] = found;
    }
    if (lineField && line && !line[lineField]) line[lineField] = found;
  }
}
