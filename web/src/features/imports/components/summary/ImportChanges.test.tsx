import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ImportChange, ImportRisk } from '#contract/imports';
import { renderInApp } from '../../../../test/render';
import { json, stubFetch } from '../../../../test/stubFetch';
import { anImport } from '../../test/anImport';
import { ImportResult } from './ImportResult';

const added = (n: number): ImportChange => ({
  articleNumber: `HMD-${String(n).padStart(4, '0')}`,
  articleName: `Artikel ${n}`,
  values: {
    articleNumber: `HMD-${String(n).padStart(4, '0')}`,
    price: String(100 + n),
    minimumOrderQuantity: 1,
    deliveryTimeDays: 5,
    warrantyQuantity: null,
    warrantyUnit: null,
    warrantyValidFrom: null,
    warrantyTerms: null,
  },
  changes: [],
});

beforeEach(() => {
  stubFetch(async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/resources/v1/imports/1/7/changes') return json({}, 404);
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const rows = Array.from({ length: 57 }, (_, i) => added(i + 1)).slice(offset, offset + limit);
    return json({ total: 57, changes: rows });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A browser's IntersectionObserver, as if the section were on the screen at once. */
class OnScreen {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  disconnect() {}
}

const risk: ImportRisk = {
  id: 'r1',
  pricelist: { number: '2', status: 'CURRENT' },
  priceIncreases: 0,
  largestIncrease: null,
  priceDecreases: 3,
  largestDecrease: { percent: -54.5, articleNumber: 'HMD-0400' },
  medianChangePercent: -10,
  pricesSetToZero: 0,
  removed: 0,
  warnings: ['3 priser sänks med mer än 25 %.'],
};

it('reads in order: banner, risks, counts with the price facts, then the changes, open', async () => {
  vi.stubGlobal('IntersectionObserver', OnScreen);
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_SUCCESS')}
      summary={{ type: 'CONFIRM', added: 57, updated: 0, removed: 0, unchanged: 400, risk }}
      isLoading={false}
      isError={false}
    />,
  );
  const banner = screen.getByText(/Filen är godkänd för inläsning/);
  const risks = screen.getByRole('note', { name: 'Kontrollera innan du läser in' });
  const counts = screen.getByRole('heading', { level: 2, name: 'Resultat av valideringen' });
  const prices = screen.getByRole('heading', { level: 3, name: 'Prisändringar och risker' });
  const changes = screen.getByRole('heading', { level: 2, name: 'Ändringar i prislistan' });
  const order = [banner, risks, counts, prices, changes];
  for (let i = 1; i < order.length; i++)
    expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

  // The first 10 without a click, and a way to all 57.
  const region = await screen.findByRole('region', { name: 'Tillagda rader' });
  expect(await within(region).findAllByRole('row')).toHaveLength(11);
  expect(region).toHaveTextContent('Visar 1–10 av 57');
  await userEvent.click(within(region).getByRole('button', { name: 'Visa alla 57 tillagda rader' }));
  // The button goes; the focus goes to the kind's heading, not to the body.
  expect(within(region).getByRole('heading', { level: 3, name: 'Tillagda rader' })).toHaveFocus();
  expect(await within(region).findByText('Visar 1–20 av 57')).toBeInTheDocument();
  // The shared paging control: on the first page "Föregående sida" leads nowhere, yet stays.
  const previous = within(region).getByRole('button', { name: 'Föregående sida' });
  expect(previous).toHaveAttribute('aria-disabled', 'true');
  const next = within(region).getByRole('button', { name: 'Nästa sida' });
  await userEvent.click(next);
  expect(await within(region).findByText('Visar 21–40 av 57')).toBeInTheDocument();
  expect(previous).not.toHaveAttribute('aria-disabled');
  await userEvent.click(next);
  expect(await within(region).findByText('Visar 41–57 av 57')).toBeInTheDocument();
  // The last page: the button that was pressed keeps the focus, now leading nowhere.
  expect(next).toHaveFocus();
  expect(next).toHaveAttribute('aria-disabled', 'true');
});

it('says when an import was read in as a line, never as a heading', () => {
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('IMPORT_SUCCESS', { imported: '2026-03-02T10:15:00.000Z' })}
      summary={{ type: 'CONFIRM', added: 0, updated: 0, removed: 0, unchanged: 400 }}
      isLoading={false}
      isError={false}
    />,
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Resultat av inläsningen' })).toBeInTheDocument();
  expect(screen.getByText(/^Inläst \d{4}-\d{2}-\d{2} \d{2}:\d{2} av Lena Leverantör\.$/).tagName).toBe('P');
  expect(screen.queryByRole('heading', { name: /^Inläst/ })).not.toBeInTheDocument();
});

it('opens the changes by "Visa ändringar" where the browser cannot tell when they are reached', async () => {
  renderInApp(
    <ImportResult
      organizationId={1}
      item={anImport('VALIDATION_SUCCESS')}
      summary={{ type: 'CONFIRM', added: 57, updated: 0, removed: 0, unchanged: 400 }}
      isLoading={false}
      isError={false}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Visa ändringar' }));
  expect(screen.getByRole('heading', { level: 2, name: 'Ändringar i prislistan' })).toHaveFocus();
  expect(await screen.findByText('Visar 1–10 av 57')).toBeInTheDocument();
});
