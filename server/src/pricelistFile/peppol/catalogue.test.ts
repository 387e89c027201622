import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PricelistRowValues, ValidationError } from '#contract';
import { storedRow } from '../../../../test-support/workbooks';
import { ExcelFileError } from '../fileErrors';
import type { PriceListValidationOutcome, PricelistPeriod } from '../types';
import { validatePriceList } from '../validatePricelist';
import { runPriceListValidation } from '../workerCalls';
import { writeCorrectedCatalogue } from './correctCatalogue';
import { detectCatalogue } from './detect';
import { catalogueUtf8 } from './readCatalogue';
import { writeCatalogue } from './writeCatalogue';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const articleNumbers = Array.from({ length: 20 }, (_, i) => `HMD-${String(i + 1).padStart(4, '0')}`);

function validate(
  content: Uint8Array,
  existingRows: PricelistRowValues[] = [],
  options: { fileName?: string; period?: PricelistPeriod } = {},
): Promise<PriceListValidationOutcome> {
  return validatePriceList({
    content,
    fileName: options.fileName ?? 'katalog.xml',
    articleNumbers,
    existingRows,
    ...(options.period && { period: options.period }),
  });
}

function errorsOf(outcome: PriceListValidationOutcome): ValidationError[] {
  if (outcome.summary.type !== 'VALIDATION_ERRORS')
    throw new Error(`expected errors, got ${outcome.summary.type}`);
  return outcome.summary.errors;
}

function changesOf(outcome: PriceListValidationOutcome) {
  if (!('changes' in outcome)) throw new Error(`expected changes, got ${JSON.stringify(outcome.summary)}`);
  return outcome.changes;
}

async function refusal(outcome: Promise<unknown>): Promise<string> {
  const error = await outcome.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ExcelFileError);
  return (error as ExcelFileError).message;
}

const header = (action: string | null, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<Catalogue xmlns="urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:catalogue:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:catalogue_only:3</cbc:ProfileID>
  <cbc:ID>1</cbc:ID>${action === null ? '' : `\n  <cbc:ActionCode>${action}</cbc:ActionCode>`}
  <cbc:IssueDate>2026-11-20</cbc:IssueDate>${extra}`;

interface Line {
  article?: string;
  action?: string;
  price?: string;
  currency?: string;
  moq?: string;
  leadTime?: [string, string];
  warranty?: string;
}

const line = (values: Line, index: number) => `
  <cac:CatalogueLine>
    <cbc:ID>L${index + 1}</cbc:ID>${values.action ? `\n    <cbc:ActionCode>${values.action}</cbc:ActionCode>` : ''}${values.moq ? `\n    <cbc:MinimumOrderQuantity unitCode="C62">${values.moq}</cbc:MinimumOrderQuantity>` : ''}${values.warranty ? `\n    <cbc:WarrantyInformation>${values.warranty}</cbc:WarrantyInformation>` : ''}
    <cac:RequiredItemLocationQuantity>${values.leadTime ? `\n      <cbc:LeadTimeMeasure unitCode="${values.leadTime[1]}">${values.leadTime[0]}</cbc:LeadTimeMeasure>` : ''}${values.price === undefined ? '' : `\n      <cac:Price><cbc:PriceAmount currencyID="${values.currency ?? 'SEK'}">${values.price}</cbc:PriceAmount></cac:Price>`}
    </cac:RequiredItemLocationQuantity>
    <cac:Item>
      <cbc:Name>Rollator</cbc:Name>${values.article === undefined ? '' : `\n      <cac:SellersItemIdentification><cbc:ID>${values.article}</cbc:ID></cac:SellersItemIdentification>`}
    </cac:Item>
  </cac:CatalogueLine>`;

const catalogue = (action: string | null, lines: Line[], extra = '') =>
  Buffer.from(`${header(action, extra)}${lines.map(line).join('')}\n</Catalogue>\n`);

describe('recognising a catalogue by its content', () => {
  it('knows the root element and namespace, whatever the file is called', () => {
    const content = catalogue('Replace', [{ article: 'HMD-0001', price: '10' }]);
    expect(detectCatalogue(content)).toBe('catalogue');
    expect(detectCatalogue(fixture('catalogue-example.xml'))).toBe('catalogue');
    expect(
      detectCatalogue(
        Buffer.from(
          `\ufeff<!-- före -->\n<ubl:Catalogue xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2"/>`,
        ),
      ),
    ).toBe('catalogue');
    expect(
      detectCatalogue(
        Buffer.from('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
      ),
    ).toBeNull();
    expect(detectCatalogue(Buffer.from('<Catalogue xmlns="urn:example"/>'))).toBeNull();
    expect(detectCatalogue(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(
      detectCatalogue(Buffer.from('<?xml version="1.0"?><!DOCTYPE Catalogue [<!ENTITY a "b">]><Catalogue/>')),
    ).toBe('doctype');
  });

  it('reads a catalogue named .xlsx too (the content decides), and an Excel file is read as before', async () => {
    const outcome = await validate(catalogue('Replace', [{ article: 'HMD-0001', price: '10' }]), [], {
      fileName: 'katalog.xlsx',
    });
    expect(outcome.summary).toMatchObject({ type: 'CONFIRM', added: 1 });
  });
});

