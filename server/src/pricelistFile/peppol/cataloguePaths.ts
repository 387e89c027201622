import { CATALOGUE_NAMESPACE } from './detect';

/**
 * The elements of a catalogue the reader knows (readCatalogue.ts), by their path below the root
 * and their namespace: an element is UBL's only in UBL's namespace, whatever its prefix (and one
 * of another namespace with UBL's local name is not read), as an XML parser with namespaces
 * reads it. Paths are nodes of a small tree, met once and then found again by their qualified
 * name's bytes, so the reader builds no string per tag.
 */

export type HeaderField = 'customizationId' | 'profileId' | 'actionCode' | 'startDate' | 'endDate';
export type LineField =
  | 'id'
  | 'actionCode'
  | 'minimumOrderQuantity'
  | 'warrantyInformation'
  | 'leadTime'
  | 'price'
  | 'name'
  | 'articleNumber';

const headerFields = new Map<string, HeaderField>([
  ['CustomizationID', 'customizationId'],
  ['ProfileID', 'profileId'],
  ['ActionCode', 'actionCode'],
  ['ValidityPeriod/StartDate', 'startDate'],
  ['ValidityPeriod/EndDate', 'endDate'],
]);

export const LINE = 'CatalogueLine';
export const LOCATION = `${LINE}/RequiredItemLocationQuantity`;

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

const UBL = 'urn:oasis:names:specification:ubl:schema:xsd:';
const AGGREGATE = `${UBL}CommonAggregateComponents-2`;
const BASIC = `${UBL}CommonBasicComponents-2`;

/** Namespaces as small numbers: 0 is no namespace; the ones we read first. */
export const NO_NAMESPACE = 0;
export const CATALOGUE_NS = 1;
const AGGREGATE_NS = 2;
const BASIC_NS = 3;
const XML_NS = 4;
const firstNamespaces = ['', CATALOGUE_NAMESPACE, AGGREGATE, BASIC, 'http://www.w3.org/XML/1998/namespace'];

/** The namespace of each local name we read. */
const namespaceOfName = new Map<string, number>([
  ...[
    'ValidityPeriod',
    'CatalogueLine',
    'RequiredItemLocationQuantity',
    'Price',
    'Item',
    'SellersItemIdentification',
  ].map((name) => [name, AGGREGATE_NS] as const),
  ...[
    'CustomizationID',
    'ProfileID',
    'ActionCode',
    'StartDate',
    'EndDate',
    'ID',
    'MinimumOrderQuantity',
    'WarrantyInformation',
    'LeadTimeMeasure',
    'PriceAmount',
    'Name',
  ].map((name) => [name, BASIC_NS] as const),
]);

/**
 * The namespace declarations in scope, innermost last, as places in the document's bytes. Every
 * change gives `version` a new number, so a path node resolved at the current version is still
 * right without looking at its prefix again.
 */
export class NamespaceScope {
  version = 0;
  private prefixStart: number[] = [];
  private prefixEnd: number[] = [];
  private namespace: number[] = [];
  private readonly ids = new Map(firstNamespaces.map((uri, id) => [uri, id]));
  private readonly uris = [...firstNamespaces];

  constructor(private readonly bytes: Buffer) {}

  /** Declares a prefix (empty: the default namespace) for the element being opened and its content. */
  declare(prefixStart: number, prefixEnd: number, uri: string) {
    let id = this.ids.get(uri);
    if (id === undefined) {
      id = this.uris.length;
      this.ids.set(uri, id);
      this.uris.push(uri);
    }
    this.prefixStart.push(prefixStart);
    this.prefixEnd.push(prefixEnd);
    this.namespace.push(id);
    this.version++;
  }

  get count() {
    return this.namespace.length;
  }

  /** Drops the declarations after the first `count` (an element's, at its end). */
  truncate(count: number) {
    this.prefixStart.length = count;
    this.prefixEnd.length = count;
    this.namespace.length = count;
    this.version++;
  }

  /** The namespace of the prefix bytes[start, end) (empty: the default); null when it is not declared. */
  resolve(start: number, end: number): number | null {
    const { bytes } = this;
    const length = end - start;
    for (let i = this.namespace.length - 1; i >= 0; i--) {
      const from = this.prefixStart[i]!;
      if (this.prefixEnd[i]! - from !== length) continue;
      let same = true;
      for (let j = 0; j < length && same; j++) same = bytes[from + j] === bytes[start + j];
      if (same) return this.namespace[i]!;
    }
    if (length === 0) return NO_NAMESPACE;
    return length === 3 && bytes.toString('latin1', start, end) === 'xml' ? XML_NS : null;
  }

