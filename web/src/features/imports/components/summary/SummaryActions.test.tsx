import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ImportStatus, importStatuses } from '#contract/domain';
import { renderInApp } from '../../../../test/render';
import { anImport } from '../../test/anImport';
import { SummaryActions } from './SummaryActions';

/** The summary's buttons by status (docs/product.md, "Imports: types, statuses, flow", points 2 to 4). */
const expected: Record<ImportStatus, string[]> = {
  VALIDATION_PENDING: ['Radera'],
  VALIDATION_SUCCESS: ['Läs in', 'Radera'],
  VALIDATION_FAIL: ['Läs in ny fil', 'Radera'],
  VALIDATION_ERROR: ['Radera'],
  IMPORT_PENDING: ['Radera'],
  IMPORT_SUCCESS: [],
  IMPORT_FAIL: ['Radera'],
  IMPORT_ERROR: ['Radera'],
  IMPORT_ABORTED: ['Radera'],
};

describe.each(importStatuses)('the summary of an import in %s', (status) => {
  it(`offers ${expected[status].join(', ') || 'no button'}`, () => {
    renderInApp(<SummaryActions organizationId={1} item={anImport(status)} onReplaced={() => {}} />);
    expect(screen.queryAllByRole('button').map((button) => button.textContent)).toEqual(expected[status]);
  });
});

it('asks before deleting, and "Nej" keeps the import', async () => {
  const user = userEvent.setup();
  renderInApp(<SummaryActions organizationId={1} item={anImport('VALIDATION_FAIL')} onReplaced={() => {}} />);
  await user.click(screen.getByRole('button', { name: 'Radera' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Vill du radera filen och dess sammanfattning?' });
  expect(dialog).toContainElement(screen.getByRole('button', { name: 'Ja, Radera' }));
  // It says which file of which price list goes, and the destructive button looks like one.
  expect(dialog).toHaveAccessibleDescription('Filen ”prislista.xlsx” för prislista 2 raderas.');
  expect(screen.getByRole('button', { name: 'Ja, Radera' })).toHaveClass('danger');
  expect(screen.getByRole('button', { name: 'Nej' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Nej' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Radera' })).toHaveFocus());
});

it('"Radera" stands apart from the primary "Läs in"', () => {
  renderInApp(
    <SummaryActions organizationId={1} item={anImport('VALIDATION_SUCCESS')} onReplaced={() => {}} />,
  );
  const confirm = screen.getByRole('button', { name: 'Läs in' });
  const remove = screen.getByRole('button', { name: 'Radera' });
  expect(remove.closest('.summary-actions__delete')).not.toBeNull();
  expect(confirm.closest('.summary-actions__delete')).toBeNull();
});

it('asks before applying a risky import, names its risks, and "Avbryt" applies nothing', async () => {
  const user = userEvent.setup();
  const risk = {
    id: 'risk-1',
    pricelist: { number: '2', status: 'CURRENT' as const },
    priceIncreases: 0,
    largestIncrease: null,
    priceDecreases: 0,
    largestDecrease: null,
    medianChangePercent: null,
    pricesSetToZero: 0,
    removed: 380,
    warnings: [
      '380 av 400 rader (95 %) tas bort från prislista 2 (Aktuell): HMD-0001, HMD-0002, HMD-0003, HMD-0004, HMD-0005 och 375 till. Filen ska innehålla hela prislistan: rader som inte finns i filen tas bort. Inläsningen kan ångras efteråt med ”Ångra inläsning”.',
    ],
  };
  renderInApp(
    <SummaryActions
      organizationId={1}
      item={anImport('VALIDATION_SUCCESS')}
      risk={risk}
      onReplaced={() => {}}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Läs in' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Vill du läsa in filen ändå?' });
  expect(dialog).toHaveTextContent('380 av 400 rader (95 %) tas bort från prislista 2 (Aktuell)');
  expect(dialog).toHaveTextContent('HMD-0001, HMD-0002, HMD-0003, HMD-0004, HMD-0005 och 375 till');
  expect(dialog).toHaveTextContent('Filen ska innehålla hela prislistan');
  // The wording scales: no "stora ändringar", and the undo is said once.
  expect(dialog).toHaveTextContent('Inläsningen ändrar prislistan så här:');
  expect(dialog).not.toHaveTextContent('stora ändringar');
  expect(dialog.textContent?.match(/Ångra inläsning/g)).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Ja, läs in ändå' })).toHaveClass('danger');
  // Enter alone does not apply it: the safe choice has the focus.
  expect(screen.getByRole('button', { name: 'Avbryt' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Avbryt' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Läs in' })).toHaveFocus());
});

it('offers "Ångra inläsning" on the latest applied import, says what happens, and "Avbryt" changes nothing', async () => {
  const user = userEvent.setup();
  renderInApp(
    <SummaryActions
      organizationId={1}
      item={{ ...anImport('IMPORT_SUCCESS'), undoable: true }}
      onReplaced={() => {}}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Ångra inläsning' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Vill du ångra inläsningen?' });
  expect(dialog).toHaveTextContent(
    'Prislista 2 får tillbaka exakt de rader den hade före inläsningen av ”prislista.xlsx”',
  );
  expect(screen.getByRole('button', { name: 'Ja, ångra' })).toHaveClass('danger');
  expect(screen.getByRole('button', { name: 'Avbryt' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Avbryt' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Ångra inläsning' })).toHaveFocus());
});

it('offers no undo on an applied import that is not the latest, or is undone', () => {
  renderInApp(
    <SummaryActions
      organizationId={1}
      item={{
        ...anImport('IMPORT_SUCCESS'),
        undoable: false,
        undone: { at: '2026-11-24T10:00:00.000Z', byFullName: 'Lev Admin' },
      }}
      onReplaced={() => {}}
    />,
  );
  expect(screen.queryAllByRole('button')).toEqual([]);
});

it('offers "Läs in" only once the summary it confirms is there', () => {
  renderInApp(
    <SummaryActions
      organizationId={1}
      item={anImport('VALIDATION_SUCCESS')}
      awaitsSummary
      onReplaced={() => {}}
    />,
  );
  expect(screen.queryAllByRole('button').map((button) => button.textContent)).toEqual(['Radera']);
});

it('asks before a risky import with what else it does: the rows removed, those chosen, the values emptied', async () => {
  const user = userEvent.setup();
  renderInApp(
    <SummaryActions
      organizationId={1}
      item={anImport('VALIDATION_SUCCESS')}
      risk={{
        id: 'risk-2',
        pricelist: { number: '3', status: 'FUTURE' },
        priceIncreases: 1,
        largestIncrease: { percent: 140, articleNumber: 'HMD-0042' },
        priceDecreases: 0,
        largestDecrease: null,
        medianChangePercent: 140,
        pricesSetToZero: 0,
        // Below the share that makes a future list's removal a risk: no warning says it.
        removed: 12,
        removedByChoice: 1,
        clearedValues: [{ column: 'Garantivillkor', rows: 2, articleNumbers: ['HMD-0001', 'HMD-0002'] }],
        warnings: ['1 pris höjs med mer än 25 %: HMD-0042 (+140 %).'],
      }}
      onReplaced={() => {}}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Läs in' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Vill du läsa in filen ändå?' });
  expect(Array.from(dialog.querySelectorAll('.risk-warnings li'), (item) => item.textContent)).toEqual([
    '1 pris höjs med mer än 25 %: HMD-0042 (+140 %).',
    '12 rader tas bort, varav 1 som du valde att ta bort.',
    '2 rader förlorar Garantivillkor: HMD-0001, HMD-0002.',
  ]);
});
