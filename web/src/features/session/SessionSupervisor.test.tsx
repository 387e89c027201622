import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionApi } from '../../api/session';
import { sessionStarted } from '../../api/sessionActions';
import { renderInApp } from '../../test/render';
import { callsOf, json, stubFetch } from '../../test/stubFetch';
import { PING_INTERVAL_MS, SessionSupervisor } from './SessionSupervisor';

/** A live session far from its end, and the server's settings as its ping names them. */
const ping = (pingSeconds: number) => ({
  hasSession: true,
  secondsUntilExpire: 1500,
  endsBy: 'inactivity',
  idleMinutes: 30,
  maxHours: 12,
  pingSeconds,
});

let pingSeconds = 30;
let fetchMock: ReturnType<typeof stubFetch>;
const pings = () => callsOf(fetchMock).filter((call) => call === 'GET /resources/v1/api/session/ping').length;

beforeEach(() => {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
  fetchMock = stubFetch(async (request) =>
    new URL(request.url).pathname === '/resources/v1/api/session/ping'
      ? json(ping(pingSeconds))
      : json({}, 404),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The supervisor of a signed-in page, once its first ping has been answered. */
async function supervising() {
  const { store } = renderInApp(<SessionSupervisor />);
  act(() => {
    store.dispatch(sessionStarted());
  });
  const answered = () => sessionApi.endpoints.pingSession.select()(store.getState()).isSuccess;
  await waitFor(() => expect(answered()).toBe(true));
  // What the answer leads to (the next ping's time) is settled before the clock moves on.
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(pings()).toBe(1);
}

describe('the session ping', () => {
  it('comes every 30 s by default (SESSION_PING_SECONDS)', async () => {
    pingSeconds = 30;
    await supervising();
    await act(() => vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - 1_000));
    expect(pings()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(pings()).toBe(2);
  });

  it('comes at the interval the server names in its ping', async () => {
    pingSeconds = 2;
    await supervising();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(pings()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(pings()).toBe(3);
  });
});
