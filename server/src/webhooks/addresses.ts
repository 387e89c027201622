import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookLimits } from '#contract';

/**
 * Where a webhook may go (docs/api-webhooks.md, "Safety"): only https, and only to addresses on
 * the internet. ipaddr.js names each range; only "unicast" is public. Private, loopback,
 * link-local (the cloud metadata address 169.254.169.254 among them), unique-local, carrier-grade
 * NAT, reserved and multicast addresses are refused, IPv4 inside IPv6 included. With
 * WEBHOOKS_ALLOW_LOOPBACK (development and tests), http:// and https:// to loopback are allowed,
 * and nothing else private. Checked when an endpoint is added and again at every delivery, on
 * the addresses the connection then uses, so a DNS change cannot point a delivery inward.
 */

export interface AddressPolicy {
  allowLoopback: boolean;
}

export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
}

/** Thrown by the delivery's lookup, so the attempt fails with this reason and no connection is made. */
export class AddressRefused extends Error {
  override name = 'AddressRefused';
  constructor(readonly address: string) {
    super(`Adressen ${address} är inte en adress på internet. Webhooks skickas inte dit.`);
  }
}

const lookupAll = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** The bare host of a URL: without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export const webhookUrlMessages = {
  required: 'Ange mottagarens adress.',
  invalid: 'Ange en giltig adress som börjar med https://, till exempel https://erp.example.se/webhooks.',
  tooLong: `Adressen får vara högst ${webhookLimits.urlMaxLength} tecken.`,
  notHttps: 'Adressen måste börja med https://.',
  credentials: 'Adressen får inte innehålla användarnamn eller lösenord.',
  unresolved: (host: string) => `Namnet ${host} gick inte att slå upp. Kontrollera adressen.`,
  internal: (address: string) =>
    `Adressen pekar på ${address}, som inte är en adress på internet. Webhooks skickas bara till adresser på internet.`,
} as const;

/**
 * Checks a new endpoint's URL: a Swedish field message when it is refused, else the URL as it
 * will be stored.
 */
export async function checkWebhookUrl(
  raw: string,
  policy: AddressPolicy,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const text = raw.trim();
  if (text === '') return { ok: false, message: webhookUrlMessages.required };
  if (text.length > webhookLimits.urlMaxLength) return { ok: false, message: webhookUrlMessages.tooLong };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: webhookUrlMessages.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: webhookUrlMessages.invalid };
  if (url.username || url.password) return { ok: false, message: webhookUrlMessages.credentials };
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookupAll(host)).map((entry) => entry.address);
    } catch {
      return { ok: false, message: webhookUrlMessages.unresolved(host) };
    }
  }
  const refused = addresses.find((address) => !addressAllowed(address, policy));
  if (refused) return { ok: false, message: webhookUrlMessages.internal(refused) };
  // http:// only where loopback is allowed, and then only to loopback.
  if (url.protocol === 'http:' && !(policy.allowLoopback && addresses.every((a) => isLoopback(a))))
    return { ok: false, message: webhookUrlMessages.notHttps };
  url.hash = '';
  return { ok: true, url: url.toString() };
}

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/**
 * The lookup a delivery's connection uses: it resolves the name and refuses the connection when
 * any address it would get is not allowed. Node calls it for names only; a literal address is
 * checked by the caller (deliveryAddressProblem).
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !addressAllowed(entry.address, policy));
      if (refused) return callback(new AddressRefused(refused.address), '', 0);
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/** A delivery URL whose host is a literal address that is not allowed, or whose scheme no longer is. */
export function deliveryAddressProblem(url: URL, policy: AddressPolicy): string | null {
  const host = hostOf(url);
  if (isIP(host) && !addressAllowed(host, policy)) return new AddressRefused(host).message;
  if (url.protocol === 'http:' && !policy.allowLoopback) return webhookUrlMessages.notHttps;
  return null;
}
