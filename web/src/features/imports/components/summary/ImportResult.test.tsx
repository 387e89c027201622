import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ValidationError } from '#contract/imports';
import { renderInApp } from '../../../../test/render';
import { json, stubFetch } from '../../../../test/stubFetch';
import { anImport } from '../../test/anImport';
import { blad1 } from '../../test/fileSheets';
import { ImportResult } from './ImportResult';

const anError = (row: number): ValidationError => ({
  row,
  articleNumber: `HMD-${row}`,
  sheet: 'Prislista',
  column: 'Pris',
  value: 'abc',
  message: 'Pris måste vara ett tal.',
});

it('shows the counts and the success banner of a validated file', () => {
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_SUCCESS')}
      summary={{ type: 'CONFIRM', added: 3, updated: 2, removed: 1, unchanged: 394 }}
      isLoading={false}
      isError={false}
    />,
  );
  expect(
    screen.getByText(
      'Filen är godkänd för inläsning. Granska sammanfattningen och klicka på “Läs in” för att läsa in.',
    ),
  ).toBeInTheDocument();
  const counts: [string, string][] = [
    ['Tillagda rader', '3'],
    ['Ändrade rader', '2'],
    ['Borttagna rader', '1'],
    ['Oförändrade rader', '394'],
  ];
  for (const [label, count] of counts)
    expect(screen.getByText(label).nextElementSibling).toHaveTextContent(count);
  // The changes are open from the start, under their own heading.
  expect(screen.getByRole('heading', { level: 2, name: 'Ändringar i prislistan' })).toBeInTheDocument();
});

it('does not ask to press "Läs in" once the import is done', () => {
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('IMPORT_SUCCESS')}
      summary={{ type: 'CONFIRM', added: 0, updated: 0, removed: 0, unchanged: 400 }}
      isLoading={false}
      isError={false}
    />,
  );
  expect(screen.queryByText(/Filen är godkänd för inläsning/)).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Ändringar i prislistan' })).not.toBeInTheDocument();
});

it('lists the missing columns per sheet with the format banner', () => {
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_FAIL')}
      summary={{ type: 'INVALID_FORMAT', missingColumns: [{ column: 'Pris', sheets: ['Prislista'] }] }}
      isLoading={false}
      isError={false}
    />,
  );
  expect(screen.getByText(/Filen saknar kolumner eller flikar/)).toBeInTheDocument();
  expect(screen.getByRole('listitem')).toHaveTextContent('Kolumnen ”Pris” saknas på fliken ”Prislista”.');
});

it('says which sheet is missing and which the file has, instead of listing every column on it', () => {
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_FAIL')}
      summary={{
        type: 'INVALID_FORMAT',
        missingColumns: [{ column: 'Pris', sheets: ['Prislista'] }],
        missingSheet: 'Prislista',
        sheetsInFile: ['Blad1'],
      }}
      isLoading={false}
      isError={false}
    />,
  );
  expect(screen.getByText(/Filen saknar kolumner eller flikar/)).toBeInTheDocument();
  expect(screen.getByText('Fliken ”Prislista” saknas. Filen har flikarna: Blad1.')).toBeInTheDocument();
  expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
});

it('shows why a Peppol catalogue does not fit the price list, without a column list or mapping', () => {
  const problem =
    'Katalogens startdatum 2000-01-01 (ValidityPeriod/StartDate, XML-rad 10) passar inte prislista 2, som gäller från 2026-10-27.';
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_FAIL')}
      summary={{ type: 'INVALID_FORMAT', missingColumns: [], catalogueProblem: problem }}
      isLoading={false}
      isError={false}
      onValidatingAgain={() => {}}
    />,
  );
  expect(screen.getByText(/Katalogen passar inte den valda prislistan/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Katalogens giltighetsperiod' })).toBeInTheDocument();
  expect(screen.getByText(problem)).toBeInTheDocument();
  expect(screen.queryByText(/Filen saknar kolumner/)).not.toBeInTheDocument();
  expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
});

it('shows the counts in sv-SE and the risks beside them', () => {
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_SUCCESS')}
      summary={{
        type: 'CONFIRM',
        added: 20_000,
        updated: 12,
        removed: 380,
        unchanged: 8,
        risk: {
          id: 'r',
          pricelist: { number: '2', status: 'CURRENT' },
          priceIncreases: 12,
          largestIncrease: { percent: 140, articleNumber: 'HMD-0042' },
          priceDecreases: 0,
          largestDecrease: null,
          medianChangePercent: 4.2,
          pricesSetToZero: 0,
          removed: 380,
          warnings: ['380 rader tas bort från prislista 2 (Aktuell).'],
        },
      }}
      isLoading={false}
      isError={false}
    />,
  );
  expect(screen.getByText('Tillagda rader').nextElementSibling).toHaveTextContent(/^20\s000$/);
  expect(screen.getByRole('note', { name: 'Kontrollera innan du läser in' })).toHaveTextContent(
    '380 rader tas bort från prislista 2 (Aktuell).',
  );
  expect(screen.getByText('Prislista').nextElementSibling).toHaveTextContent('2 (Aktuell)');
  expect(screen.getByText('Prishöjningar').nextElementSibling).toHaveTextContent(
    '12, som mest +140 % (HMD-0042)',
  );
  expect(screen.getByText('Medianändring av priset').nextElementSibling).toHaveTextContent('+4,2 %');
});

