import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { cookieSessionIdHash, type SessionDeps } from '../identity/session';
import { swedishDateOf } from '../lib/calendar';
import type { ReaderIds } from './curlExample';
import type { Reader } from './referenceHtml';

/**
 * Whom the reference page writes its commands for (docs/decisions/0044-pages-for-integrators.md):
 * the service's own address, and a signed-in reader's own ids instead of the examples'.
 */

/** A host as a browser sends it: a name or an IPv4 address, or an IPv6 one in brackets, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The address the commands name. PUBLIC_URL's origin when it is set (what the mails link to).
 * Without it, the request's own origin: its scheme and Host header, or the X-Forwarded-* ones
 * only through TRUST_PROXY. A Host header is anyone's to write, so it is used for nothing but
 * this text, and only when it is a plain host name (else the configured default): the page is
 * the same text a reader could type, and it is never cached for another (`private`).
 */
export function exampleOrigin(request: FastifyRequest, config: SessionDeps['config']): string {
  if (config.PUBLIC_URL) return new URL(config.publicUrl).origin;
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return typeof host === 'string' && HOST.test(host)
    ? `${protocol}://${host.toLowerCase()}`
    : config.publicUrl;
}

/**
 * The signed-in reader's organisation (the first engagement's, as everywhere), its general price
 * list and the price list current today, from the session cookie. Reading the page is not
 * activity: the session is neither slid nor ended here. No session, or an expired one: no ids.
 */
export async function readerIds(request: FastifyRequest, deps: SessionDeps): Promise<ReaderIds> {
  const idHash = cookieSessionIdHash(request, deps.config);
  if (!idHash) return {};
  const now = deps.clock.now();
  const session = await deps.db
    .selectFrom('sessions as s')
    .leftJoin('engagements as e', 'e.user_id', 's.user_id')
    .select('e.organization_id')
    .where('s.id_hash', '=', idHash)
    .where('s.idle_expires_at', '>', now)
    .where('s.absolute_expires_at', '>', now)
    .orderBy('e.position')
    .limit(1)
    .executeTakeFirst();
  if (!session || session.organization_id === null) return {};
  const ids: ReaderIds = { organizationId: session.organization_id };
  const general = await deps.db
    .selectFrom('general_pricelists')
    .select('id')
    .where('organization_id', '=', session.organization_id)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!general) return ids;
  ids.generalPricelistId = general.id;
  const current = await deps.db
    .selectFrom('pricelists')
    .select('id')
    .where('general_pricelist_id', '=', general.id)
    .where('valid_from', '<=', sql<Date>`cast(${swedishDateOf(now)} as date)`)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (current) ids.pricelistId = current.id;
  return ids;
}

/** The reader of one request. */
export async function readerOf(request: FastifyRequest, deps: SessionDeps): Promise<Reader> {
  return { origin: exampleOrigin(request, deps.config), ids: await readerIds(request, deps) };
}
