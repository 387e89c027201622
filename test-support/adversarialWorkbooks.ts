/**
 * .xlsx files whose parts repeat an opening that is never finished (a start tag without `>`,
 * an element without its end tag, a quote or comment never closed) n times. A scan that looks
 * for the missing end again from every start does n² work on them; the reader must not.
 * Each repetition carries a few random characters, so the parts stay under the zip's
 * compression ratio limit and reach the XML scanning.
 */
import { handMadeXlsx } from './workbooks';

const wordCharacters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** n pieces, each made by `piece` from a deterministic random token of 4 word characters. */
function repeated(n: number, piece: (token: string) => string): string {
  let state = 0x9e3779b9;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    let token = '';
    for (let k = 0; k < 4; k++) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      token += wordCharacters[(state >>> 16) % wordCharacters.length];
    }
    parts.push(piece(token));
  }
  return parts.join('');
}

const header = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const relationshipsNs = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
const officeDocument = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A header row and one data row (the second cell a date-styled number), then whatever `tail` adds. */
const sheetWith = (tail: string) =>
  `${header}<worksheet ${main}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Artikelnummer</t></is></c></row>` +
  `<row r="2"><c r="A2" t="inlineStr"><is><t>HMD-0001</t></is></c><c r="B2" s="1"><v>46000</v></c></row>${tail}`;

const formats = '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>';
const stylesWith = (content: string) =>
  `${header}<styleSheet ${main}>${formats}<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs>${content}`;
/** Styles whose cell styles are `content` (no complete <cellXfs>). */
const stylesWithCellXfs = (content: string) => `${header}<styleSheet ${main}>${formats}${content}`;

const workbookWith = (tail: string) =>
  `${header}<workbook ${main} xmlns:r="${officeDocument}"><sheets><sheet name="Prislista" sheetId="1" r:id="rId1"/></sheets>${tail}`;

const workbookRelationshipsWith = (tail: string) =>
  `${header}<Relationships ${relationshipsNs}>` +
  `<Relationship Id="rId1" Type="${officeDocument}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${officeDocument}/sharedStrings" Target="sharedStrings.xml"/>` +
  `<Relationship Id="rId3" Type="${officeDocument}/styles" Target="styles.xml"/>${tail}`;

const sharedStringsWith = (tail: string) => `${header}<sst ${main}><si><t>Benämning</t></si>${tail}`;

const completeSheet = sheetWith('</sheetData></worksheet>');

export interface AdversarialCase {
  /** What the parts repeat. */
  name: string;
  build: (n: number) => Buffer;
}

/** The sheet, styles or another part replaced; the rest well-formed, with a date style for B2. */
const workbook = ({ sheet = completeSheet, ...parts }: Record<string, string>) =>
  handMadeXlsx({ sheet, extra: { 'xl/styles.xml': stylesWith('</styleSheet>'), ...parts } });