describe('a gzip-compressed catalogue', () => {
  const content = catalogue('Replace', [
    { article: 'HMD-0001', price: '10' },
    { article: 'HMD-0002', price: '12,50', warranty: 'Två år' },
  ]);

  it('is known by its content and read as the same document', async () => {
    expect(detectCatalogue(gzipSync(content))).toBe('catalogue');
    // Only the start of the stream is unpacked to know it: a long catalogue too.
    const long = catalogue(
      'Replace',
      articleNumbers.map((article) => ({ article, price: '1', warranty: 'x'.repeat(200) })),
    );
    expect(detectCatalogue(gzipSync(long))).toBe('catalogue');
    expect(detectCatalogue(gzipSync(Buffer.from('%PDF-1.7')))).toBeNull();
    const plain = await validate(content, [], { fileName: 'katalog.xml' });
    const packed = await validate(gzipSync(content), [], { fileName: 'katalog.xml.gz' });
    expect(packed).toEqual(plain);
    expect(packed.summary).toMatchObject({ type: 'CONFIRM', added: 2 });
  });

  it('is refused when cut short, or larger unpacked than the limit', async () => {
    expect(await refusal(validate(gzipSync(content).subarray(0, 200)))).toBe(
      'Filen kan inte läsas: den komprimerade katalogen (gzip) är skadad eller ofullständig.',
    );
    // Packed less than 100:1, so that the size is what refuses it.
    const error = await catalogueUtf8(gzipSync(randomBytes(2 ** 20).toString('hex')), 2 ** 20).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ExcelFileError);
    expect((error as ExcelFileError).message).toBe(
      'Katalogen är för stor uppackad. Den får vara högst 1 MB som XML.',
    );
  });
});

