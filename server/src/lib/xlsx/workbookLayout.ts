import { XlsxError } from './errors';
import { attributesOf, startTags } from './xmlTags';
import { assertNoDoctype, attributeByLocalName } from './xmlText';
import { readEntry, type ZipEntry } from './zip';

export interface WorkbookLayout {
  /** Sheets in workbook order, with the zip path of each sheet's part. */
  sheets: { name: string; path: string | null }[];
  sharedStringsPath: string | null;
  stylesPath: string | null;
  /** Dates count from 1904 instead of 1900 (old Mac workbooks). */
  date1904: boolean;
}

const notAWorkbook = () => new XlsxError('NOT_A_WORKBOOK');

const MACRO_ENABLED_MAIN = 'application/vnd.ms-excel.sheet.macroenabled.main+xml';

/** The content type `[Content_Types].xml` gives the part at `path`: its Override, else the Default of its extension. */
function contentTypeOf(xml: string, path: string): string | undefined {
  const partName = `/${path}`.toLowerCase();
  for (const tag of startTags(xml, 'Override')) {
    const attributes = attributesOf(tag);
    if (attributes.get('PartName')?.toLowerCase() === partName) return attributes.get('ContentType');
  }
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  for (const tag of startTags(xml, 'Default')) {
    const attributes = attributesOf(tag);
    if (attributes.get('Extension')?.toLowerCase() === extension) return attributes.get('ContentType');
  }
  return undefined;
}

/** A small XML part as text, DOCTYPE refused. */
export function readXmlPart(
  content: Uint8Array,
  entries: Map<string, ZipEntry>,
  path: string,
): string | null {
  const entry = entries.get(path.toLowerCase());
  if (!entry) return null;
  const xml = readEntry(content, entry).toString('utf8');
  assertNoDoctype(xml);
  return xml;
}

/** Finds the workbook, its sheets, shared strings and styles through the package relationships. */
export function readWorkbookLayout(content: Uint8Array, entries: Map<string, ZipEntry>): WorkbookLayout {
  const rootRelationships = relationships(readXmlPart(content, entries, '_rels/.rels') ?? '', '');
  const workbookPath =
    rootRelationships.find((relationship) => relationship.type.endsWith('/officeDocument'))?.target ??
    'xl/workbook.xml';
  const workbookXml = readXmlPart(content, entries, workbookPath);
  if (workbookXml === null) throw notAWorkbook();
  // Excel opens a macro-enabled workbook only as .xlsm, whatever the file is called.
  const contentTypes = readXmlPart(content, entries, '[Content_Types].xml');
  if (
    contentTypes !== null &&
    contentTypeOf(contentTypes, workbookPath)?.trim().toLowerCase() === MACRO_ENABLED_MAIN
  )
    throw new XlsxError('MACRO_ENABLED');

  const folder = workbookPath.includes('/') ? workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1) : '';
  const fileName = workbookPath.slice(folder.length);
  const workbookRelationships = relationships(
    readXmlPart(content, entries, `${folder}_rels/${fileName}.rels`) ?? '',
    folder,
  );
  const byId = new Map(workbookRelationships.map((relationship) => [relationship.id, relationship.target]));
  const targetOfType = (type: string) =>
    workbookRelationships.find((relationship) => relationship.type.endsWith(`/${type}`))?.target ?? null;

  const sheets = startTags(workbookXml, 'sheet').map((tag) => {
    const attributes = attributesOf(tag);
    const id = attributeByLocalName(attributes, 'id', true);
    return { name: attributes.get('name') ?? '', path: (id !== undefined && byId.get(id)) || null };
  });
  const workbookProperties = startTags(workbookXml, 'workbookPr')[0];
  const date1904 = workbookProperties
    ? /^(1|true)$/i.test(attributesOf(workbookProperties).get('date1904') ?? '')
    : false;
  return {
    sheets,
    sharedStringsPath:
      targetOfType('sharedStrings') ??
      (entries.has(`${folder}sharedstrings.xml`) ? `${folder}sharedStrings.xml` : null),
    stylesPath: targetOfType('styles') ?? (entries.has(`${folder}styles.xml`) ? `${folder}styles.xml` : null),
    date1904,
  };
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

function relationships(xml: string, folder: string): Relationship[] {
  return startTags(xml, 'Relationship')
    .map((tag) => attributesOf(tag))
    .filter((attributes) => attributes.get('TargetMode') !== 'External')
    .map((attributes) => ({
      id: attributes.get('Id') ?? '',
      type: attributes.get('Type') ?? '',
      target: resolvePath(folder, attributes.get('Target') ?? ''),
    }));
}

/** A relationship target made into a zip path: relative to the source part's folder, or absolute from the root. */
function resolvePath(folder: string, target: string): string {
  const segments = (target.startsWith('/') ? target.slice(1) : folder + target).split('/');
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else if (segment !== '.' && segment !== '') resolved.push(segment);
  }
  return resolved.join('/');
}
