import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTime } from './DateTime';
import { FileName, fileNameParts } from './FileName';

describe('file names that break only at their separators', () => {
  it('ends each part after a separator, and the parts make the name', () => {
    expect(fileNameParts('prislista_2026-11.xlsx')).toEqual(['prislista_', '2026-', '11.', 'xlsx']);
    expect(fileNameParts('artiklar_import.xlsx')).toEqual(['artiklar_', 'import.', 'xlsx']);
    expect(fileNameParts('prislista.xlsx')).toEqual(['prislista.', 'xlsx']);
    expect(fileNameParts('a__b--c')).toEqual(['a__', 'b--', 'c']);
    expect(fileNameParts('Prislista 2026 v2.xlsx')).toEqual(['Prislista ', '2026 ', 'v2.', 'xlsx']);
    expect(fileNameParts('utansepararer')).toEqual(['utansepararer']);
    expect(fileNameParts('')).toEqual([]);
    for (const name of ['_._', 'a.b_c-d e', '.xlsx', 'prislista-', 'åäö_ÅÄÖ.xls'])
      expect(fileNameParts(name).join('')).toBe(name);
  });

  it('puts a <wbr> between the parts, and the text stays the name', () => {
    const { container } = render(<FileName name="prislista_2026-11.xlsx" />);
    expect(container.textContent).toBe('prislista_2026-11.xlsx');
    expect(container.innerHTML).toBe('prislista_<wbr>2026-<wbr>11.<wbr>xlsx');
  });
});

describe('a date and time in a narrow column', () => {
  it('breaks only at the space between them', () => {
    const { container } = render(<DateTime iso="2026-05-04T11:45:00.000Z" />);
    expect(container.textContent).toMatch(/^2026-05-04 \d{2}:45$/);
    expect([...container.querySelectorAll('.nowrap')].map((span) => span.textContent)).toEqual([
      '2026-05-04',
      expect.stringMatching(/^\d{2}:45$/),
    ]);
    expect(render(<DateTime iso={null} />).container.textContent).toBe('-');
  });
});
