import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#contract/auth';
import type { SavedColumnMapping } from '#contract/imports';
import { IMPORT_PERMISSION } from '#contract/permissions';
import { renderInApp } from '../../../../test/render';
import { callsOf, json, stubFetch } from '../../../../test/stubFetch';
import { ImportListPage } from '../list/ImportListPage';
import { SavedColumnMappings } from './SavedColumnMappings';

const mappings: SavedColumnMapping[] = [
  {
    id: 12,
    sheet: 'Blad1',
    headers: ['Art.nr', 'Benämning', 'Pris exkl. moms', 'Min. antal'],
    columns: [
      { column: 'Artikelnummer', fileHeader: 'Art.nr' },
      { column: 'Pris', fileHeader: 'Pris exkl. moms' },
      { column: 'Minsta beställningsantal', fileHeader: 'Min. antal' },
    ],
    savedAt: '2026-11-20T10:00:00.000Z',
    savedBy: 'Anna Andersson',
    lastUsedAt: '2026-12-01T10:00:00.000Z',
  },
  {
    id: 13,
    sheet: 'Export',
    headers: ['SKU', 'Price', 'MOQ'],
    columns: [
      { column: 'Artikelnummer', fileHeader: 'SKU' },
      { column: 'Pris', fileHeader: 'Price' },
      { column: 'Minsta beställningsantal', fileHeader: 'MOQ' },
    ],
    savedAt: '2026-10-05T10:00:00.000Z',
    savedBy: null,
    lastUsedAt: null,
  },
];

let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetchMock = stubFetch(async (request) =>
    request.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ mappings }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('"Sparade kolumnkopplingar"', () => {
  it('lists the saved mappings: sheet, pairs, saved when and by whom, last used', async () => {
    renderInApp(<SavedColumnMappings organizationId={1} />);
    const table = await screen.findByRole('table', { name: 'Sparade kolumnkopplingar' });
    expect(callsOf(fetchMock)).toEqual(['GET /resources/v1/imports/1/column-mappings']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Flik', 'Kopplingar', 'Sparad', 'Senast använd', 'Åtgärd']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellsOf(first!)).toEqual([
      'Blad1',
      'Art.nr → Artikelnummer, Pris exkl. moms → Pris, Min. antal → Minsta beställningsantal',
      '20 november 2026 av Anna Andersson',
      '1 december 2026',
      'Ta bort',
    ]);
    expect(cellsOf(second!).slice(2, 4)).toEqual(['5 oktober 2026', 'Inte använd ännu']);
    // Each button says which mapping it removes.
    expect(
      screen.getByRole('button', { name: 'Ta bort kopplingen för fliken Blad1' }),
    ).toHaveAccessibleDescription(
      'Art.nr → Artikelnummer, Pris exkl. moms → Pris, Min. antal → Minsta beställningsantal',
    );
    expect(screen.getByRole('button', { name: 'Ta bort kopplingen för fliken Export' })).toBeInTheDocument();
  });

  it('removes a mapping at once, says so and gives the focus to the section heading', async () => {
    const user = userEvent.setup();
    renderInApp(<SavedColumnMappings organizationId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Ta bort kopplingen för fliken Blad1' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Kopplingen för fliken Blad1 är borttagen.'),
    );
    expect(callsOf(fetchMock)).toEqual([
      'GET /resources/v1/imports/1/column-mappings',
      'DELETE /resources/v1/imports/1/column-mappings/12',
    ]);
    expect(
      screen.queryByRole('button', { name: 'Ta bort kopplingen för fliken Blad1' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ta bort kopplingen för fliken Export' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Sparade kolumnkopplingar' })).toHaveFocus(),
    );
  });

  it('takes a mapping already gone (404) as removed, and says why when removing fails', async () => {
    const user = userEvent.setup();
    renderInApp(<SavedColumnMappings organizationId={1} />);
    const removeExport = await screen.findByRole('button', { name: 'Ta bort kopplingen för fliken Export' });
    fetchMock.mockImplementationOnce(async () =>
      json({ error: { code: 'SERVER_ERROR', message: 'Kopplingen kunde inte tas bort.' } }, 500),
    );
    await user.click(removeExport);
    expect(await screen.findByRole('alert')).toHaveTextContent('Kopplingen kunde inte tas bort.');
    expect(removeExport).toBeInTheDocument();

    fetchMock.mockImplementationOnce(async () =>
      json({ error: { code: 'NOT_FOUND', message: 'Kopplingen finns inte.' } }, 404),
    );
    await user.click(removeExport);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Kopplingen för fliken Export är borttagen.'),
    );
    expect(removeExport).not.toBeInTheDocument();
  });

  it('says when there are none', async () => {
    fetchMock.mockImplementation(async () => json({ mappings: [] }));
    renderInApp(<SavedColumnMappings organizationId={1} />);
    expect(
      await screen.findByText(
        'Inga sparade kolumnkopplingar. En koppling sparas när en fil med egna kolumnnamn valideras med en koppling.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('the import list page', () => {
  const profile = (permissionNames: string[]): Profile => ({
    id: 1,
    firstName: 'Anna',
    lastName: 'Andersson',
    previousLoginFound: true,
    userEngagements: [
      {
        organizationId: 1,
        roles: [{ name: 'Leverantör', permissions: permissionNames.map((name) => ({ name })) }],
      },
    ],
  });
  const answer = (shown: Profile) => async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/resources/v1/profile') return json(shown);
    if (path === '/resources/v1/imports/1/column-mappings') return json({ mappings });
    if (path.startsWith('/resources/v1/importStatus/')) return json([]);
    return json({ imports: [] });
  };

  it('shows the saved mappings to a user who may import', async () => {
    fetchMock.mockImplementation(answer(profile([IMPORT_PERMISSION])));
    renderInApp(<ImportListPage />);
    expect(await screen.findByRole('heading', { name: 'Sparade kolumnkopplingar' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Sparade kolumnkopplingar' })).toBeInTheDocument();
  });

  it('does not show them to a user who may not', async () => {
    fetchMock.mockImplementation(answer(profile([])));
    renderInApp(<ImportListPage />);
    expect(await screen.findByRole('heading', { name: 'Senaste 10 inläsningarna' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sparade kolumnkopplingar' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('GET /resources/v1/imports/1/column-mappings');
  });
});
