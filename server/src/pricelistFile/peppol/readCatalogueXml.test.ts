import { describe, expect, it } from 'vitest';
import {
  documentMutations,
  mutateValues,
  officialCatalogues,
  ourReading,
  type ReadCatalogue,
  random,
  standardReading,
} from '../../../../test-support/peppolCatalogues';
import { ExcelFileError } from '../fileErrors';

/**
 * Our reader (readCatalogue.ts) reads a catalogue as XML does: the official examples, and the
 * same documents written differently in every way XML allows (comments, processing instructions
 * and CDATA inside values, other prefixes and default namespaces, elements of other namespaces
 * with UBL's names, white space, character references, CR LF), give the same header and lines
 * as a standard parser with namespaces (saxes, test-support/peppolCatalogues.ts).
 */

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const OTHER = 'urn:example:annan-namnrymd';

const readsAlike = (xml: string): [ReadCatalogue, ReadCatalogue] => [
  ourReading(Buffer.from(xml, 'utf8')),
  standardReading(xml),
];

describe('our reader and a standard XML parser read a catalogue alike', () => {
  const documents = officialCatalogues();

  it.each(documents.map((document) => [document.name, document.xml]))('%s as it is', (_, xml) => {
    const [ours, standard] = readsAlike(xml);
    expect(ours.lines.length).toBeGreaterThan(0);
    expect(ours).toEqual(standard);
  });

  it.each(Object.entries(documentMutations))('every example, %s', (_, mutate) => {
    for (const { name, xml } of documents) {
      const mutated = mutate(xml);
      expect(mutated, name).not.toBe(xml);
      const [ours, standard] = readsAlike(mutated);
      expect(ours, name).toEqual(standard);
      expect(ours, name).toEqual(ourReading(Buffer.from(xml)));
    }
  });

  it('every example with its values written in other ways (comments, CDATA, references, white space), 30 times', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const r = random(seed);
      for (const { name, xml } of documents) {
        let mutated = mutateValues(xml, r);
        for (const mutate of Object.values(documentMutations)) if (r.chance(0.3)) mutated = mutate(mutated);
        const [ours, standard] = readsAlike(mutated);
        expect(ours, `${name}, seed ${seed}`).toEqual(standard);
      }
    }
  });
});

describe('what XML reads differently from a naive tag loop', () => {
  const document = (header: string, line: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Catalogue xmlns="urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2" xmlns:cac="${CAC}" xmlns:cbc="${CBC}">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:catalogue:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:catalogue_only:3</cbc:ProfileID>${header}
  <cac:CatalogueLine>
    <cbc:ID>1</cbc:ID>${line}
  </cac:CatalogueLine>
</Catalogue>`;
  const price = (amount: string) =>
    `<cac:RequiredItemLocationQuantity><cac:Price><cbc:PriceAmount currencyID="SEK">${amount}</cbc:PriceAmount></cac:Price></cac:RequiredItemLocationQuantity>`;
  const refusal = (xml: string) => {
    try {
      ourReading(Buffer.from(xml));
    } catch (error) {
      expect(error).toBeInstanceOf(ExcelFileError);
      return (error as Error).message;
    }
    throw new Error('read without a refusal');
  };

  it('reads the text around a comment, an instruction and CDATA as one value: 1<!-- x -->05.00 is 105.00', () => {
    for (const amount of [
      '1<!-- x -->05.00',
      '1<?pi x?>05.00',
      '1<![CDATA[05]]>.00',
      '10&#53;.00',
      ' 105.00 ',
    ]) {
      const [ours, standard] = readsAlike(document('', price(amount)));
      expect(ours.lines[0]!.price, amount).toEqual({ value: '105.00', attribute: 'SEK' });
      expect(ours).toEqual(standard);
    }
  });

  it('reads elements by namespace: another namespace’s CatalogueLine is no line, another prefix for UBL’s is', () => {
    const xml = document('', price('5')).replace(
      '</Catalogue>',
      `<x:CatalogueLine xmlns:x="${OTHER}"><x:ID>2</x:ID></x:CatalogueLine><u:CatalogueLine xmlns:u="${CAC}" xmlns:v="${CBC}"><v:ID>3</v:ID></u:CatalogueLine></Catalogue>`,
    );
    const [ours, standard] = readsAlike(xml);
    expect(ours.lines.map((line) => line.id?.value)).toEqual(['1', '3']);
    expect(ours).toEqual(standard);
  });

  it('refuses a header element twice, naming both XML lines', () => {
    const twice = document(
      '\n  <cbc:ActionCode>Replace</cbc:ActionCode>\n  <cbc:ActionCode>Delete</cbc:ActionCode>',
      price('1'),
    );
    expect(refusal(twice)).toBe(
      'Katalogens ActionCode finns två gånger (XML-rad 5 och 6). Varje element i katalogens huvud får bara finnas en gång.',
    );
    const period = `\n  <cac:ValidityPeriod><cbc:StartDate>2026-01-01</cbc:StartDate></cac:ValidityPeriod>`;
    expect(refusal(document(period + period, price('1')))).toMatch(
      /^Katalogens ValidityPeriod\/StartDate finns två gånger/,
    );
  });

  it('refuses a value that holds an element, a prefix never declared and a reference to a character XML does not allow', () => {
    expect(refusal(document('', price('1<cbc:Note>x</cbc:Note>0')))).toBe(
      'Katalogens CatalogueLine/RequiredItemLocationQuantity/Price/PriceAmount (XML-rad 6) innehåller ett element. Elementet får bara innehålla ett värde.',
    );
    expect(refusal(document('', '<z:Note>x</z:Note>'))).toBe(
      'Filen kan inte läsas: katalogen är inte giltig XML: ett namnrymdsprefix används utan att vara deklarerat (xmlns).',
    );
    for (const bad of ['&#1;', '&#xFFFE;', '&#xD800;', '<!-- a -- b -->', '<![CDATA[x'])
      expect(refusal(document('', price(`1${bad}`))), bad).toMatch(/^Filen kan inte läsas/);
    expect(refusal(document('', '<cbc:Note a="1" a="2">x</cbc:Note>'))).toBe(
      'Filen kan inte läsas: katalogen är inte giltig XML.',
    );
  });

  it('reads a line written <cac:CatalogueLine/> as a line, as XML does', () => {
    const xml = document('', price('1')).replace('</Catalogue>', '<cac:CatalogueLine/></Catalogue>');
    const [ours, standard] = readsAlike(xml);
    expect(ours.lines).toHaveLength(2);
    expect(ours).toEqual(standard);
  });
});