it('shows an applied import the risks it was read in with, as what was shown, not as a warning to act on', () => {
  const risk = {
    id: 'r',
    pricelist: { number: '2', status: 'CURRENT' as const },
    priceIncreases: 0,
    largestIncrease: null,
    priceDecreases: 0,
    largestDecrease: null,
    medianChangePercent: null,
    pricesSetToZero: 0,
    removed: 3,
    warnings: ['3 av 400 rader (0,8 %) tas bort från prislista 2 (Aktuell).'],
  };
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('IMPORT_SUCCESS', { imported: '2026-03-02T10:00:00.000Z' })}
      summary={{ type: 'CONFIRM', added: 0, updated: 0, removed: 3, unchanged: 397, risk }}
      isLoading={false}
      isError={false}
    />,
  );
  expect(screen.getByRole('note', { name: 'Risker som visades före inläsningen' })).toHaveTextContent(
    '3 av 400 rader (0,8 %) tas bort från prislista 2 (Aktuell).',
  );
  expect(screen.queryByRole('note', { name: 'Kontrollera innan du läser in' })).not.toBeInTheDocument();
});

it('shows at most 100 errors, "Visar 100 av 150 fel", the banners and the Excel link', () => {
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_FAIL')}
      summary={{
        type: 'VALIDATION_ERRORS',
        errorCount: 150,
        errors: Array.from({ length: 100 }, (_, i) => anError(i + 2)),
      }}
      isLoading={false}
      isError={false}
    />,
  );
  expect(
    screen.getByText(
      'Valideringen misslyckad. Granska sammanfattningen och rätta felen. Läs sedan in filen igen.',
    ),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      'Filen innehåller fler än 100 felaktiga rader. Endast de första 100 raderna visas i tabellen. För att se alla fel, exportera resultatet till excel.',
    ),
  ).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Visar 100 av 150 fel' });
  expect(table.querySelectorAll('tbody tr')).toHaveLength(100);
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
    'Rad',
    'Artikelnummer',
    'Benämning',
    'Flik',
    'Kolumn',
    'Cell',
    'Värde',
    'Meddelande',
  ]);
  expect(screen.getByRole('link', { name: 'Exportera resultatet till Excel' })).toHaveAttribute(
    'href',
    '/resources/v1/imports/1/7/validation-errors/excel',
  );
});

it('has no more-than-100 banner for 3 errors', () => {
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_FAIL')}
      summary={{ type: 'VALIDATION_ERRORS', errorCount: 3, errors: [anError(2), anError(3), anError(4)] }}
      isLoading={false}
      isError={false}
    />,
  );
  expect(screen.getByRole('table', { name: 'Visar 3 av 3 fel' })).toBeInTheDocument();
  expect(screen.queryByText(/fler än 100/)).not.toBeInTheDocument();
});

it('shows why the file was refused instead of the general text, which stays for internal failures', () => {
  const reason = 'Filen är lösenordsskyddad. Spara den utan lösenord och läs in den igen.';
  const { unmount } = renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_ERROR', { failureReason: reason })}
      summary={null}
      isLoading={false}
      isError={false}
    />,
  );
  expect(screen.getByText(reason)).toHaveClass('banner', 'error');
  expect(screen.queryByText(/tekniskt fel/)).not.toBeInTheDocument();
  unmount();

  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('IMPORT_ERROR')}
      summary={null}
      isLoading={false}
      isError={false}
    />,
  );
  expect(
    screen.getByText(
      'Filen kunde inte behandlas på grund av ett tekniskt fel. Radera inläsningen och försök igen.',
    ),
  ).toBeInTheDocument();
});

