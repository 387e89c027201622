import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { RiskWarnings } from './RiskWarnings';

const risk = (warnings: string[]) => ({
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
