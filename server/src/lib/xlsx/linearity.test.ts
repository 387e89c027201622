/**
 * No part of an .xlsx can make the reader do more than linear work: parts of 200,000 openings
 * that are never finished (the way a hostile supplier would stall the validation queue) are
 * read or refused as quickly as a small one, with the same outcome. Before the reader's scans
 * were made single forward passes, the styles cases alone took minutes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adversarialCases } from '../../../../test-support/adversarialWorkbooks';
import { runPriceListValidation } from '../../pricelistFile/workerCalls';
import { isDateFormatCode } from './dateStyles';
import { XlsxError } from './errors';
import { readSheetCells } from './readSheetCells';
import { attributesOf, firstElement, startTags } from './xmlTags';
import { unescapeXml } from './xmlText';

const N = 200_000;

/** What the reader makes of a file: its cells, or the reason it refuses it. */
async function outcomeOf(content: Buffer) {
  try {
    const read = await readSheetCells(content, 'xlsx', 'Prislista');
    return { rows: read?.rows ?? null };
  } catch (error) {
    if (error instanceof XlsxError) return { refused: error.code, detail: error.detail };
    throw error;
  }
}

describe(`the .xlsx reader on parts of ${N.toLocaleString('en')} unfinished openings`, () => {
  // Each case must finish within the default test timeout (30 s); a quadratic scan takes minutes.
  it.each(adversarialCases)('$name: finishes, with the outcome of a small such part', async ({ build }) => {
    const large = await outcomeOf(build(N));
    expect(large).toEqual(await outcomeOf(build(20)));
    if ('refused' in large) expect(large.refused).toBe('MALFORMED_XML');
    else expect(large.rows?.[1]?.cells[0]?.text).toBe('HMD-0001');
  });

  it('reads a styles part of 200,000 unended <cellXfs> in the validation worker, not up to its deadline', async () => {
    const content = adversarialCases.find((c) => c.name.includes('<cellXfs>'))!.build(N);
    const outcome = await runPriceListValidation(
      { content, fileName: 'prislista.xlsx', articleNumbers: [], existingRows: [] },
      { heapMb: 256, deadlineMs: 120_000 },
    );
    // The sheet has no price-list header, so the file is answered with the format problem.
    expect(outcome.summary.type).toBe('INVALID_FORMAT');
  });

  it('reads a styles part of 200,000 <numFmt tags without > in the validation worker', async () => {
    const content = adversarialCases.find((c) => c.name.includes('<numFmt'))!.build(N);
    const outcome = await runPriceListValidation(
      { content, fileName: 'prislista.xlsx', articleNumbers: [], existingRows: [] },
      { heapMb: 256, deadlineMs: 120_000 },
    );
    expect(outcome.summary.type).toBe('INVALID_FORMAT');
  });
});

/**
 * The regular expressions the forward passes replace, kept here as the reference: on any small
 * input both must give the same tags, attributes and date decision.
 */
const reference = {
  startTags(xml: string, localName: string): string[] {
    return xml.match(new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${localName}(?=[\\s/>])[^>]*>`, 'g')) ?? [];
  },
  attributesOf(tag: string): Map<string, string> {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes.set(match[1]!, unescapeXml(match[2] ?? match[3] ?? ''));
    }
    return attributes;
  },
  firstElement(xml: string, localName: string): string {
    return (
      new RegExp(`<(?:\\w+:)?${localName}[\\s>][\\s\\S]*?<\\/(?:\\w+:)?${localName}>`).exec(xml)?.[0] ?? ''
    );
  },
  isDateFormatCode(code: string): boolean {
    const plain = code
      .replace(/"[^"]*"/g, '')
      .replace(/\\./g, '')
      .replace(/[_*]./g, '');
    if (/\[(?:h+|m+|s+)\]/i.test(plain)) return true;
    return /[dmyhs]/i.test(plain.replace(/\[[^\]]*\]/g, '').replace(/general/gi, ''));
  },
};

const markup = (pieces: string[]) =>
  fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));

const xmlPieces = [
  '<',
  '</',
  '>',
  '/>',
  ' ',
  '\t',
  '\u00a0',
  '=',
  '"',
  "'",
  ':',
  'x:',
  '1:',
  '_a.b-c:',
  'a',
  'numFmt',
  'numFmtId',
  'xf',
  'cellXfs',
  'cellXfsX',
  '&amp;',
  '&#65;',
  '<!--',
  '-->',
];

describe('the forward passes give what the regular expressions gave', () => {
  it('startTags', () => {
    fc.assert(
      fc.property(markup(xmlPieces), fc.constantFrom('numFmt', 'xf', 'cellXfs'), (xml, name) => {
        expect(startTags(xml, name)).toEqual(reference.startTags(xml, name));
      }),
      { numRuns: 5_000 },
    );
  });

  it('attributesOf', () => {
    fc.assert(
      fc.property(markup(xmlPieces), (tag) => {
        expect(attributesOf(tag)).toEqual(reference.attributesOf(tag));
      }),
      { numRuns: 5_000 },
    );
  });

  it('firstElement', () => {
    fc.assert(
      fc.property(markup(xmlPieces), (xml) => {
        expect(firstElement(xml, 'cellXfs')).toEqual(reference.firstElement(xml, 'cellXfs'));
      }),
      { numRuns: 5_000 },
    );
  });

  it('isDateFormatCode', () => {
    const codePieces = [
      '[',
      ']',
      'h',
      'm',
      's',
      'd',
      'y',
      'General',
      '"',
      '\\',
      '_',
      '*',
      '0',
      '#',
      ',',
      '.',
      ' ',
    ];
    fc.assert(
      fc.property(markup(codePieces), (code) => {
        expect(isDateFormatCode(code)).toBe(reference.isDateFormatCode(code));
      }),
      { numRuns: 5_000 },
    );
  });

  it('on what real styles hold', () => {
    const tag = '<numFmt numFmtId="164" formatCode="[$-41D]yyyy/mm/dd;@"/>';
    expect(startTags(`<numFmts count="1">${tag}</numFmts>`, 'numFmt')).toEqual([tag]);
    expect(attributesOf(tag)).toEqual(
      new Map([
        ['numFmtId', '164'],
        ['formatCode', '[$-41D]yyyy/mm/dd;@'],
      ]),
    );
    expect(firstElement('<x:cellXfs count="1"><x:xf/></x:cellXfs>', 'cellXfs')).toBe(
      '<x:cellXfs count="1"><x:xf/></x:cellXfs>',
    );
    expect(isDateFormatCode('[Red][<=100]0.00')).toBe(false);
    expect(isDateFormatCode('[h]:mm')).toBe(true);
  });
});
