import { describe, expect, it } from 'vitest';
import {
  columnChoiceProblems,
  commonHeaderNames,
  type FileSheet,
  fileColumnLabel,
  fileColumnOf,
  headerSetKey,
  matchKey,
  savedColumnOf,
  suggestColumns,
  wordKey,
} from './columnMapping';
import { priceListColumns } from './domain';

const sheetOf = (headers: string[], name = 'Blad1'): FileSheet => ({
  name,
  columns: headers.map((header, i) => ({ column: String.fromCharCode(65 + i), header })),
});

describe('comparing header names', () => {
  it('ignores case, diacritics, spaces and punctuation', () => {
    expect(matchKey('Art.nr')).toBe(matchKey(' art nr '));
    expect(matchKey('À-pris')).toBe(matchKey('a pris'));
    expect(matchKey('Leveranstid (dagar)')).toBe('leveranstiddagar');
    expect(matchKey('Pris')).not.toBe(matchKey('Prislista'));
  });
});

describe('the suggested mapping', () => {
  it.each([
    [
      'Artikelnummer',
      ['Art.nr', 'Artikelnr', 'Artikel nr', 'Article number', 'Item no', 'SKU', 'Lev. art.nr'],
    ],
    ['Pris', ['Pris (SEK)', 'Pris exkl. moms', 'À-pris', 'Price', 'Unit price']],
    ['Minsta beställningsantal', ['Min. antal', 'Min order', 'MOQ']],
    ['Leveranstid (dagar)', ['Ledtid', 'Lead time']],
  ])('knows the common names of %s', (ours, names) => {
    for (const name of names) {
      expect(suggestColumns(sheetOf(['Något annat', name])).columns).toEqual({ [ours]: 'B' });
    }
  });

  it.each([
    ['Artikelnummer', ['Art.-nr', 'Lev art nr', 'Leverantörens art.nr', 'Item code', 'Varunr']],
    ['Benämning', ['Artikelbeskrivning', 'Varubenämning', 'Product description', 'Artikeltext']],
    [
      'Pris',
      ['Pris i SEK', 'Pris (kr)', 'Pris per st', 'Pris ex moms', 'Avtalspris', 'Price excl VAT (SEK)'],
    ],
    [
      'Minsta beställningsantal',
      ['Min. antal (st)', 'Minsta beställning', 'Min. order qty', 'Minimum order'],
    ],
    [
      'Leveranstid (dagar)',
      ['Lev.tid (dagar)', 'Lev tid', 'Leveranstid dagar', 'Ledtid', 'Lead time (days)'],
    ],
    ['Garanti antal', ['Garanti (månader)', 'Garantitid (år)', 'Warranty (months)', 'Garantilängd']],
    ['Garanti enhet', ['Garanti enhet', 'Garantienhet', 'Garanti tidsenhet', 'Warranty unit']],
    ['Garanti gäller från', ['Garanti gäller från', 'Garantistart', 'Warranty start']],
    ['Garantivillkor', ['Garanti villkor', 'Garantitext', 'Warranty terms']],
  ])('compares the words of a header with the names of %s, units and fillers left out', (ours, names) => {
    for (const name of names) {
      expect(suggestColumns(sheetOf(['Något annat', name])).columns, name).toEqual({ [ours]: 'B' });
    }
  });

  it('leaves units and fillers out of the words, and matches nothing with them alone', () => {
    expect(wordKey('Lev.tid (dagar)')).toBe(wordKey('Lev tid'));
    expect(wordKey('Leveranstid i arbetsdagar')).toBe('leveranstid');
    expect(wordKey('Pris/st (SEK)')).toBe('pris');
    expect(wordKey('Garanti enhet')).toBe('garantienhet');
    expect(wordKey('Dagar')).toBe('');
    expect(suggestColumns(sheetOf(['Dagar', 'SEK', 'st'])).columns).toEqual({});
  });

  it('gives each name to one of our columns only, so a specific header never goes to a vaguer column', () => {
    const owner = new Map<string, string>();
    for (const { header } of priceListColumns) {
      for (const name of [header, ...commonHeaderNames[header]]) {
        for (const key of [matchKey(name), wordKey(name)]) {
          expect(owner.get(key) ?? header, `${name} is also a name of ${owner.get(key)}`).toBe(header);
          owner.set(key, header);
        }
      }
    }
    // "Garanti enhet" is the unit, though its first word is Garanti antal's name, and wherever it stands.
    expect(suggestColumns(sheetOf(['Garanti enhet', 'Garanti'])).columns).toEqual({
      'Garanti enhet': 'A',
      'Garanti antal': 'B',
    });
    expect(suggestColumns(sheetOf(['Garanti enhet'])).columns).toEqual({ 'Garanti enhet': 'A' });
    expect(suggestColumns(sheetOf(['Garantitid enhet', 'Garantitid (mån)'])).columns).toEqual({
      'Garanti enhet': 'A',
      'Garanti antal': 'B',
    });
    // A header naming the column as written wins over one that only has its words.
    expect(suggestColumns(sheetOf(['Ledtid i dagar', 'Ledtid'])).columns).toEqual({
      'Leveranstid (dagar)': 'B',
    });
    expect(suggestColumns(sheetOf(['Pris i kr', 'Nettopris'])).columns).toEqual({ Pris: 'B' });
  });

  it('prefers our own name, takes each file column once and leaves unknown columns out', () => {
    const sheet = sheetOf(['Pris (SEK)', 'Pris', 'Art.nr', 'Lagersaldo', 'Art.nr']);
    expect(suggestColumns(sheet).columns).toEqual({ Pris: 'B', Artikelnummer: 'C' });
  });

  it("takes the organisation's saved choice where its header is still there", () => {
    const sheet = sheetOf(['Nr', 'Pris', 'Netto']);
    const saved = {
      sheet: 'Blad1',
      columns: { Artikelnummer: { header: 'Nr', occurrence: 1 }, Pris: { header: 'Netto', occurrence: 1 } },
    };
    expect(suggestColumns(sheet, saved).columns).toEqual({ Artikelnummer: 'A', Pris: 'C' });
    // A saved header gone from the file is simply not preselected.
    const gone = {
      ...saved,
      columns: { ...saved.columns, Artikelnummer: { header: 'Artikel-id', occurrence: 1 } },
    };
    expect(suggestColumns(sheet, gone).columns).toEqual({ Pris: 'C' });
  });

  it('tells repeated headers apart by which of them it is', () => {
    const sheet = sheetOf(['Pris', 'Art.nr', 'Pris']);
    expect(savedColumnOf(sheet, 'C')).toEqual({ header: 'Pris', occurrence: 2 });
    expect(savedColumnOf(sheet, 'A')).toEqual({ header: 'Pris', occurrence: 1 });
  });
});

