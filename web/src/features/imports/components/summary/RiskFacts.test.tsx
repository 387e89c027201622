import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { ImportRisk } from '#contract/imports';
import { RiskFacts } from './RiskFacts';

const risk: ImportRisk = {
  id: 'r1',
  pricelist: { number: '2', status: 'FUTURE' },
  priceIncreases: 4,
  largestIncrease: { percent: 12.5, articleNumber: 'HMD-0042' },
  priceDecreases: 0,
  largestDecrease: null,
  medianChangePercent: 3,
  pricesSetToZero: 0,
  removed: 12,
  warnings: [],
};
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

it('says how many of the removed rows the user chose to remove', () => {
  render(<RiskFacts risk={{ ...risk, removedByChoice: 1 }} />);
  expect(fact('Rader som tas bort')).toHaveTextContent('12, varav 1 som du valde att ta bort');
});

it('names every emptied column, also one the server does not call a risk', () => {
  render(
    <RiskFacts
      risk={{
        ...risk,
        removedByChoice: 0,
        clearedValues: [
          { column: 'Leveranstid (dagar)', rows: 400, articleNumbers: ['HMD-0001', 'HMD-0002'] },
          { column: 'Garantivillkor', rows: 1, articleNumbers: ['HMD-0007'] },
        ],
      }}
    />,
  );
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    '400 rader förlorar Leveranstid (dagar): HMD-0001, HMD-0002 och 398 till.',
    '1 rad förlorar Garantivillkor: HMD-0007.',
  ]);
  // None chosen: the count above says it all.
  expect(screen.queryByText('Rader som tas bort')).not.toBeInTheDocument();
});

it('says "Inga" when nothing is emptied, and nothing for a summary from before the facts', () => {
  const { unmount } = render(<RiskFacts risk={{ ...risk, clearedValues: [] }} />);
  expect(fact('Värden som töms')).toHaveTextContent('Inga');
  unmount();
  render(<RiskFacts risk={risk} />);
  expect(screen.queryByText('Värden som töms')).not.toBeInTheDocument();
  expect(screen.queryByText('Rader som tas bort')).not.toBeInTheDocument();
});
