import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '#contract/webhooks';
import { renderInApp } from '../../test/render';
import { callsOf, json, stubFetch } from '../../test/stubFetch';
import { WebhooksPage } from './WebhooksPage';

/** The webhooks page (docs/api-webhooks.md): events by name, full names, and deliveries kept fresh. */

const longUrl = `https://erp.example.se/${'webhooks/hjalpmedelsdatabasen/'.repeat(6)}mottagare`;

const endpoint: WebhookEndpoint = {
  id: 3,
  url: longUrl,
  events: ['import.validated', 'import.applied'],
  enabled: true,
  disabledReason: null,
  created: '2026-11-26T08:30:00.000Z',
  createdBy: 'Lena Lindqvist',
};

const delivery = (id: number, eventType: string, status: WebhookDelivery['status']): WebhookDelivery => ({
  id,
  eventId: `msg_${id}`,
  eventType,
  status,
  attempts: 1,
  lastStatusCode: status === 'DELIVERED' ? 204 : null,
  lastError: null,
  lastAttempt: '2026-11-26T09:15:02.301Z',
  nextAttempt: null,
  created: '2026-11-26T09:15:02.114Z',
});

/** The signed-in user's profile: a supplier who imports, or a region's user who reads every list. */
const profileWith = (permissions: string[]) => ({
  id: 1,
  firstName: 'Lena',
  lastName: 'Lindqvist',
  previousLoginFound: true,
  userEngagements: [
    { organizationId: 1, roles: [{ name: 'R', permissions: permissions.map((name) => ({ name })) }] },
  ],
});
let profile: ReturnType<typeof profileWith>;

let deliveries: WebhookDelivery[];
let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  deliveries = [delivery(1, 'webhook.test', 'DELIVERED')];
  profile = profileWith(['product:create_own']);
  fetchMock = stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/resources/v1/profile') return json(profile);
    if (path === '/resources/v1/webhooks') return json({ endpoints: [endpoint] });
    if (path === '/resources/v1/webhooks/3/deliveries') return json({ deliveries });
    return json({}, 404);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const deliveryCalls = () =>
  callsOf(fetchMock).filter((call) => call === 'GET /resources/v1/webhooks/3/deliveries').length;

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  window.dispatchEvent(new Event('visibilitychange'));
};

describe('the webhooks page', () => {
  it('names each event in Swedish with its code, the user who added an endpoint by full name, and the whole address', async () => {
    renderInApp(<WebhooksPage />, { path: '/webhooks' });
    const card = await screen.findByRole('region', { name: longUrl });
    // The whole address, as the heading; it wraps (webhooks.css) rather than being cut.
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(longUrl);
    expect(within(card).getByRole('heading', { level: 3 })).toHaveClass('webhook-url');
    expect(
      within(card).getByText(
        'Händelser: Validering klar (import.validated), Inläsning klar (import.applied)',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText(/av Lena Lindqvist$/)).toBeInTheDocument();
    const table = await within(card).findByRole('table', { name: `Senaste leveranser: ${longUrl}` });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Testhändelse (webhook.test)');

    // The form's choices: the name, and the code as the receiver sees it.
    for (const name of [
      'Validering klar (import.validated)',
      'Inläsning klar (import.applied)',
      'Validering eller inläsning misslyckades (import.failed)',
      'Inläsning ångrad (import.undone)',
      'Import raderad (import.deleted)',
      'Prislista ändrad (pricelist.changed)',
    ])
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
  });

  it("offers a region's user only the change of a price list", async () => {
    profile = profileWith(['generalpricelist:view_all']);
    renderInApp(<WebhooksPage />, { path: '/webhooks' });
    const events = await screen.findByRole('group', { name: /Händelser/ });
    await waitFor(() =>
      expect(
        within(events)
          .getAllByRole('checkbox')
          .map((box) => box.getAttribute('id')),
      ).toEqual(['webhook-events-pricelist.changed']),
    );
    expect(
      within(events).getByRole('checkbox', { name: 'Prislista ändrad (pricelist.changed)' }),
    ).toBeChecked();
  });

  it('shows an event it does not know by its code', async () => {
    deliveries = [delivery(1, 'import.somethingNew', 'PENDING')];
    renderInApp(<WebhooksPage />, { path: '/webhooks' });
    const table = await screen.findByRole('table', { name: `Senaste leveranser: ${longUrl}` });
    expect(within(table).getAllByRole('row')[1]!.querySelector('th')).toHaveTextContent(
      /^import\.somethingNew$/,
    );
  });

  it('looks for new deliveries every 5 s while open, and not while the tab is hidden', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    renderInApp(<WebhooksPage />, { path: '/webhooks' });
    const table = await screen.findByRole('table', { name: `Senaste leveranser: ${longUrl}` });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    const before = deliveryCalls();

    // A new delivery arrives on the server: it shows without "Uppdatera".
    deliveries = [delivery(2, 'import.applied', 'PENDING'), ...deliveries];
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(deliveryCalls()).toBe(before + 1);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Inläsning klar (import.applied)');

    // The tab in the background: no more requests until it is back.
    act(() => setVisibility('hidden'));
    const hidden = deliveryCalls();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(deliveryCalls()).toBe(hidden);
    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(deliveryCalls()).toBeGreaterThan(hidden);
  });
});
