import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '#contract/imports';
import { CatalogueNotice } from './CatalogueNotice';

const confirm = (extra: Partial<Extract<ImportSummary, { type: 'CONFIRM' }>> = {}): ImportSummary => ({
  type: 'CONFIRM',
  added: 1,
  updated: 2,
  removed: 0,
  unchanged: 3,
  ...extra,
});

describe('the notice of a Peppol catalogue on its summary', () => {
  it('says the file was a catalogue and lists the elements that were not read', () => {
    render(<CatalogueNotice summary={confirm({ ignoredElements: ['ID', 'IssueDate', 'ProviderParty'] })} />);
    expect(screen.getByText(/^Filen är en Peppol-katalog \(Peppol BIS Catalogue 3\)/)).toBeInTheDocument();
    expect(
      screen.getByText('3 element i katalogen har ingen motsvarighet i prislistan och lästes inte in:'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'ID',
      'IssueDate',
      'ProviderParty',
    ]);
  });

  it('says so for one element, and for none, also on a file with errors', () => {
    const { rerender } = render(
      <CatalogueNotice
        summary={{ type: 'VALIDATION_ERRORS', errorCount: 1, errors: [], ignoredElements: ['ReceiverParty'] }}
      />,
    );
    expect(
      screen.getByText('Ett element i katalogen har ingen motsvarighet i prislistan och lästes inte in:'),
    ).toBeInTheDocument();
    rerender(<CatalogueNotice summary={confirm({ ignoredElements: [] })} />);
    expect(screen.getByText('Allt i katalogen lästes in.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows nothing for an Excel file', () => {
    const { container } = render(<CatalogueNotice summary={confirm()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