export const adversarialCases: AdversarialCase[] = [
  {
    name: 'styles: <cellXfs> never ended',
    build: (n) => workbook({ 'xl/styles.xml': stylesWithCellXfs(repeated(n, (t) => `<cellXfs>${t}`)) }),
  },
  {
    name: 'styles: <numFmt start tags without >',
    build: (n) => workbook({ 'xl/styles.xml': stylesWith(repeated(n, (t) => `<numFmt ${t}`)) }),
  },
  {
    name: 'styles: <xf start tags without > in an unended <cellXfs>',
    build: (n) =>
      workbook({ 'xl/styles.xml': stylesWithCellXfs(`<cellXfs>${repeated(n, (t) => `<xf ${t}`)}`) }),
  },
  {
    name: 'styles: one attribute name of 4n characters',
    build: (n) =>
      workbook({ 'xl/styles.xml': stylesWith(`<numFmt ${repeated(n, (t) => t)}/></styleSheet>`) }),
  },
  {
    name: 'styles: attribute values whose quote is never closed',
    build: (n) =>
      workbook({
        'xl/styles.xml': stylesWith(`<numFmt numFmtId="165" ${repeated(n, (t) => `${t}='${t}" `)}/>`),
      }),
  },
  {
    name: 'styles: a format code of n unclosed [',
    build: (n) =>
      workbook({
        'xl/styles.xml':
          `${header}<styleSheet ${main}><numFmts count="1"><numFmt numFmtId="164" formatCode="${repeated(n, (t) => `[${t}`)}"/></numFmts>` +
          '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>',
      }),
  },
  {
    name: 'styles: <!-- never closed',
    build: (n) => workbook({ 'xl/styles.xml': stylesWith(`<!--${repeated(n, (t) => `<numFmt ${t}`)}`) }),
  },
  {
    name: 'workbook: <sheet start tags without >',
    build: (n) => workbook({ 'xl/workbook.xml': workbookWith(repeated(n, (t) => `<sheet ${t}`)) }),
  },
  {
    name: 'workbook: <workbookPr start tags without >',
    build: (n) => workbook({ 'xl/workbook.xml': workbookWith(repeated(n, (t) => `<workbookPr ${t}`)) }),
  },
  {
    name: 'relationships: <Relationship start tags without >',
    build: (n) =>
      workbook({
        'xl/_rels/workbook.xml.rels': workbookRelationshipsWith(repeated(n, (t) => `<Relationship ${t}`)),
      }),
  },
  {
    name: 'shared strings: <si> never ended',
    build: (n) =>
      workbook({ 'xl/sharedStrings.xml': sharedStringsWith(repeated(n, (t) => `<si><t>${t}</t>`)) }),
  },
  {
    name: 'shared strings: <t start tags without >',
    build: (n) =>
      workbook({ 'xl/sharedStrings.xml': sharedStringsWith(`<si>${repeated(n, (t) => `<t ${t}`)}`) }),
  },
  {
    name: 'shared strings: <!-- never closed',
    build: (n) =>
      workbook({ 'xl/sharedStrings.xml': sharedStringsWith(`<!--${repeated(n, (t) => `<si>${t}`)}`) }),
  },
  {
    name: 'sheet: <c start tags without >',
    build: (n) => workbook({ sheet: sheetWith(`<row r="3">${repeated(n, (t) => `<c ${t}`)}`) }),
  },
  {
    name: 'sheet: <row> never ended',
    build: (n) => workbook({ sheet: sheetWith(repeated(n, (t) => `<row r="3"><c r="A3"><v>1</v></c>${t}`)) }),
  },
  {
    name: 'sheet: <v> never ended',
    build: (n) => workbook({ sheet: sheetWith(`<row r="3"><c r="A3">${repeated(n, (t) => `<v>${t}`)}`) }),
  },
  {
    name: 'sheet: an attribute quote never closed',
    build: (n) => workbook({ sheet: sheetWith(`<row r="3"><c r="${repeated(n, (t) => `${t}<c r=`)}`) }),
  },
  {
    name: 'sheet: <!-- never closed',
    build: (n) => workbook({ sheet: sheetWith(`<!--${repeated(n, (t) => `<row>${t}`)}`) }),
  },
  {
    name: 'shared strings: <![CDATA[ never closed',
    build: (n) =>
      workbook({
        'xl/sharedStrings.xml': sharedStringsWith(`<si><t>${repeated(n, (t) => `<![CDATA[${t}`)}`),
      }),
  },
  {
    name: 'sheet: CDATA sections in a <t> never ended',
    build: (n) =>
      workbook({
        sheet: sheetWith(
          `<row r="3"><c r="A3" t="inlineStr"><is><t>${repeated(n, (t) => `<![CDATA[${t}]]>`)}`,
        ),
      }),
  },
];

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;

/**
 * An .xls (OLE2 container of 512-byte sectors) of `size` bytes whose chains loop: the DIFAT chain
 * (the header says it is 2^32−1 sectors long) starts at sector 2 and comes back to it, and the
 * directory starts at sector 1, which the FAT chains to itself. A check that follows a chain as
 * far as the file is long, rather than noticing the loop, does a step per sector of the file.
 */
export function loopingOle2(size = 24 * 1024 * 1024): Buffer {
  const file = Buffer.alloc(size);
  const sector = (n: number) => 512 * (n + 1);
  Buffer.from(OLE2_MAGIC).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e);
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c); // one FAT sector (more only through the DIFAT)
  file.writeUInt32LE(1, 0x30); // the directory starts at sector 1
  file.writeUInt32LE(4096, 0x38);
  file.writeUInt32LE(END_OF_CHAIN, 0x3c);
  file.writeUInt32LE(2, 0x44); // the DIFAT starts at sector 2…
  file.writeUInt32LE(FREE_SECTOR, 0x48); // …and is said to be endless
  file.fill(0xff, 0x4c, 512);
  file.writeUInt32LE(0, 0x4c); // the FAT is sector 0
  file.fill(0xff, sector(2), sector(3) - 4);
  file.writeUInt32LE(2, sector(3) - 4); // the DIFAT's next sector is itself
  // The FAT: sector 0 is the FAT, 2 the DIFAT, and 1 (the directory) goes on to itself.
  file.fill(0xff, sector(0), sector(1));
  file.writeUInt32LE(0xfffffffd, sector(0));
  file.writeUInt32LE(1, sector(0) + 4);
  file.writeUInt32LE(0xfffffffc, sector(0) + 8);
  // The directory's root entry.
  file.write('Root Entry', sector(1), 'utf16le');
  file.writeUInt16LE(22, sector(1) + 0x40);
  file.writeUInt8(5, sector(1) + 0x42);
  return file;
}