describe('the official examples, adapted', () => {
  it('reads the ISO-8859-1 example: prices, quantities, lead time, warranty text with å, ä, ö', async () => {
    const outcome = await validate(fixture('catalogue-example.xml'), [
      storedRow('HMD-0013'),
      storedRow('HMD-0020'),
    ]);
    expect(outcome.summary).toMatchObject({
      type: 'CONFIRM',
      added: 1,
      updated: 1,
      removed: 1,
      unchanged: 0,
    });
    const changes = changesOf(outcome);
    expect(changes.updated[0]!.new).toEqual({
      articleNumber: 'HMD-0013',
      // The Price's amount, not the ItemComparison's (9.00).
      price: '10.00',
      minimumOrderQuantity: 1,
      deliveryTimeDays: 2,
      // Not in the syntax: kept as the price list has them.
      warrantyQuantity: 2,
      warrantyUnit: 'År',
      warrantyValidFrom: 'Leveransdatum',
      warrantyTerms: 'Två års garanti på ramen, även för slitage',
    });
    expect(changes.added).toEqual([
      {
        articleNumber: 'HMD-0014',
        price: '90.00',
        minimumOrderQuantity: 1,
        deliveryTimeDays: null,
        warrantyQuantity: null,
        warrantyUnit: null,
        warrantyValidFrom: null,
        warrantyTerms: null,
      },
    ]);
    expect(changes.removed.map((row) => row.articleNumber)).toEqual(['HMD-0020']);
    const ignored = (outcome.summary as { ignoredElements: string[] }).ignoredElements;
    expect(ignored).toEqual(
      expect.arrayContaining([
        'ID',
        'ProviderParty',
        'CatalogueLine/OrderableUnit',
        'CatalogueLine/LineValidityPeriod',
        'CatalogueLine/RequiredItemLocationQuantity/Price/BaseQuantity',
        'CatalogueLine/Item/Description',
        'CatalogueLine/Item/StandardItemIdentification',
      ]),
    );
    expect(new Set(ignored).size).toBe(ignored.length);
    expect(ignored).not.toContain('CatalogueLine/Item/Name');
  });

  it('Add (use case 1): the whole price list, rows not in it removed', async () => {
    const outcome = await validate(fixture('catalogue-wo-response-use-case-1.xml'), [
      storedRow('HMD-0001', { price: '20.00' }),
      storedRow('HMD-0019'),
    ]);
    expect(outcome.summary).toMatchObject({
      type: 'CONFIRM',
      added: 6,
      updated: 1,
      removed: 1,
      unchanged: 0,
    });
    expect(changesOf(outcome).removed.map((row) => row.articleNumber)).toEqual(['HMD-0019']);
  });

  it('Replace (use case 3): the whole price list; a lead time in weeks is days', async () => {
    const outcome = await validate(fixture('catalogue-wo-response-use-case-3.xml'), [storedRow('HMD-0019')]);
    expect(outcome.summary).toMatchObject({ type: 'CONFIRM', added: 12, updated: 0, removed: 1 });
    const added = changesOf(outcome).added;
    expect(added.find((row) => row.articleNumber === 'HMD-0012')!.deliveryTimeDays).toBe(14);
    expect(added.find((row) => row.articleNumber === 'HMD-0005')!.deliveryTimeDays).toBe(5);
  });

  it('Update (use case 2): only the lines named change; Add and Update set, Delete removes', async () => {
    const existing = [storedRow('HMD-0001'), storedRow('HMD-0002'), storedRow('HMD-0019')];
    const outcome = await validate(fixture('catalogue-wo-response-use-case-2.xml'), existing);
    expect(outcome.summary).toMatchObject({
      type: 'CONFIRM',
      added: 1,
      updated: 1,
      removed: 1,
      unchanged: 1,
    });
    const changes = changesOf(outcome);
    expect(changes.added.map((row) => row.articleNumber)).toEqual(['HMD-0008']);
    expect(changes.updated.map((update) => update.new.articleNumber)).toEqual(['HMD-0001']);
    expect(changes.removed.map((row) => row.articleNumber)).toEqual(['HMD-0002']);
  });

  it('Update: a Delete of a row the price list does not have is an error on that line', async () => {
    const outcome = await validate(fixture('catalogue-wo-response-use-case-2.xml'), [storedRow('HMD-0001')]);
    expect(errorsOf(outcome)).toEqual([
      {
        row: 3,
        articleNumber: 'HMD-0002',
        sheet: 'Peppol-katalog',
        column: 'Artikelnummer',
        fileColumn: expect.stringMatching(
          /^Item\/SellersItemIdentification\/ID \(CatalogueLine 3, ID 3, XML-rad \d+\)$/,
        ),
        message: 'Artikeln finns inte i prislistan och kan inte tas bort (ActionCode Delete).',
        value: 'HMD-0002',
        rule: 'UNKNOWN_ARTICLE',
      },
    ]);
  });

  it('Delete (use case 4) is refused: a price list is never emptied from a catalogue', async () => {
    const message = await refusal(
      validate(fixture('catalogue-wo-response-use-case-4.xml'), [storedRow('HMD-0001')]),
    );
    expect(message).toContain('ActionCode Delete');
    expect(message).toContain('en prislista töms aldrig från en katalog');
  });
});

