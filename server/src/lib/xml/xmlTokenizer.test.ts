import { describe, expect, it } from 'vitest';
import { XmlError, xmlPositionOf } from './xmlError';
import { asciiBytes, INCOMPLETE, XmlTokenizer } from './xmlTokenizer';

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  start: number;
  end: number;
  r?: string;
  s?: string;
  t?: string;
}

/** Every tag of `xml` as the tokenizer reads it, and where it stopped (an index, or INCOMPLETE). */
function tagsOf(xml: string, checkEndTags = false) {
  const bytes = Buffer.from(xml);
  const tokenizer = new XmlTokenizer();
  const tags: Tag[] = [];
  const value = (start: number, end: number) => (start < 0 ? undefined : bytes.toString('utf8', start, end));
  let at = 0;
  for (;;) {
    const end = tokenizer.readTag(bytes, at, checkEndTags);
    if (end === INCOMPLETE) return { tags, resumeAt: tokenizer.tagStart };
    const tag: Tag = {
      name: bytes.toString('utf8', tokenizer.nameStart, tokenizer.nameEnd),
      closing: tokenizer.closing,
      selfClosing: tokenizer.selfClosing,
      start: tokenizer.tagStart,
      end,
    };
    if (!tokenizer.closing || checkEndTags) {
      const r = value(tokenizer.rStart, tokenizer.rEnd);
      const s = value(tokenizer.sStart, tokenizer.sEnd);
      const t = value(tokenizer.tStart, tokenizer.tEnd);
      if (r !== undefined) tag.r = r;
      if (s !== undefined) tag.s = s;
      if (t !== undefined) tag.t = t;
    }
    tags.push(tag);
    at = end;
  }
}

