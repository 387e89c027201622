import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecentPriceChange } from '#contract/priceChanges';
import { renderInApp } from '../../test/render';
import { json, stubFetch } from '../../test/stubFetch';
import { PriceChangesPage } from './PriceChangesPage';

/** The page "Prisändringar" (docs/api-changes.md): older entries, and a refused download. */

const change = (position: number): RecentPriceChange => ({
  cursor: String(position),
  kind: 'IMPORT_APPLIED',
  changedAt: '2026-11-24T09:12:00.000Z',
  changedBy: 'Lena Lindqvist',
  organization: { id: 1, name: 'Hjälpmedel Demo AB', organizationNumber: '5566778899' },
  pricelist: { generalPricelistId: 1, id: 2, number: '2', status: 'CURRENT' },
  import: { id: position, fileName: `prislista-${position}.xlsx` },
  counts: { added: 0, updated: 1, removed: 0 },
  largestPriceChanges: [{ articleNumber: `HMD-${position}`, before: '99.00', after: '109.50' }],
});

const refusal =
  'Perioden har 150 000 ändrade rader, fler än 100 000 som ryms i en fil. Välj en kortare period eller en leverantör.';

beforeEach(() => {
  stubFetch(async (request) => {
    const url = new URL(typeof request === 'string' ? request : request.url, window.location.href);
    if (url.pathname === '/resources/v1/pricelists/changes/recent')
      return url.searchParams.get('before') === '3'
        ? json({ changes: [change(2), change(1)], nextBefore: null, suppliers: [] })
        : json({ changes: [change(4), change(3)], nextBefore: '3', suppliers: [] });
    if (url.pathname === '/resources/v1/pricelists/changes/export')
      return json({ error: { code: 'BAD_REQUEST', message: refusal } }, 400);
    return json({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the page "Prisändringar"', () => {
  it('adds the older changes below and gives the first of them the focus', async () => {
    renderInApp(<PriceChangesPage />, { path: '/prisandringar' });
    const table = await screen.findByRole('table', { name: 'De senaste prisändringarna' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('HMD-4: 99,00 kr → 109,50 kr');
    // Each change links to its list's rows.
    expect(
      within(within(table).getAllByRole('row')[1]!).getByRole('link', { name: 'Prislista 2' }),
    ).toHaveAttribute('href', '/v1/organization/1/generalpricelist/1/pricelist/2');
    await userEvent.click(screen.getByRole('button', { name: 'Visa äldre' }));
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    await waitFor(() => expect(rows[3]).toHaveFocus());
    expect(rows[3]).toHaveTextContent('prislista-2.xlsx');
    expect(screen.queryByRole('button', { name: 'Visa äldre' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Visar 4 ändringar.');
  });

  it('says a refused download on the page, in the server’s words, with the focus', async () => {
    renderInApp(<PriceChangesPage />, { path: '/prisandringar' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ladda ner som Excel' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('says a download that never arrived on the page too, with the focus', async () => {
    stubFetch(async (request) => {
      const url = new URL(typeof request === 'string' ? request : request.url, window.location.href);
      if (url.pathname === '/resources/v1/pricelists/changes/recent')
        return json({ changes: [change(1)], nextBefore: null, suppliers: [] });
      throw new TypeError('Failed to fetch');
    });
    renderInApp(<PriceChangesPage />, { path: '/prisandringar' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ladda ner som Excel' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Filen kunde inte hämtas. Försök igen om en stund.');
    await waitFor(() => expect(alert).toHaveFocus());
  });
});
