import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nProvider } from 'react-aria-components';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ImportStatus } from '#contract/domain';
import type { Import } from '#contract/imports';
import { createStore } from '../../../app/store';

/** Renders a component of this feature inside the app's real store and a memory router. */
export function renderInApp(ui: ReactElement, { path = '/import' } = {}) {
  const store = createStore();
  const router = createMemoryRouter(
    [
      { path, element: <I18nProvider locale="sv-SE">{ui}</I18nProvider> },
      { path: '*', element: <p>Annan sida</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    store,
    router,
    ...render(<Provider store={store}>{<RouterProvider router={router} />}</Provider>),
  };
}

export function anImport(status: ImportStatus, overrides: Partial<Import> = {}): Import {
  return {
    id: 7,
    type: 'GENERAL_PRICELIST',
    status,
    created: '2026-03-02T09:05:00.000Z',
    importStarted: null,
    imported: null,
    fileName: 'prislista.xlsx',
    importedBy: { id: 1, fullName: 'Lena Leverantör' },
    metadata: { parent: 1, id: 2, number: '2' },
    ...overrides,
  };
}
