import { describe, expect, it } from 'vitest';
import {
  documentMutations,
  mutateValues,
  officialCatalogues,
  ourReading,
  parseXml,
  type Random,
  type ReadCatalogue,
  random,
  standardReading,
} from '../../../../test-support/peppolCatalogues';
import { type CatalogueCorrections, writeCorrectedCatalogue } from './correctCatalogue';

/**
 * "Ladda ner rättad fil" for a catalogue (correctCatalogue.ts): whatever the supplier's document
 * looks like (comments after a value that hold its end tag, CDATA, other prefixes, self-closing
 * elements) and whatever was typed (markup characters, `]]>`, `--`, a carriage return), the
 * corrected document is well-formed XML to a standard parser and reads back, with it and with
 * ours, as the sent document with exactly the corrections: each typed value in its element, the
 * lines left out gone, nothing else changed.
 */

/** Our columns with an element in a line (validateCatalogue.ts fieldOfColumn), and the field each is read from. */
const placed: [string, string][] = [
  ['Artikelnummer', 'articleNumber'],
  ['Benämning', 'name'],
  ['Pris', 'price'],
  ['Minsta beställningsantal', 'minimumOrderQuantity'],
  ['Leveranstid (dagar)', 'leadTime'],
  ['Garantivillkor', 'warrantyInformation'],
];
/** Columns the syntax has no element for: kept as a comment on the line. */
const unplaced = ['Garanti antal', 'Garanti enhet', 'Garanti gäller från'];

const typed = [
  '120,50',
  '0',
  'a & b',
  '<cbc:PriceAmount>5</cbc:PriceAmount>',
  'slut ]]> här',
  '-- inte en kommentar --',
  '"citat" och \'apostrof\'',
  'å ä ö Å Ä Ö',
  'emoji 😀 och 𝄞',
  'flik\tmitt i',
  'två\nrader',
  'vagnretur\r\nradslut',
  '&amp; skrivet ut',
  '',
  '  mellanslag runt  ',
  '-',
];

/** Corrections of some lines' cells (also of cells whose element the line lacks) and some lines left out. */
function someCorrections(lineCount: number, r: Random): CatalogueCorrections {
  const cells: { row: number; column: string; value: string }[] = [];
  const leaveOut: number[] = [];
  for (let row = 1; row <= lineCount; row++) {
    if (r.chance(0.15)) {
      leaveOut.push(row);
      continue;
    }
    for (const [column] of placed)
      if (r.chance(0.3)) cells.push({ row, column, value: typed[r.below(typed.length)]! });
    if (r.chance(0.1))
      cells.push({ row, column: unplaced[r.below(unplaced.length)]!, value: typed[r.below(typed.length)]! });
  }
  return { cells, leaveOut };
}

/** What the corrected document must read as: the lines not left out, each corrected value in its element. */
function expected(sent: ReadCatalogue, corrections: CatalogueCorrections): ReadCatalogue {
  const lines = sent.lines.flatMap((line, i) => {
    const row = i + 1;
    if (corrections.leaveOut.includes(row)) return [];
    const corrected = { ...line };
    for (const { row: at, column, value } of corrections.cells) {
      const field = placed.find(([name]) => name === column)?.[1];
      if (at === row && field && corrected[field])
        // Read back as XML reads text: trimmed (the rules trim a cell too).
        corrected[field] = { ...corrected[field]!, value: value.trim() };
    }
    return [corrected];
  });
  return { header: sent.header, lines };
}

async function checkCorrected(name: string, xml: string, corrections: CatalogueCorrections) {
  const written = await writeCorrectedCatalogue(Buffer.from(xml, 'utf8'), corrections);
  const text = written.toString('utf8');
  expect(() => parseXml(text), name).not.toThrow();
  const sent = ourReading(Buffer.from(xml, 'utf8'));
  const want = expected(sent, corrections);
  expect(standardReading(text), name).toEqual(want);
  expect(ourReading(written), name).toEqual(want);
  // A line with a correction that has no element (a column the syntax lacks, or the line) has one comment.
  const hasElement = ({ row, column }: { row: number; column: string }) => {
    const field = placed.find(([header]) => header === column)?.[1];
    return field !== undefined && sent.lines[row - 1]![field] !== undefined;
  };
  const unplacedRows = new Set(
    corrections.cells
      .filter((cell) => !hasElement(cell) && !corrections.leaveOut.includes(cell.row))
      .map((cell) => cell.row),
  );
  expect(text.split('<!-- Rättat i Hjälpmedelsdatabasen').length - 1, name).toBe(unplacedRows.size);
}

describe('a corrected catalogue is well-formed XML and reads back with exactly the corrections', () => {
  const documents = officialCatalogues();

  it('every example, 20 rounds of corrections each', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = random(seed);
      for (const { name, xml } of documents) {
        const lineCount = ourReading(Buffer.from(xml)).lines.length;
        await checkCorrected(`${name}, seed ${seed}`, xml, someCorrections(lineCount, r));
      }
    }
  });

  it('every example written differently (comments holding end tags, CDATA, prefixes, white space), corrected', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = random(1000 + seed);
      for (const { name, xml } of documents) {
        let mutated = mutateValues(xml, r);
        for (const mutate of Object.values(documentMutations)) if (r.chance(0.3)) mutated = mutate(mutated);
        const lineCount = ourReading(Buffer.from(mutated)).lines.length;
        await checkCorrected(`${name}, seed ${seed}`, mutated, someCorrections(lineCount, r));
      }
    }
  });

  const line = (price: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Catalogue xmlns="urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:catalogue:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:catalogue_only:3</cbc:ProfileID>
  <cac:CatalogueLine><cbc:ID>1</cbc:ID><cac:RequiredItemLocationQuantity><cac:Price>${price}</cac:Price></cac:RequiredItemLocationQuantity><cac:Item><cbc:Name/></cac:Item></cac:CatalogueLine>
</Catalogue>`;

  it('replaces a value followed by a comment that holds its end tag where the value is, not at the comment', async () => {
    const xml = line('<cbc:PriceAmount currencyID="SEK">1<!-- </cbc:PriceAmount> --></cbc:PriceAmount>');
    const written = await writeCorrectedCatalogue(Buffer.from(xml), {
      cells: [
        { row: 1, column: 'Pris', value: '2' },
        { row: 1, column: 'Benämning', value: 'Ny & fin' },
      ],
      leaveOut: [],
    });
    expect(written.toString('utf8')).toContain(
      '<cbc:PriceAmount currencyID="SEK">2</cbc:PriceAmount></cac:Price></cac:RequiredItemLocationQuantity><cac:Item><cbc:Name>Ny &amp; fin</cbc:Name></cac:Item>',
    );
    expect(standardReading(written.toString('utf8')).lines[0]!.price).toEqual({
      value: '2',
      attribute: 'SEK',
    });
  });

  it('writes a character XML cannot hold (kept from before corrections refused them) as U+FFFD', async () => {
    const xml = line('<cbc:PriceAmount currencyID="SEK">1</cbc:PriceAmount>');
    const written = await writeCorrectedCatalogue(Buffer.from(xml), {
      cells: [
        { row: 1, column: 'Pris', value: '1\u00002' },
        { row: 1, column: 'Garanti antal', value: '\u0001\ud800' },
      ],
      leaveOut: [],
    });
    const text = written.toString('utf8');
    expect(() => parseXml(text)).not.toThrow();
    expect(standardReading(text).lines[0]!.price?.value).toBe('1\ufffd2');
    expect(text).toContain('Garanti antal: \ufffd\ufffd -->');
  });
});