  isUbl(id: number) {
    return this.uris[id]!.startsWith(UBL);
  }
}

/** An element path below the root, with what the reader does with it, decided once. */
export interface PathNode {
  path: string;
  /** The qualified name as written (`cbc:ID`), by which the node is found again. */
  qualifiedName: Buffer;
  namespace: number;
  /** The NamespaceScope version `namespace` was last found right at. */
  version: number;
  children: PathNode[];
  /** Where to look first for the next child: elements come in the same order line after line. */
  nextChild: number;
  /** UBL's element at UBL's place (its namespace and every parent's as the schema has them). */
  known: boolean;
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

export const rootNode = (version: number): PathNode => ({
  ...pathNode('', Buffer.alloc(0), CATALOGUE_NS, false),
  version,
  known: true,
});

/**
 * A node for `segment` (the local name, or for an element outside UBL's namespaces the
 * qualified name as written, so the ignored list tells it from UBL's).
 */
function pathNode(path: string, qualifiedName: Buffer, namespace: number, known: boolean): PathNode {
  const headerField = known ? headerFields.get(path) : undefined;
  const lineField = known ? lineFields.get(path) : undefined;
  return {
    path,
    qualifiedName,
    namespace,
    version: -1,
    children: [],
    nextChild: 0,
    known,
    headerField,
    lineField,
    attribute: known && attributeOf.has(path) ? Buffer.from(attributeOf.get(path)!, 'latin1') : undefined,
    read: headerField !== undefined || lineField !== undefined || (known && containers.has(path)),
    isLine: known && path === LINE,
    isLocation: known && path === LOCATION,
    inLocation: known && path.startsWith(LOCATION),
  };
}

function sameBytes(bytes: Buffer, start: number, end: number, name: Buffer) {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (bytes[start + i] !== name[i]) return false;
  return true;
}

/**
 * At most this many kinds of element (names) under one element the reader reads: a real
 * catalogue has a few dozen, and each new kind is compared with those met before.
 */
export const MAX_ELEMENT_KINDS = 200;

/** More than MAX_ELEMENT_KINDS kinds of element under the element at `path` (readCatalogue words it). */
export class TooManyElementKinds extends Error {
  constructor(readonly path: string) {
    super('too many kinds of element');
  }
}

/**
 * The child of `parent` whose qualified name is bytes[start, end) (its local name from
 * `localStart`) in the namespace its prefix has now; made the first time it is met. Throws when
 * the prefix is not declared.
 */
export function childOf(
  parent: PathNode,
  scope: NamespaceScope,
  bytes: Buffer,
  start: number,
  localStart: number,
  end: number,
): PathNode {
  const { children } = parent;
  let namespace = -1;
  for (let tried = 0, at = parent.nextChild; tried < children.length; tried++, at++) {
    if (at >= children.length) at = 0;
    const child = children[at]!;
    if (!sameBytes(bytes, start, end, child.qualifiedName)) continue;
    if (child.version !== scope.version) {
      // Declarations changed since: the same prefix may stand for another namespace now.
      if (namespace < 0) namespace = namespaceOf(scope, start, localStart);
      if (child.namespace !== namespace) continue;
      child.version = scope.version;
    }
    parent.nextChild = at + 1;
    return child;
  }
  if (children.length >= MAX_ELEMENT_KINDS) throw new TooManyElementKinds(parent.path);
  if (namespace < 0) namespace = namespaceOf(scope, start, localStart);
  const qualifiedName = Buffer.from(bytes.subarray(start, end));
  const local = bytes.toString('utf8', localStart, end);
  const segment = scope.isUbl(namespace) ? local : qualifiedName.toString('utf8');
  const known = parent.known && namespaceOfName.get(local) === namespace;
  const child = pathNode(
    parent.path === '' ? segment : `${parent.path}/${segment}`,
    qualifiedName,
    namespace,
    known,
  );
  child.version = scope.version;
  children.push(child);
  return child;
}

/** The namespace of an element whose qualified name starts at `start` and local name at `localStart`. */
export function namespaceOf(scope: NamespaceScope, start: number, localStart: number): number {
  const namespace = scope.resolve(start, localStart > start ? localStart - 1 : start);
  if (namespace === null) throw new UnboundPrefix();
  return namespace;
}

/** An element's prefix that no declaration in scope names: the document is not namespace-well-formed. */
export class UnboundPrefix extends Error {}
