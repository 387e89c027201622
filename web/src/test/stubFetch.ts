import { vi } from 'vitest';

/** Node's Request takes only absolute URLs; the SPA's are relative to the page, as a browser's are. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}

/**
 * The API as a component test answers it: fetch (and Request) stubbed for the store's calls.
 * Call it in beforeEach, and `vi.unstubAllGlobals()` in afterEach.
 */
export function stubFetch(answer: (request: Request) => Promise<Response> = async () => json({}, 404)) {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>(answer);
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A JSON answer of the API. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The calls made, as "METHOD /path", to say what was sent (and what was not). */
export const callsOf = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);
