import { describe, expect, it } from 'vitest';
import { officialCatalogues, ourReading } from '../../../../test-support/peppolCatalogues';
import { ExcelFileError } from '../fileErrors';
import { utf8Of } from './catalogueEncoding';
import { writeCorrectedCatalogue } from './correctCatalogue';
import { detectCatalogue } from './detect';

/**
 * A catalogue in UTF-16 or UTF-32 (what a Windows program's XML writer often gives), with a
 * byte-order mark or without: known at the upload and read as the same document in UTF-8.
 */

type Form = 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';

function encoded(text: string, form: Form, bom: boolean): Buffer {
  const withBom = bom ? `\ufeff${text}` : text;
  if (form.startsWith('UTF-16')) {
    const units = Buffer.from(withBom, 'utf16le');
    return form === 'UTF-16BE' ? units.swap16() : units;
  }
  const points = [...withBom].map((character) => character.codePointAt(0)!);
  const bytes = Buffer.alloc(points.length * 4);
  for (const [i, point] of points.entries()) {
    if (form === 'UTF-32LE') bytes.writeUInt32LE(point, i * 4);
    else bytes.writeUInt32BE(point, i * 4);
  }
  return bytes;
}

const forms: Form[] = ['UTF-16LE', 'UTF-16BE', 'UTF-32LE', 'UTF-32BE'];
const declared = (xml: string, form: Form) =>
  xml.replace(/encoding="UTF-8"/, `encoding="${form.slice(0, 6)}"`);

describe('a catalogue in UTF-16 or UTF-32', () => {
  const examples = officialCatalogues().filter(({ name }) => !name.startsWith('PEPPOL'));

  it.each(forms.flatMap((form) => [[form, 'with'] as const, [form, 'without'] as const]))(
    'in %s %s a byte-order mark is known and read as in UTF-8, and corrected as UTF-8',
    async (form, bom) => {
      for (const { name, xml } of examples) {
        const content = encoded(declared(xml, form), form, bom === 'with');
        expect(detectCatalogue(content), name).toBe('catalogue');
        const inUtf8 = ourReading(Buffer.from(xml, 'utf8'));
        expect(ourReading(content), name).toEqual(inUtf8);
        const corrected = await writeCorrectedCatalogue(content, {
          cells: [{ row: 1, column: 'Pris', value: '7' }],
          leaveOut: [],
        });
        expect(corrected.toString('utf8'), name).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
        // Where the first line has a price (a line that deletes an article has none).
        expect(ourReading(corrected).lines[0]!.price?.value, name).toBe(inUtf8.lines[0]!.price && '7');
      }
    },
  );

  it('refuses one that is not whole characters of its form, naming XML and the form', () => {
    const xml = examples[0]!.xml;
    const cases: [Buffer, string][] = [
      [encoded(declared(xml, 'UTF-16LE'), 'UTF-16LE', true).subarray(0, -1), 'UTF-16'],
      [
        Buffer.concat([
          encoded('<?xml version="1.0"?><a>', 'UTF-16LE', true),
          Buffer.from([0x00, 0xd8, 0x3c, 0x00]),
        ]),
        'UTF-16',
      ],
      [
        Buffer.concat([
          encoded('<?xml version="1.0"?><a>', 'UTF-32BE', true),
          Buffer.from([0x00, 0x11, 0x00, 0x00]),
        ]),
        'UTF-32',
      ],
    ];
    for (const [content, form] of cases) {
      let thrown: unknown;
      try {
        utf8Of(content);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ExcelFileError);
      expect((thrown as Error).message).toBe(
        `Filen kan inte läsas: den är inte giltig ${form}, som XML-dokumentet är skrivet i.`,
      );
    }
  });

  it('is not taken for a catalogue when it is another document', () => {
    expect(
      detectCatalogue(
        encoded(
          '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
          'UTF-16LE',
          true,
        ),
      ),
    ).toBeNull();
    expect(detectCatalogue(encoded('<?xml version="1.0"?><!DOCTYPE x><Catalogue/>', 'UTF-16BE', false))).toBe(
      'doctype',
    );
  });
});