describe('a chosen mapping', () => {
  const sheet = sheetOf(['Art.nr', 'Pris exkl. moms', '', 'Min. order']);

  it('needs every required column, each file column at most once', () => {
    const problems = columnChoiceProblems(
      { sheet: 'Blad1', columns: { Artikelnummer: 'A', Pris: 'B', Benämning: 'B' } },
      sheet,
    );
    expect(Object.fromEntries(problems)).toEqual({
      Pris: 'Kolumnen B: Pris exkl. moms är redan vald för Benämning. Varje kolumn i filen kan bara användas en gång.',
      'Minsta beställningsantal': 'Välj vilken kolumn i filen som är Minsta beställningsantal.',
    });
    const fine = {
      sheet: 'Blad1',
      columns: { Artikelnummer: 'A', Pris: 'B', 'Minsta beställningsantal': 'D' },
    };
    expect(columnChoiceProblems(fine, sheet).size).toBe(0);
  });

  it('names a column the sheet does not have', () => {
    const problems = columnChoiceProblems(
      { sheet: 'Blad1', columns: { Artikelnummer: 'A', Pris: 'B', 'Minsta beställningsantal': 'Q' } },
      sheet,
    );
    expect(problems.get('Minsta beställningsantal')).toBe('Fliken Blad1 har ingen kolumn Q.');
  });

  it('shows a column by its letter and header, an empty header by its letter alone', () => {
    expect(fileColumnLabel({ column: 'B', header: 'Pris exkl. moms' })).toBe('B: Pris exkl. moms');
    expect(fileColumnLabel({ column: 'C', header: '' })).toBe('C');
  });

  it("names the file's own column in errors only when it differs from ours", () => {
    const columns = [
      { column: 'Pris', fileColumn: 'C', fileHeader: 'Pris exkl. moms' },
      { column: 'Artikelnummer', fileColumn: 'A', fileHeader: 'artikelnummer' },
      { column: 'Minsta beställningsantal', fileColumn: 'D', fileHeader: '' },
    ];
    expect(fileColumnOf(columns, 'Pris')).toBe('Pris exkl. moms (kolumn C)');
    expect(fileColumnOf(columns, 'Artikelnummer')).toBeUndefined();
    expect(fileColumnOf(columns, 'Minsta beställningsantal')).toBe('kolumn D');
    expect(fileColumnOf(undefined, 'Pris')).toBeUndefined();
  });
});

describe('the key a saved mapping is found by', () => {
  it('is the sheet and the set of header names, whatever their order', () => {
    expect(headerSetKey(sheetOf(['Art.nr', 'Pris']))).toBe(headerSetKey(sheetOf(['pris', 'ART NR'])));
    expect(headerSetKey(sheetOf(['Art.nr', 'Pris']))).not.toBe(
      headerSetKey(sheetOf(['Art.nr', 'Pris', 'Moms'])),
    );
    expect(headerSetKey(sheetOf(['Art.nr']))).not.toBe(headerSetKey(sheetOf(['Art.nr'], 'Blad2')));
  });
});
