import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ImportStatus, importStatuses } from '#contract/domain';
import { renderInApp } from '../../../../test/render';
import { anImport } from '../../test/anImport';
import { ImportCard } from './ImportCard';

/** The card's status label (summary/card labels of docs/product.md, "Imports: types, statuses, flow") and its buttons (§4, point 5). */
const expected: Record<ImportStatus, { label: string; review: boolean; remove: boolean }> = {
  VALIDATION_PENDING: { label: 'Pågår', review: false, remove: false },
  VALIDATION_SUCCESS: { label: 'Validering OK', review: true, remove: true },
  VALIDATION_FAIL: { label: 'Valideringsfel', review: true, remove: true },
  VALIDATION_ERROR: { label: 'Tekniskt fel', review: false, remove: true },
  IMPORT_PENDING: { label: 'Pågår', review: false, remove: false },
  IMPORT_SUCCESS: { label: 'Lyckad', review: false, remove: true },
  IMPORT_FAIL: { label: 'Misslyckad', review: true, remove: true },
  IMPORT_ERROR: { label: 'Tekniskt fel', review: false, remove: true },
  IMPORT_ABORTED: { label: 'Avbruten', review: false, remove: true },
};

describe.each(importStatuses)('a card in %s', (status) => {
  const want = expected[status];
  it(`shows "${want.label}", Granska ${want.review ? 'and' : 'not'}, Radera ${want.remove ? 'and' : 'not'}`, () => {
    renderInApp(<ImportCard organizationId={1} item={anImport(status)} onDeleted={() => {}} />);
    const card = screen.getByRole('article', { name: 'prislista.xlsx' });
    expect(card).toHaveTextContent(want.label);
    expect(card).toHaveTextContent('Generell prislista');
    expect(card).toHaveTextContent('2');
    const review = screen.queryByRole('link', { name: 'Granska' });
    expect(review !== null).toBe(want.review);
    if (review) expect(review).toHaveAttribute('href', '/import/7');
    expect(screen.queryByRole('button', { name: 'Radera' }) !== null).toBe(want.remove);
  });
});

it('shows the created time in sv-SE, in Swedish time', () => {
  renderInApp(
    <ImportCard
      organizationId={1}
      item={anImport('VALIDATION_FAIL', { created: '2026-03-02T08:05:00.000Z' })}
      onDeleted={() => {}}
    />,
  );
  expect(screen.getByRole('article')).toHaveTextContent('2026-03-02 09:05');
});