describe('action codes', () => {
  const existing = [storedRow('HMD-0001'), storedRow('HMD-0002'), storedRow('HMD-0003')];

  it('no ActionCode is the whole list, as Add and Replace', async () => {
    for (const action of [null, 'Add', 'Replace']) {
      const outcome = await validate(
        catalogue(action, [{ article: 'HMD-0001', price: '100.00', leadTime: ['5', 'DAY'] }]),
        existing,
      );
      expect(outcome.summary).toMatchObject({
        type: 'CONFIRM',
        added: 0,
        updated: 0,
        removed: 2,
        unchanged: 1,
      });
    }
  });

  it('Update leaves the rows it does not name as they are', async () => {
    const outcome = await validate(
      catalogue('Update', [
        { article: 'HMD-0001', price: '120' },
        { article: 'HMD-0004', price: '5', action: 'Add' },
      ]),
      existing,
    );
    expect(outcome.summary).toMatchObject({
      type: 'CONFIRM',
      added: 1,
      updated: 1,
      removed: 0,
      unchanged: 2,
    });
  });

  it('an Update that would remove every row is refused', async () => {
    const message = await refusal(
      validate(catalogue('Update', [{ article: 'HMD-0001', action: 'Delete' }]), [storedRow('HMD-0001')]),
    );
    expect(message).toContain('skulle ta bort alla rader');
  });

  it('a line Delete in a whole catalogue, an unknown line code and a Delete and Update of one article are errors', async () => {
    const whole = await validate(catalogue('Replace', [{ article: 'HMD-0001', action: 'Delete' }]), existing);
    expect(errorsOf(whole)[0]).toMatchObject({
      row: 1,
      column: 'ActionCode',
      value: 'Delete',
      rule: 'INVALID_VALID_FROM',
    });
    const unknown = await validate(
      catalogue('Update', [{ article: 'HMD-0001', price: '1', action: 'Change' }]),
      existing,
    );
    expect(errorsOf(unknown)[0]).toMatchObject({ row: 1, column: 'ActionCode', value: 'Change' });
    const twice = await validate(
      catalogue('Update', [
        { article: 'HMD-0001', action: 'Delete' },
        { article: 'HMD-0001', price: '1' },
      ]),
      existing,
    );
    expect(errorsOf(twice)[0]).toMatchObject({ row: 2, rule: 'DUPLICATE_ARTICLE' });
  });

  it('an unknown header ActionCode is refused', async () => {
    expect(await refusal(validate(catalogue('Renew', [{ article: 'HMD-0001', price: '1' }])))).toContain(
      'Använd Add, Replace eller Update',
    );
  });
});

describe('the start date and the chosen price list', () => {
  const period: PricelistPeriod = { number: '2', validFrom: '2026-10-27', nextValidFrom: '2027-01-25' };
  const starting = (date: string) =>
    catalogue(
      'Replace',
      [{ article: 'HMD-0001', price: '1' }],
      `\n  <cac:ValidityPeriod><cbc:StartDate>${date}</cbc:StartDate></cac:ValidityPeriod>`,
    );

  it('fits from the list’s first day to the day before the next list’s', async () => {
    for (const date of ['2026-10-27', '2026-12-01', '2027-01-24'])
      expect((await validate(starting(date), [], { period })).summary.type).toBe('CONFIRM');
    expect((await validate(starting('2020-01-01'), [], {})).summary.type).toBe('CONFIRM');
  });

  /** The format error of a catalogue whose start date does not fit. */
  const problem = async (outcome: ReturnType<typeof validate>) => {
    const { summary } = await outcome;
    if (summary.type !== 'INVALID_FORMAT') throw new Error(`expected INVALID_FORMAT, got ${summary.type}`);
    expect(summary.missingColumns).toEqual([]);
    return summary.catalogueProblem;
  };

  it('before the list or from the next one on is a format error, naming both dates', async () => {
    expect(await problem(validate(starting('2026-10-26'), [], { period }))).toBe(
      'Katalogens startdatum 2026-10-26 (ValidityPeriod/StartDate, XML-rad 10) passar inte prislista 2, som gäller från 2026-10-27. Startdatumet måste vara 2026-10-27 eller senare och före 2027-01-25, då nästa prislista börjar gälla. Välj den prislista som gäller från katalogens startdatum.',
    );
    expect(await problem(validate(starting('2027-01-25'), [], { period }))).toContain('före 2027-01-25');
    const open = await problem(
      validate(starting('2026-01-01'), [], { period: { ...period, nextValidFrom: null } }),
    );
    expect(open).toContain('måste vara 2026-10-27 eller senare.');
    expect(open).not.toContain('nästa prislista');
    expect(await problem(validate(starting('1 maj'), [], { period }))).toContain(
      'är inte ett datum (ÅÅÅÅ-MM-DD)',
    );
  });
});

