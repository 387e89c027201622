import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Profile } from '#contract/auth';
import { IMPORT_PERMISSION } from '#contract/permissions';
import { renderRoutes } from '../../../../test/render';
import { json, stubFetch } from '../../../../test/stubFetch';
import { anImport } from '../../test/anImport';
import { ImportSummaryRoute } from './ImportSummaryRoute';

const profile: Profile = {
  id: 1,
  firstName: 'Anna',
  lastName: 'Andersson',
  previousLoginFound: true,
  userEngagements: [
    { organizationId: 1, roles: [{ name: 'Leverantör', permissions: [{ name: IMPORT_PERMISSION }] }] },
  ],
};

/** The server knows import 7 of organisation 1; import 8 fails; any other id is not found (404). */
beforeEach(() => {
  stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/resources/v1/profile') return json(profile);
    if (path === '/resources/v1/imports/1/7') return json({ importObject: anImport('VALIDATION_PENDING') });
    if (path === '/resources/v1/imports/1/8') return json({ message: 'Fel' }, 500);
    return json({ message: 'Hittades inte.' }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

const route = [{ path: '/import/:id', element: <ImportSummaryRoute notFound={<h1>Sidan finns inte</h1>} /> }];

it('shows the summary of an import of the organisation', async () => {
  renderRoutes(route, '/import/7');
  expect(await screen.findByRole('heading', { level: 1, name: /^Sammanfattning/ })).toBeVisible();
  expect(screen.queryByText('Sidan finns inte')).toBeNull();
});

it("shows the not-found page for an import that is not there or is another organisation's", async () => {
  renderRoutes(route, '/import/999');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sidan finns inte' })).toBeVisible();
  expect(screen.queryByText('Kunde inte läsa in import')).toBeNull();
});

it('shows the not-found page for an id that is not a number', async () => {
  renderRoutes(route, '/import/abc');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sidan finns inte' })).toBeVisible();
});

it('keeps the summary\'s own message for a failure that is not "not found"', async () => {
  renderRoutes(route, '/import/8');
  expect(await screen.findByText('Kunde inte läsa in import')).toBeVisible();
});