describe('the page says what will happen', () => {
  afterEach(() => vi.unstubAllGlobals());
  const risky = {
    id: 'r',
    pricelist: { number: '2', status: 'CURRENT' as const },
    priceIncreases: 0,
    largestIncrease: null,
    priceDecreases: 0,
    largestDecrease: null,
    medianChangePercent: null,
    pricesSetToZero: 0,
    removed: 3,
    warnings: ['3 av 400 rader (0,8 %) tas bort från prislista 2 (Aktuell).'],
  };
  const approved = () =>
    screen.getByText(
      'Filen är godkänd för inläsning. Granska sammanfattningen och klicka på “Läs in” för att läsa in.',
    );

  it('approves a risky file as a warning, never in success colours, with its risks next', () => {
    renderInApp(
      <ImportResult
        organizationId={1}
        item={anImport('VALIDATION_SUCCESS')}
        summary={{ type: 'CONFIRM', added: 0, updated: 0, removed: 3, unchanged: 397, risk: risky }}
        isLoading={false}
        isError={false}
      />,
    );
    expect(approved()).toHaveClass('banner', 'warning');
    expect(approved()).not.toHaveClass('success');
    const risks = screen.getByRole('note', { name: 'Kontrollera innan du läser in' });
    expect(approved().nextElementSibling).toBe(risks);
  });

  it('approves a file without risks in success colours', () => {
    renderInApp(
      <ImportResult
        organizationId={1}
        item={anImport('VALIDATION_SUCCESS')}
        summary={{
          type: 'CONFIRM',
          added: 1,
          updated: 0,
          removed: 0,
          unchanged: 400,
          risk: { ...risky, removed: 0, warnings: [] },
        }}
        isLoading={false}
        isError={false}
      />,
    );
    expect(approved()).toHaveClass('banner', 'success');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('leads a file that only needs its columns mapped to the form, before the specified banner', () => {
    renderInApp(
      <ImportResult
        organizationId={1}
        item={anImport('VALIDATION_FAIL')}
        summary={{
          type: 'INVALID_FORMAT',
          missingColumns: [{ column: 'Artikelnummer', sheets: ['Prislista'] }],
          fileSheets: [blad1],
          suggestedMapping: { sheet: 'Blad1', columns: { Artikelnummer: 'A', Pris: 'C' } },
        }}
        isLoading={false}
        isError={false}
        onValidatingAgain={() => {}}
      />,
    );
    const lead = screen.getByText(
      'Nästa steg: koppla filens kolumner till våra i formuläret nedan och välj ”Validera med de här kolumnerna”. Du behöver inte ändra filen.',
    );
    const banner = screen.getByText(/^Filen saknar kolumner eller flikar\./);
    expect(lead.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The specified content stays: the missing columns, then the form.
    const missing = screen.getByText('Kolumnen ”Artikelnummer” saknas på fliken ”Prislista”.');
    const form = screen.getByRole('region', { name: 'Koppla filens kolumner' });
    expect(missing.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no such lead when the columns cannot be mapped here', () => {
    renderInApp(
      <ImportResult
        organizationId={1}
        item={anImport('VALIDATION_FAIL')}
        summary={{ type: 'INVALID_FORMAT', missingColumns: [{ column: 'Pris', sheets: ['Prislista'] }] }}
        isLoading={false}
        isError={false}
        onValidatingAgain={() => {}}
      />,
    );
    expect(screen.queryByText(/^Nästa steg/)).not.toBeInTheDocument();
  });

  it('gives one way on beside the failed banner when the errors are too many to correct here', async () => {
    stubFetch(async (request) =>
      new URL(request.url).pathname === '/resources/v1/imports/1/7/corrections'
        ? json({ version: 1, correctable: false, maxErrors: 1000, corrections: [], leftOut: [] })
        : json({}, 404),
    );
    renderInApp(
      <ImportResult
        organizationId={1}
        item={anImport('VALIDATION_FAIL')}
        summary={{
          type: 'VALIDATION_ERRORS',
          errorCount: 1500,
          errors: Array.from({ length: 100 }, (_, i) => anError(i + 2)),
        }}
        isLoading={false}
        isError={false}
        onValidatingAgain={() => {}}
      />,
    );
    const way = await screen.findByText('Så går du vidare: rätta filen och läs in den med ”Läs in ny fil”.');
    expect(screen.getByText(/^Valideringen misslyckad\./).nextElementSibling).toBe(way);
    expect(screen.queryByText(/Validera igen/)).not.toBeInTheDocument();
  });
});
