import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Profile } from '#contract/auth';
import type { ImportStatus } from '#contract/domain';
import type { ImportSummary } from '#contract/imports';
import { IMPORT_PERMISSION } from '#contract/permissions';
import { renderRoutes } from '../../../../test/render';
import { callsOf, json, stubFetch } from '../../../../test/stubFetch';
import { anImport } from '../../test/anImport';
import { blad1 } from '../../test/fileSheets';
import { ImportSummaryPage } from './ImportSummaryPage';

const profile: Profile = {
  id: 1,
  firstName: 'Anna',
  lastName: 'Andersson',
  previousLoginFound: true,
  userEngagements: [
    { organizationId: 1, roles: [{ name: 'Leverantör', permissions: [{ name: IMPORT_PERMISSION }] }] },
  ],
};

const invalidFormat: ImportSummary = {
  type: 'INVALID_FORMAT',
  missingColumns: [{ column: 'Artikelnummer', sheets: ['Prislista'] }],
  fileSheets: [blad1],
  suggestedMapping: {
    sheet: 'Blad1',
    columns: { Artikelnummer: 'A', Pris: 'C', 'Minsta beställningsantal': 'D' },
  },
};
const validated: ImportSummary = {
  type: 'CONFIRM',
  added: 3,
  updated: 0,
  removed: 0,
  unchanged: 0,
  columnMapping: {
    source: 'REQUEST',
    sheet: 'Blad1',
    columns: [
      { column: 'Artikelnummer', fileColumn: 'A', fileHeader: 'Art.nr' },
      { column: 'Pris', fileColumn: 'C', fileHeader: 'Pris exkl. moms' },
      { column: 'Minsta beställningsantal', fileColumn: 'D', fileHeader: 'Min. antal' },
    ],
  },
  fileSheets: [blad1],
};

/** The server's import 7: INVALID_FORMAT, then pending after the mapping is sent, then validated. */
let status: ImportStatus;
let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  status = 'VALIDATION_FAIL';
  let readsWhilePending = 0;
  fetchMock = stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/resources/v1/profile') return json(profile);
    if (request.method === 'POST' && path === '/resources/v1/imports/1/7/column-mapping') {
      status = 'VALIDATION_PENDING';
      return json({ importObject: anImport(status) });
    }
    if (path === '/resources/v1/imports/1/7') {
      // The validation ends while the page polls (the mapping's answer put it pending: no read before).
      if (status === 'VALIDATION_PENDING' && ++readsWhilePending > 0) status = 'VALIDATION_SUCCESS';
      return json({ importObject: anImport(status) });
    }
    if (path === '/resources/v1/imports/1/7/summary')
      return json({ result: status === 'VALIDATION_FAIL' ? invalidFormat : validated });
    return json({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

it('validates the file again with the mapping and follows the import until its new result', async () => {
  const user = userEvent.setup();
  renderRoutes([{ path: '/import/:id', element: <ImportSummaryPage /> }], '/import/7');
  const submit = await screen.findByRole('button', { name: 'Validera med de här kolumnerna' });
  await user.click(submit);

  // At once pending, the form gone, the focus on the page's heading, as after "Läs in ny fil".
  await waitFor(() =>
    expect(screen.getByRole('heading', { level: 1, name: /^Sammanfattning: / })).toHaveFocus(),
  );
  expect(
    screen.getByText('Filen behandlas. Sidan uppdateras av sig själv när resultatet är klart.'),
  ).toBeVisible();
  expect(screen.queryByRole('region', { name: 'Koppla filens kolumner' })).not.toBeInTheDocument();
  expect(callsOf(fetchMock)).toContain('POST /resources/v1/imports/1/7/column-mapping');

  expect(
    await screen.findByText(
      'Kolumnerna tolkades med kopplingen: Art.nr → Artikelnummer, Pris exkl. moms → Pris, Min. antal → Minsta beställningsantal.',
      {},
      { timeout: 5000 },
    ),
  ).toBeInTheDocument();
  expect(screen.getByText('Tillagda rader').nextElementSibling).toHaveTextContent('3');
  expect(screen.getByRole('button', { name: 'Ändra kopplingen' })).toBeInTheDocument();
}, 15_000);
