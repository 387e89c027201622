import { readdirSync, readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';
import { catalogueRead, readCatalogue, utf8Of } from '../server/src/pricelistFile/peppol/readCatalogue';

/**
 * Peppol catalogues as a standard XML parser reads them (saxes, with namespaces: well-formedness
 * and namespaces as XML 1.0 and Namespaces in XML say), beside our own
 * reader (server/src/pricelistFile/peppol/readCatalogue.ts), in one shape: the header's values
 * and each CatalogueLine's, so a test can require that the two read a document alike.
 */

const CATALOGUE = 'urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

export interface ReadValue {
  value: string;
  attribute: string | null;
}

export interface ReadCatalogue {
  header: Record<string, string | undefined>;
  lines: Record<string, ReadValue | undefined>[];
}

/** Each element of a path below a line, by namespace and local name, and the attribute it keeps. */
const lineFields: Record<string, { path: [string, string][]; attribute?: string }> = {
  id: { path: [[CBC, 'ID']] },
  actionCode: { path: [[CBC, 'ActionCode']] },
  minimumOrderQuantity: { path: [[CBC, 'MinimumOrderQuantity']] },
  warrantyInformation: { path: [[CBC, 'WarrantyInformation']] },
  leadTime: {
    path: [
      [CAC, 'RequiredItemLocationQuantity'],
      [CBC, 'LeadTimeMeasure'],
    ],
    attribute: 'unitCode',
  },
  price: {
    path: [
      [CAC, 'RequiredItemLocationQuantity'],
      [CAC, 'Price'],
      [CBC, 'PriceAmount'],
    ],
    attribute: 'currencyID',
  },
  name: {
    path: [
      [CAC, 'Item'],
      [CBC, 'Name'],
    ],
  },
  articleNumber: {
    path: [
      [CAC, 'Item'],
      [CAC, 'SellersItemIdentification'],
      [CBC, 'ID'],
    ],
  },
};
const headerFields: Record<string, [string, string][]> = {
  customizationId: [[CBC, 'CustomizationID']],
  profileId: [[CBC, 'ProfileID']],
  actionCode: [[CBC, 'ActionCode']],
  startDate: [
    [CAC, 'ValidityPeriod'],
    [CBC, 'StartDate'],
  ],
  endDate: [
    [CAC, 'ValidityPeriod'],
    [CBC, 'EndDate'],
  ],
};

/** An element as the parser reported it: its namespace, local name, attributes, text and children. */
export interface XmlElement {
  namespace: string;
  local: string;
  /** Attributes without a namespace, by local name. */
  attributes: Map<string, string>;
  /** Its own text and CDATA, joined (comments and processing instructions left out). */
  text: string;
  children: XmlElement[];
}

/** The document's root element as saxes reads it; throws when the document is not well-formed. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const open: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      namespace: tag.uri,
      local: tag.local,
      attributes: new Map(
        Object.values(tag.attributes)
          .filter((attribute) => attribute.uri === '')
          .map((attribute) => [attribute.local, attribute.value]),
      ),
      text: '',
      children: [],
    };
    open.at(-1)?.children.push(element);
    root ??= element;
    open.push(element);
  });
  parser.on('closetag', () => open.pop());
  const addText = (text: string) => {
    const element = open.at(-1);
    if (element) element.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}

const children = (element: XmlElement, [namespace, name]: [string, string]) =>
  element.children.filter((child) => child.namespace === namespace && child.local === name);

/** The elements at `path` below `element`, in document order. */
function elementsAt(element: XmlElement, path: [string, string][]): XmlElement[] {
  const [first, ...rest] = path;
  if (!first) return [element];
  return children(element, first).flatMap((child) => elementsAt(child, rest));
}

/**
 * The catalogue as the standard parser reads it, with our reader's rules of what counts: the
 * first of each value, and of a line's RequiredItemLocationQuantity.
 */
export function standardReading(xml: string): ReadCatalogue {
  const root = parseXml(xml);
  if (root.namespace !== CATALOGUE || root.local !== 'Catalogue') throw new Error('not a catalogue');
  const header = Object.fromEntries(
    Object.entries(headerFields).map(([field, path]) => {
      const found = elementsAt(root, path);
      if (found.length > 1) throw new Error(`${field} twice`);
      return [field, found[0]?.text.trim()];
    }),
  );
  const lines = children(root, [CAC, 'CatalogueLine']).map((line) => {
    const location = children(line, [CAC, 'RequiredItemLocationQuantity'])[0];
    return Object.fromEntries(
      Object.entries(lineFields).map(([field, { path, attribute }]) => {
        const [first, ...rest] = path;
        const under =
          first![1] === 'RequiredItemLocationQuantity'
            ? location
              ? elementsAt(location, rest)
              : []
            : elementsAt(line, path);
        const element = under[0];
        return [
          field,
          element && {
            value: element.text.trim(),
            attribute: attribute ? (element.attributes.get(attribute) ?? null) : null,
          },
        ];
      }),
    );
  });
  return { header, lines };
}

/** The catalogue as our reader reads it, in the same shape. */
export function ourReading(content: Uint8Array): ReadCatalogue {
  const bytes = utf8Of(content);
  const read = catalogueRead(bytes);
  const lines = [...readCatalogue(bytes, read)].map((line) =>
    Object.fromEntries(
      Object.keys(lineFields).map((field) => {
        const value = line[field as keyof typeof line] as
          | { value: string; attribute: string | null }
          | undefined;
        return [
          field,
          value && { value: value.value, attribute: lineFields[field]!.attribute ? value.attribute : null },
        ];
      }),
    ),
  );
  const header = Object.fromEntries(
    Object.keys(headerFields).map((field) => [field, read.header[field as keyof typeof read.header]?.value]),
  );
  return { header, lines };
}

const fixtures = new URL('../server/src/pricelistFile/peppol/fixtures/', import.meta.url);

/**
 * The official example catalogues (fixtures/README.md) as UTF-8 text, declared so: the five
 * examples, and each catalogue of the PEPPOL-T19 unit tests.
 */
export function officialCatalogues(): { name: string; xml: string }[] {
  const documents: { name: string; xml: string }[] = [];
  for (const file of readdirSync(fixtures)
    .filter((name) => name.endsWith('.xml'))
    .sort()) {
    const xml = utf8Of(readFileSync(new URL(file, fixtures))).toString('utf8');
    if (!file.startsWith('PEPPOL-T19')) {
      documents.push({ name: file, xml: xml.replace(/encoding="ISO-8859-1"/, 'encoding="UTF-8"') });
      continue;
    }
    for (const [, id, body] of xml.matchAll(/<test id="(\d+)">([\s\S]*?)<\/test>/g))
      documents.push({
        name: `${file} test ${id}`,
        xml: `<?xml version="1.0" encoding="UTF-8"?>\n${/<Catalogue[\s\S]*<\/Catalogue>/.exec(body!)![0]}`,
      });
  }
  return documents;
}

/* Writing a catalogue differently in ways XML reads as the same document. */

const OTHER = 'urn:example:annan-namnrymd';

/** A small seeded generator (mulberry32): the same mutations on every run. */
export function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof random>;

/** Places in a value's text between whole characters and references (never inside `&amp;`). */
function cutPoints(text: string): number[] {
  const points = [0];
  for (let i = 0; i < text.length; ) {
    const reference = text[i] === '&' ? text.indexOf(';', i) + 1 : 0;
    i = reference > i ? reference : i + (text.codePointAt(i)! > 0xffff ? 2 : 1);
    points.push(i);
  }
  return points;
}

/** One way of writing a value's text differently that XML reads as the same text. */
const valueMutations: ((text: string, name: string, cut: number, r: Random) => string)[] = [
  (text, _, cut) => `${text.slice(0, cut)}<!-- x -->${text.slice(cut)}`,
  // A comment holding the value's own end tag: the end is the tag, not the text.
  (text, name, cut) => `${text.slice(0, cut)}<!-- </${name}> -->${text.slice(cut)}`,
  (text, _, cut) => `${text.slice(0, cut)}<?hmd ingenting?>${text.slice(cut)}`,
  (text, _, cut) =>
    text.slice(cut).includes('&') ? text : `${text.slice(0, cut)}<![CDATA[${text.slice(cut)}]]>`,
  (text, _, cut) => `${text.slice(0, cut)}<![CDATA[]]>${text.slice(cut)}`,
  (text) => `\n\t  ${text} \r\n  `,
  (text, _, cut) => `${text.slice(0, cut)}\r\n${text.slice(cut)}`,
  (text, _, cut, r) => {
    const code = text.codePointAt(cut);
    if (code === undefined || text[cut] === '&') return text;
    const reference = r.chance(0.5) ? `&#x${code.toString(16)};` : `&#${code};`;
    return text.slice(0, cut) + reference + text.slice(cut + (code > 0xffff ? 2 : 1));
  },
];

/** Every value element (`<cbc:Name>text</cbc:Name>`) written differently, some of them. */
export function mutateValues(xml: string, r: Random): string {
  return xml.replace(
    /<([A-Za-z]+:[A-Za-z]+)((?:\s[^<>]*?)?)>([^<]*)<\/\1>/g,
    (whole, name: string, attributes: string, text: string) => {
      if (!r.chance(0.6)) return whole;
      const points = cutPoints(text);
      const mutation = valueMutations[r.below(valueMutations.length)]!;
      const content = mutation(text, name, points[r.below(points.length)]!, r);
      // White space inside the tags too, now and then.
      return r.chance(0.2)
        ? `<${name}${attributes} >${content}</${name}\n>`
        : `<${name}${attributes}>${content}</${name}>`;
    },
  );
}

/** Each CatalogueLine element, written by `rewrite`. */
const eachLine = (xml: string, rewrite: (line: string) => string) =>
  xml.replace(/<cac:CatalogueLine>[\s\S]*?<\/cac:CatalogueLine>/g, rewrite);

/** Ways of writing the same document with other prefixes, namespaces and elements of other namespaces. */
export const documentMutations: Record<string, (xml: string) => string> = {
  'another prefix for cbc': (xml) => xml.replace(/(<\/?|xmlns:)cbc([:=])/g, '$1b$2'),
  'cac as the default namespace of each line': (xml) =>
    eachLine(xml, (line) =>
      line.replace('<cac:CatalogueLine>', `<CatalogueLine xmlns="${CAC}">`).replace(/<(\/?)cac:/g, '<$1'),
    ),
  'cbc declared again on each line, with another prefix': (xml) =>
    eachLine(xml, (line) =>
      line
        .replace('<cac:CatalogueLine>', `<cac:CatalogueLine xmlns:q="${CBC}">`)
        .replace(/<(\/?)cbc:/g, '<$1q:'),
    ),
  'the prefix cbc bound to another namespace inside each line': (xml) =>
    eachLine(xml, (line) =>
      line.replace(
        '<cac:CatalogueLine>',
        `<cac:CatalogueLine><cac:Item xmlns:cbc="${OTHER}"><cbc:Name>Inte UBL:s</cbc:Name></cac:Item>`,
      ),
    ),
  'elements of another namespace with UBL names': (xml) =>
    eachLine(
      xml.replace(
        /(<\/cbc:CustomizationID>)/,
        `$1<x:ActionCode xmlns:x="${OTHER}">Delete</x:ActionCode><cac:ProfileID>fel</cac:ProfileID>`,
      ),
      (line) =>
        line.replace(
          '<cac:CatalogueLine>',
          `<cac:CatalogueLine><cac:MinimumOrderQuantity>999</cac:MinimumOrderQuantity><x:Price xmlns:x="${OTHER}"><x:PriceAmount currencyID="NOK">1</x:PriceAmount></x:Price>`,
        ),
    ).replace(
      /(<\/cac:CatalogueLine>)(?![\s\S]*<\/cac:CatalogueLine>)/,
      `$1<x:CatalogueLine xmlns:x="${OTHER}"><x:ID>99</x:ID></x:CatalogueLine>`,
    ),
};
