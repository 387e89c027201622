import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportRisk } from '#contract/imports';
import { consequencesBesideWarnings, RiskWarnings } from './RiskWarnings';

const risk = (warnings: string[]): ImportRisk => ({
  id: 'risk-1',
  pricelist: { number: '2', status: 'CURRENT' as const },
  priceIncreases: 0,
  largestIncrease: null,
  priceDecreases: 3,
  largestDecrease: { percent: -54.5, articleNumber: 'HMD-0400' },
  medianChangePercent: -40,
  pricesSetToZero: 0,
  removed: 0,
  warnings,
});

it('lists the warnings and says that the import can be undone when no warning does', () => {
  render(<RiskWarnings risk={risk(['3 priser sänks med mer än 25 %: HMD-0400 (−54,5 %).'])} />);
  expect(screen.getByRole('listitem')).toHaveTextContent('HMD-0400 (−54,5 %)');
  expect(screen.getByText('Inläsningen kan ångras efteråt med ”Ångra inläsning”.')).toBeInTheDocument();
});

it('does not say the undo twice', () => {
  render(
    <RiskWarnings
      risk={risk([
        '1 av 4 rader (25 %) tas bort från prislista 2 (Aktuell): HMD-0001. Filen ska innehålla hela prislistan: rader som inte finns i filen tas bort. Inläsningen kan ångras efteråt med ”Ångra inläsning”.',
      ])}
    />,
  );
  expect(screen.getAllByText(/Ångra inläsning/)).toHaveLength(1);
});

describe('what else confirming does, in the same list', () => {
  const removal =
    '12 av 400 rader (3 %), varav 1 som du valde att ta bort, tas bort från prislista 2 (Aktuell): HMD-0001. Filen ska innehålla hela prislistan: rader som inte finns i filen tas bort. Inläsningen kan ångras efteråt med ”Ångra inläsning”.';

  it('names the rows removed, and those the user chose, when no warning says it', () => {
    render(
      <RiskWarnings
        risk={{
          ...risk(['3 priser sänks med mer än 25 %: HMD-0400 (−54,5 %).']),
          removed: 12,
          removedByChoice: 1,
          clearedValues: [{ column: 'Garantivillkor', rows: 1, articleNumbers: ['HMD-0007'] }],
        }}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '3 priser sänks med mer än 25 %: HMD-0400 (−54,5 %).',
      '12 rader tas bort, varav 1 som du valde att ta bort.',
      '1 rad förlorar Garantivillkor: HMD-0007.',
    ]);
  });

  it("says a removal or a clearing once: the server's warning is enough", () => {
    render(
      <RiskWarnings
        risk={{
          ...risk([
            removal,
            '400 rader förlorar Leveranstid (dagar): HMD-0001 och 399 till. En tom cell i en kolumn som filen har tömmer värdet.',
          ]),
          removed: 12,
          removedByChoice: 1,
          clearedValues: [
            { column: 'Leveranstid (dagar)', rows: 400, articleNumbers: ['HMD-0001'] },
            { column: 'Garantivillkor', rows: 3, articleNumbers: ['HMD-0001', 'HMD-0002', 'HMD-0003'] },
          ],
        }}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(3);
    expect(items[2]).toBe('3 rader förlorar Garantivillkor: HMD-0001, HMD-0002, HMD-0003.');
    expect(screen.getAllByText(/tas bort/)).toHaveLength(1);
  });

  it('names five articles and how many more', () => {
    const articleNumbers = ['HMD-0001', 'HMD-0002', 'HMD-0003', 'HMD-0004', 'HMD-0005'];
    expect(
      consequencesBesideWarnings({
        ...risk([]),
        clearedValues: [{ column: 'Leveranstid (dagar)', rows: 400, articleNumbers }],
      }),
    ).toEqual([
      '400 rader förlorar Leveranstid (dagar): HMD-0001, HMD-0002, HMD-0003, HMD-0004, HMD-0005 och 395 till.',
    ]);
  });
});