describe('errors on lines', () => {
  it('name the line, its ID, the element with its XML line, the value and the rule', async () => {
    const outcome = await validate(
      catalogue('Replace', [
        { article: 'HMD-0001', price: '10' },
        { article: 'HMD-0002', price: '12.50', currency: 'EUR' },
        { article: 'HMD-0003', price: '-1', moq: '0', leadTime: ['1', 'MON'] },
        { price: '1' },
        { article: 'HMD-0999', price: 'tio' },
      ]),
    );
    const errors = errorsOf(outcome);
    expect(errors.map((error) => [error.row, error.column, error.rule, error.value])).toEqual([
      [2, 'Pris', 'INVALID_UNIT', '12.50'],
      [3, 'Leveranstid (dagar)', 'INVALID_UNIT', '1'],
      [3, 'Pris', 'NEGATIVE', '-1'],
      [3, 'Minsta beställningsantal', 'LESS_THAN_ONE', '0'],
      [4, 'Artikelnummer', 'REQUIRED', ''],
      [5, 'Artikelnummer', 'UNKNOWN_ARTICLE', 'HMD-0999'],
      [5, 'Pris', 'NOT_A_NUMBER', 'tio'],
    ]);
    expect(errors[0]).toMatchObject({
      articleNumber: 'HMD-0002',
      sheet: 'Peppol-katalog',
      message: 'Valutan är EUR. Pris måste anges i svenska kronor (currencyID="SEK").',
      fileColumn: 'RequiredItemLocationQuantity/Price/PriceAmount (CatalogueLine 2, ID L2, XML-rad 23)',
    });
    expect(errors[0]).not.toHaveProperty('cell');
    expect(errors[1]!.message).toContain('enheten MON');
    expect(outcome.summary).toMatchObject({
      errorCount: 7,
      errorCounts: expect.arrayContaining([
        { column: 'Pris', rule: 'INVALID_UNIT', count: 1, label: 'Pris: 1 värde är inte en tillåten enhet' },
      ]),
      ignoredElements: ['ID', 'IssueDate'],
    });
  });

  it('can be corrected, and lines left out, as a sheet’s rows', async () => {
    const content = catalogue('Replace', [
      { article: 'HMD-0001', price: 'tio' },
      { article: 'HMD-0999', price: '1' },
    ]);
    const outcome = await validatePriceList({
      content,
      fileName: 'katalog.xml',
      articleNumbers,
      existingRows: [],
      columns: { corrections: { cells: [{ row: 1, column: 'Pris', value: '10' }], leaveOut: [2] } },
    });
    expect(changesOf(outcome).added).toMatchObject([{ articleNumber: 'HMD-0001', price: '10.00' }]);
  });
});

