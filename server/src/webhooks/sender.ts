import http from 'node:http';
import https from 'node:https';
import type { Config } from '../config';
import {
  type AddressPolicy,
  AddressRefused,
  deliveryAddressProblem,
  guardedLookup,
  type Resolve,
} from './addresses';

/**
 * The HTTP side of a delivery (docs/api-webhooks.md, "Delivery" and "Safety"): one POST, success
 * only on a 2xx answer within WEBHOOKS_TIMEOUT_SECONDS, redirects not followed, at most a
 * kilobyte of the answer read. Every new connection goes through the guarded lookup, so it uses
 * only addresses that were checked; a plain http:// connection only loopback ones.
 */

export type AttemptResult =
  | { ok: true; statusCode: number }
  | { ok: false; statusCode: number | null; error: string };

/** Keep-alive connections per instance; every new connection goes through the guarded lookup. */
export interface WebhookSender {
  post(url: URL, headers: Record<string, string>, body: string): Promise<AttemptResult>;
  close(): void;
}

/** The most of an answer's body that is read: only its status matters. */
const ANSWER_BYTES_READ = 1024;

export function createWebhookSender(
  config: Pick<Config, 'WEBHOOKS_ALLOW_LOOPBACK' | 'WEBHOOKS_TIMEOUT_SECONDS'>,
  /** How names are resolved; the system's resolver unless a test gives its own. */
  resolve?: Resolve,
): WebhookSender {
  const policy: AddressPolicy = { allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK };
  const lookups = {
    'http:': guardedLookup(policy, { plainHttp: true, ...(resolve && { resolve }) }),
    'https:': guardedLookup(policy, resolve && { resolve }),
  };
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 8, lookup: lookups['http:'] }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 8, lookup: lookups['https:'] }),
  };
  const timeoutMs = config.WEBHOOKS_TIMEOUT_SECONDS * 1000;
  return {
    post(url, headers, body) {
      const problem = deliveryAddressProblem(url, policy);
      if (problem) return Promise.resolve({ ok: false, statusCode: null, error: problem });
      const scheme = url.protocol === 'https:' ? 'https:' : 'http:';
      const client = scheme === 'https:' ? https : http;
      return new Promise<AttemptResult>((resolve) => {
        const request = client.request(
          url,
          {
            method: 'POST',
            agent: agents[scheme],
            lookup: lookups[scheme],
            signal: AbortSignal.timeout(timeoutMs),
            headers: {
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
              'user-agent': 'Hjalpmedelsdatabasen-Webhooks/1',
              ...headers,
            },
          },
          (response) => {
            const statusCode = response.statusCode ?? 0;
            let read = 0;
            response.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > ANSWER_BYTES_READ) response.destroy();
            });
            const settle = () => resolve(resultOfStatus(statusCode));
            response.on('end', settle);
            response.on('close', settle);
            response.on('error', settle);
          },
        );
        request.on('error', (error) =>
          resolve({ ok: false, statusCode: null, error: reasonOf(error, timeoutMs) }),
        );
        request.end(body);
      });
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

function resultOfStatus(statusCode: number): AttemptResult {
  if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode };
  if (statusCode >= 300 && statusCode < 400)
    return {
      ok: false,
      statusCode,
      error: `Svarade med en omdirigering (HTTP ${statusCode}), som inte följs.`,
    };
  return { ok: false, statusCode, error: `Svarade HTTP ${statusCode}.` };
}

/** Why an attempt got no answer, in Swedish for the deliveries list. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof AddressRefused) return error.message;
  const { name, code } = error as { name?: string; code?: string };
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'ABORT_ERR')
    return `Inget svar inom ${timeoutMs / 1000} sekunder.`;
  if (code === 'ECONNREFUSED') return 'Mottagaren tog inte emot anslutningen (ECONNREFUSED).';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Namnet gick inte att slå upp (${code}).`;
  if (code === 'ECONNRESET') return 'Mottagaren stängde anslutningen (ECONNRESET).';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT'))
    return `TLS-anslutningen misslyckades (${code}).`;
  return `Anslutningen misslyckades${code ? ` (${code})` : ''}.`;
}