function errorOf(run: () => unknown): XmlError {
  try {
    run();
  } catch (error) {
    if (error instanceof XmlError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('the XML tokenizer', () => {
  it('reads start, end and empty tags with their local names, text left to the caller', () => {
    const { tags, resumeAt } = tagsOf('<x:row r="1"><c r="A1" s="2" t="s"><v>3</v></c><c r="B1"/></x:row>');
    expect(tags.map(({ name, closing, selfClosing }) => [name, closing, selfClosing])).toEqual([
      ['row', false, false],
      ['c', false, false],
      ['v', false, false],
      ['v', true, false],
      ['c', true, false],
      ['c', false, true],
      ['row', true, false],
    ]);
    expect(tags[1]).toMatchObject({ r: 'A1', s: '2', t: 's' });
    expect(tags[2]!.end).toBe(tags[3]!.start - 1); // the text "3" between <v> and </v>
    expect(resumeAt).toBe(66);
  });

  it('reads attribute values in either kind of quote, with the other kind and > inside', () => {
    const { tags } = tagsOf(`<c a="x>y" r='A"1>' t = "it's" s\t=\t'4'>`);
    expect(tags).toEqual([
      { name: 'c', closing: false, selfClosing: false, start: 0, end: 39, r: 'A"1>', t: "it's", s: '4' },
    ]);
  });

  it('ends an end tag at its first >, or reads it as a start tag when told to', () => {
    expect(tagsOf('</c a=">"><v>').tags.map((tag) => [tag.name, tag.end])).toEqual([
      ['c', 8],
      ['v', 13],
    ]);
    expect(tagsOf('</c a=">"><v>', true).tags.map((tag) => [tag.name, tag.end])).toEqual([
      ['c', 10],
      ['v', 13],
    ]);
    expect(errorOf(() => tagsOf('</c a><v>', true))).toMatchObject({ code: 'MALFORMED_XML', offset: 5 });
  });

  it('refuses an attribute without a quoted value', () => {
    for (const tag of ['<c r>', '<c r=A1>', '<c r="A1" b c="1">']) {
      expect(errorOf(() => tagsOf(tag)).code).toBe('MALFORMED_XML');
    }
  });

  it('names the line and column where a document stops being well-formed, as saxes does', () => {
    // The third line's `b c="1"`: the attribute b has no value, so the tokenizer stops at c.
    const xml = '<?xml version="1.0"?>\r\n<row>\n  <c r="A1" b c="1"/>\n</row>';
    expect(errorOf(() => tagsOf(xml))).toMatchObject({ code: 'MALFORMED_XML', line: 3, column: 15 });
    // Columns count characters: å and ä are two bytes each in UTF-8, one column each.
    expect(errorOf(() => tagsOf('<t>å</t>\n<t>ä</t><c å="1" x>'))).toMatchObject({ line: 2, column: 19 });
    const doctype = errorOf(() => tagsOf('<?xml version="1.0"?>\n\n  <!DOCTYPE x [<!ENTITY a "b">]>'));
    expect(doctype).toMatchObject({ code: 'DOCTYPE', line: 3, column: 3 });
    expect(doctype.message).toBe('DOCTYPE at line 3, column 3');
  });

  it('counts CR LF, a lone CR and LF as one line end each', () => {
    const bytes = Buffer.from('a\r\nb\rc\nd');
    expect([0, 3, 5, 7].map((offset) => xmlPositionOf(bytes, offset))).toEqual([
      { line: 1, column: 1 },
      { line: 2, column: 1 },
      { line: 3, column: 1 },
      { line: 4, column: 1 },
    ]);
    expect(xmlPositionOf(bytes, 1)).toEqual({ line: 1, column: 2 });
  });

  it('skips comments and processing instructions, with < and > inside', () => {
    const { tags } = tagsOf('<?xml version="1.0"?><!-- <c> --><v><?pi <x>?></v>');
    expect(tags.map((tag) => [tag.name, tag.closing, tag.start])).toEqual([
      ['v', false, 33],
      ['v', true, 46],
    ]);
  });

  it('refuses a DOCTYPE, an ENTITY or a conditional section', () => {
    for (const xml of ['<!DOCTYPE x>', '<v><!ENTITY a "b"></v>', '<t><![INCLUDE[x]]></t>']) {
      expect(errorOf(() => tagsOf(xml)).code).toBe('DOCTYPE');
    }
  });

  it('skips a CDATA section between tags, with tags inside, and reads one in text as text', () => {
    const { tags } = tagsOf('<t><![CDATA[<c r="A1"><!DOCTYPE x>]]></t>');
    expect(tags.map((tag) => [tag.name, tag.closing])).toEqual([
      ['t', false],
      ['t', true],
    ]);
    const tokenizer = new XmlTokenizer();
    const text = Buffer.from('a<![CDATA[<b>]]>c</t>');
    expect(tokenizer.textEnd(text, 0)).toBe(17);
    expect(tokenizer.cdata).toBe(true);
    expect(tokenizer.textEnd(Buffer.from('abc</t>'), 0)).toBe(3);
    expect(tokenizer.cdata).toBe(false);
    // Cut before the section's end (or inside its opening): read again with more bytes.
    expect(tokenizer.textEnd(Buffer.from('a<![CDATA[<b>]]'), 0)).toBe(INCOMPLETE);
    expect(tokenizer.textEnd(Buffer.from('a<![CDA'), 0)).toBe(INCOMPLETE);
  });

  it('stops at a cut tag, comment or name, telling where to read again from', () => {
    const cases: [string, number][] = [
      ['<v>1</v', 4], // the end tag's name runs to the end
      ['<v>1</v ', 4], // no >
      ['<c r="A1>', 0], // the value's quote is not closed
      ['<c r=', 0], // no value yet
      ['<v>1<', 3], // a < without the byte after it: the search began after <v>
      ['<v>1', 3], // no < at all
      ['<v><!-- x -', 3], // the comment is not closed
      ['<v><!-', 3], // nor begun
      ['<v><?pi', 3],
    ];
    for (const [xml, resumeAt] of cases) expect(tagsOf(xml).resumeAt, xml).toBe(resumeAt);
  });

  it('reads a tag in two steps, so that the caller can read the rest of a start tag its own way', () => {
    const bytes = Buffer.from('text<x:c r="B2" s="1">');
    const tokenizer = new XmlTokenizer();
    const afterName = tokenizer.readTagName(bytes, 0);
    expect([tokenizer.tagStart, afterName, tokenizer.closing]).toEqual([4, 8, false]);
    expect(tokenizer.nameIs1(bytes, 0x63)).toBe(true);
    expect(tokenizer.nameIs(bytes, asciiBytes('c'))).toBe(true);
    expect(tokenizer.nameIs(bytes, asciiBytes('x:c'))).toBe(false);
    expect(tokenizer.readAttributes(bytes, afterName)).toBe(bytes.length);
    expect(bytes.toString('latin1', tokenizer.rStart, tokenizer.rEnd)).toBe('B2');
    expect(errorOf(() => tokenizer.readAttributes(Buffer.from('<c r>'), 2))).toMatchObject({
      code: 'MALFORMED_XML',
      line: 1,
      column: 5,
    });
  });

  it('finds where text content ends', () => {
    const tokenizer = new XmlTokenizer();
    expect(tokenizer.textEnd(Buffer.from('<t>å &amp; ä</t>'), 3)).toBe(14);
    expect(tokenizer.textEnd(Buffer.from('<t>cut'), 3)).toBe(INCOMPLETE);
    expect(tokenizer.textEnd(Buffer.from('<t>cut<'), 3)).toBe(INCOMPLETE);
  });

  // How long it takes is `npm run bench`'s ("hostile parts"): a test asserts no time.
  it('finds a tag of 200,000 openings unfinished, and leaves it to be read again from its start', () => {
    const tokenizer = new XmlTokenizer();
    const n = 200_000;
    const parts = [
      `<c r="${'<c '.repeat(n)}`,
      '<v'.repeat(n),
      '</c'.repeat(n),
      '<!--'.repeat(n),
      '<?'.repeat(n),
    ];
    for (const part of parts) {
      const bytes = Buffer.from(`<row>${part}`);
      expect(tokenizer.readTag(bytes, 5)).toBe(INCOMPLETE);
      expect(tokenizer.tagStart).toBe(5);
    }
  });
});