describe('PEPPOL-T19 rules on what we read, from their unit tests (adapted)', () => {
  // How each rule shows when it is broken: as a refusal of the document or as a line's error.
  const broken: [string, (outcome: Promise<PriceListValidationOutcome>) => Promise<boolean>][] = [
    ['R001', async (outcome) => (await refusal(outcome)).includes('ValidityPeriod')],
    [
      'R006',
      async (outcome) => errorsOf(await outcome).some((e) => e.column === 'Pris' && e.rule === 'NEGATIVE'),
    ],
    ['R009', async (outcome) => errorsOf(await outcome).some((e) => e.column === 'Minsta beställningsantal')],
    [
      'R012',
      async (outcome) =>
        errorsOf(await outcome).some((e) => e.column === 'Artikelnummer' && e.rule === 'REQUIRED'),
    ],
    ['R017', async (outcome) => (await refusal(outcome)).includes('ProfileID')],
  ];
  for (const [rule, isBroken] of broken) {
    const tests = [
      ...fixture(`PEPPOL-T19-${rule}.xml`)
        .toString('utf8')
        .matchAll(/<test id="(\d+)">([\s\S]*?)<\/test>/g),
    ];
    it.each(tests.map((test) => [rule, test[1]!, test[2]!]))(
      'PEPPOL-T19-%s test %s',
      async (_, _id, body) => {
        const expected = /<error[^>]*>/.test(body) ? 'error' : 'success';
        const document = `<?xml version="1.0" encoding="UTF-8"?>\n${/<Catalogue[\s\S]*<\/Catalogue>/.exec(body)![0]}`;
        const outcome = validate(Buffer.from(document), [storedRow('HMD-0001')]);
        if (expected === 'error') expect(await isBroken(outcome)).toBe(true);
        else expect((await outcome).summary.type).toBe('CONFIRM');
      },
    );
  }
});

