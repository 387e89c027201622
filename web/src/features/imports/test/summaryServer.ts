import { vi } from 'vitest';
import type { Profile } from '#contract/auth';
import type { ImportStatus } from '#contract/domain';
import type { ImportChange, ImportCorrectionsResponse, ImportSummary } from '#contract/imports';
import { IMPORT_PERMISSION } from '#contract/permissions';
import { json, stubFetch } from '../../../test/stubFetch';
import { anImport } from './anImport';

/**
 * Import 7 of organisation 1 as the API serves it to the summary page, in three phases: the
 * result shown first, pending (a validation the page started), the new result. The validation
 * ends when the test says so: the next read of the import (a poll) has the new status.
 */

const profile: Profile = {
  id: 1,
  firstName: 'Anna',
  lastName: 'Andersson',
  previousLoginFound: true,
  userEngagements: [
    { organizationId: 1, roles: [{ name: 'Leverantör', permissions: [{ name: IMPORT_PERMISSION }] }] },
  ],
};

export type Phase = 'first' | 'pending' | 'second';
type Done = 'first' | 'second';
type Change = ImportChange['changes'][number];

export interface SummaryServer {
  status: Record<Phase, ImportStatus>;
  fileName?: Partial<Record<Phase, string>>;
  summary: Record<Done, ImportSummary>;
  /** Every row of a validation's updated rows has this one change. */
  changes?: Record<Done, { total: number; change: Change }>;
  corrections?: Record<Done, ImportCorrectionsResponse>;
  errors?: (phase: Phase, url: URL) => Response;
}

export const article = (n: number) => `HMD-${String(n).padStart(4, '0')}`;

function updatedRow(n: number, change: Change): ImportChange {
  return {
    articleNumber: article(n),
    articleName: `Artikel ${n}`,
    values: {
      articleNumber: article(n),
      price: '101',
      minimumOrderQuantity: 1,
      deliveryTimeDays: 6,
      warrantyQuantity: null,
      warrantyUnit: null,
      warrantyValidFrom: null,
      warrantyTerms: null,
    },
    changes: [change],
  };
}

/** Stubs fetch with the import's API; the answer says which phase it is in and lets the test move it on. */
export function serveSummary(server: SummaryServer) {
  let phase: Phase = 'first';
  let jobDone = false;
  const callsWhilePending: string[] = [];
  const importObject = () =>
    anImport(server.status[phase], { fileName: server.fileName?.[phase] ?? 'prislista.xlsx' });
  const fetchMock = stubFetch(async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace('/resources/v1/imports/1/7', '');
    const call = `${request.method} ${path}`;
    if (url.pathname === '/resources/v1/profile') return json(profile);
    if (phase === 'pending') callsWhilePending.push(call);
    if (request.method === 'POST' && (path === '/column-mapping' || path === '/corrections')) {
      phase = 'pending';
      return json({ importObject: importObject() });
    }
    if (call === 'GET ') {
      if (phase === 'pending' && jobDone) phase = 'second';
      return json({ importObject: importObject() });
    }
    const done = phase === 'pending' ? null : phase;
    if (call === 'GET /summary') return done ? json({ result: server.summary[done] }) : json({}, 409);
    if (call === 'GET /changes') {
      // While the job runs the old changes are gone: what the user test's table showed.
      if (!done || !server.changes) return json({ changes: [], total: 0 });
      const { total, change } = server.changes[done];
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const rows = Array.from({ length: Math.min(limit, total - offset) }, (_, i) =>
        updatedRow(offset + i + 1, change),
      );
      return json({ changes: rows, total });
    }
    if (call === 'GET /corrections' && server.corrections) return json(server.corrections[done ?? 'first']);
    if (call === 'GET /errors' && server.errors) return server.errors(phase, url);
    if (call === 'GET /attempts') return json({ attempts: [] });
    // The round being typed, kept as a draft (decision 0043): none here.
    if (call === 'GET /corrections/draft') return json({ draft: null, dropped: 0 });
    if (call === 'PUT /corrections/draft') return new Response(null, { status: 204 });
    return json({}, 404);
  });
  return {
    fetchMock,
    /** A new file was taken: the answer is the import, pending. */
    startFromUpload: () => {
      phase = 'pending';
      return importObject();
    },
    endJob: () => {
      jobDone = true;
    },
    /** What the page read while the job ran, but the import itself (its polls). */
    readsWhilePending: () => callsWhilePending.filter((call) => call.startsWith('GET /')),
  };
}

/** A browser's IntersectionObserver, as if the changes were on the screen at once. */
export class OnScreen {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  disconnect() {}
}

/** An XMLHttpRequest that answers an upload ("Läs in ny fil") with `answer()`, as the server does. */
export function uploadAnswering(answer: () => unknown) {
  return class UploadAnswered {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload = { addEventListener() {} };
    private loaded: (() => void) | undefined;
    open() {}
    addEventListener(type: string, listener: () => void) {
      if (type === 'load') this.loaded = listener;
    }
    send() {
      this.status = 200;
      this.responseText = JSON.stringify({ importObject: answer() });
      setTimeout(() => this.loaded?.(), 0);
    }
  };
}

export const stubIntersection = () => vi.stubGlobal('IntersectionObserver', OnScreen);