describe('what is refused, with a Swedish reason', () => {
  const one = [{ article: 'HMD-0001', price: '1' }];
  const cases: [string, Buffer, string][] = [
    [
      'a DOCTYPE after the declaration',
      Buffer.from(
        catalogue('Replace', one)
          .toString()
          .replace('?>', '?><!DOCTYPE Catalogue SYSTEM "http://example.com/a.dtd">'),
      ),
      'DOCTYPE',
    ],
    [
      'an entity that is not predefined',
      Buffer.from(catalogue('Replace', [{ article: '&xxe;', price: '1' }])),
      'entitetsreferensen &xxe;',
    ],
    [
      'an XInclude',
      Buffer.from(
        catalogue('Replace', one)
          .toString()
          .replace(
            '<cbc:ID>1</cbc:ID>',
            '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd"/>',
          ),
      ),
      'extern referens',
    ],
    ['a document cut short', catalogue('Replace', one).subarray(0, 900), 'inte giltig XML'],
    [
      'mismatched end tags',
      Buffer.from(catalogue('Replace', one).toString().replace('</cbc:IssueDate>', '</cbc:Issue>')),
      'inte giltig XML',
    ],
    [
      'an encoding we do not read',
      Buffer.from(catalogue('Replace', one).toString().replace('UTF-8', 'Shift_JIS')),
      'teckenkodningen Shift_JIS stöds inte',
    ],
    [
      'bytes that are not the UTF-8 it says',
      Buffer.concat([
        catalogue('Replace', [{ article: 'HMD-0001', price: '1', warranty: 'x' }]).subarray(0, 700),
        Buffer.from([0xe5, 0x3c]),
      ]),
      'inte giltig UTF-8',
    ],
    [
      'a header element after the lines',
      Buffer.from(
        catalogue('Replace', one)
          .toString()
          .replace('</Catalogue>', '<cbc:ActionCode>Delete</cbc:ActionCode>\n</Catalogue>'),
      ),
      'Katalogens ActionCode står efter raderna (CatalogueLine).',
    ],
    [
      'another CustomizationID',
      Buffer.from(catalogue('Replace', one).toString().replace('trns:catalogue:3', 'trns:invoice:3')),
      'CustomizationID',
    ],
  ];
  it.each(cases)('%s', async (_, content, reason) => {
    expect(await refusal(validate(content))).toContain(reason);
  });

  it('a billion laughs never gets as far as an entity', async () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n<Catalogue xmlns="urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2">&lol2;</Catalogue>`;
    expect(await refusal(validate(Buffer.from(laughs)))).toBe(
      'Filen innehåller en DOCTYPE-deklaration och läses inte av säkerhetsskäl.',
    );
  });
});

describe('"Ladda ner rättad fil" for a catalogue', () => {
  it('writes the typed values into their elements, takes left-out lines out, and says what has no element', async () => {
    const content = catalogue('Replace', [
      { article: 'HMD-0001', price: 'tio' },
      { article: 'HMD-0002', price: '5', moq: '0' },
      { article: 'HMD-0003', price: '7', warranty: 'Ett år' },
    ]);
    const corrected = (
      await writeCorrectedCatalogue(gzipSync(content), {
        cells: [
          { row: 1, column: 'Pris', value: '12,50' },
          { row: 1, column: 'Garanti antal', value: '2' },
          { row: 3, column: 'Garantivillkor', value: 'Två år <ram>' },
        ],
        leaveOut: [2],
      })
    ).toString('utf8');
    expect(corrected).toContain('<cbc:PriceAmount currencyID="SEK">12,50</cbc:PriceAmount>');
    expect(corrected).toContain(
      '<cac:CatalogueLine><!-- Rättat i Hjälpmedelsdatabasen, utan plats i katalogen: Garanti antal: 2 -->',
    );
    expect(corrected).toContain('<cbc:WarrantyInformation>Två år &lt;ram&gt;</cbc:WarrantyInformation>');
    expect(corrected).not.toContain('HMD-0002');
    expect(corrected).not.toMatch(/\n\s*\n/);
    // Everything else as it was sent: only the three edits differ.
    expect(corrected.replace(/<!--[\s\S]*?-->/, '')).toBe(
      content
        .toString('utf8')
        .replace('>tio<', '>12,50<')
        .replace('>Ett år<', '>Två år &lt;ram&gt;<')
        .replace(/\n {2}<cac:CatalogueLine>\n {4}<cbc:ID>L2<\/cbc:ID>[\s\S]*?<\/cac:CatalogueLine>/, ''),
    );
    expect((await validate(Buffer.from(corrected))).summary).toMatchObject({ type: 'CONFIRM', added: 2 });
  });

  it('writes an ISO-8859-1 catalogue back as UTF-8, saying so in its declaration', async () => {
    const corrected = await writeCorrectedCatalogue(fixture('catalogue-example.xml'), {
      cells: [],
      leaveOut: [],
    });
    expect(corrected.toString('utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect((await validate(corrected)).summary).toEqual(
      (await validate(fixture('catalogue-example.xml'))).summary,
    );
  });
});

describe('in the worker thread, and written back', () => {
  it('gives the same outcome in the worker as in process', async () => {
    const content = fixture('catalogue-wo-response-use-case-3.xml');
    const existing = [storedRow('HMD-0019')];
    const inProcess = await validate(content, existing);
    const inWorker = await runPriceListValidation(
      { content: new Uint8Array(content), fileName: 'katalog.xml', articleNumbers, existingRows: existing },
      { heapMb: 256, deadlineMs: 10_000 },
    );
    expect(inWorker.summary).toEqual(inProcess.summary);
  });

  it('a price list written as a catalogue reads back unchanged', async () => {
    const rows = [
      storedRow('HMD-0001', { warrantyTerms: 'Garanti <& "ramen">' }),
      storedRow('HMD-0002', { deliveryTimeDays: null, price: '0.50' }),
      storedRow('HMD-0003', { warrantyQuantity: null, warrantyUnit: null, warrantyValidFrom: null }),
    ];
    const xml = writeCatalogue({
      id: '2',
      issueDate: '2026-11-26',
      startDate: '2026-10-27',
      supplierName: 'Hjälpmedel Demo AB',
      rows: rows.map((values) => ({ values, articleName: `Namn på ${values.articleNumber}` })),
    });
    // No organisation number known: the parties by name only, never a made-up identifier.
    expect(xml).not.toContain('EndpointID');
    expect(xml).toContain('<cbc:RegistrationName>Hjälpmedel Demo AB</cbc:RegistrationName>');
    const outcome = await validate(Buffer.from(xml), rows, {
      period: { number: '2', validFrom: '2026-10-27', nextValidFrom: null },
    });
    expect(outcome.summary).toEqual({
      type: 'CONFIRM',
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: 3,
      ignoredElements: ['ID', 'IssueDate', 'ProviderParty', 'ReceiverParty'],
    });
  });
});
