import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookLimits } from '#contract';

/**
 * Where a webhook may go (docs/api-webhooks.md, "Safety"): only https, and only to addresses on
 * the internet. ipaddr.js names each range; only "unicast" is public. Private, loopback,
 * link-local (the cloud metadata address 169.254.169.254 among them), unique-local, carrier-grade
 * NAT, reserved and multicast addresses are refused, IPv4 inside IPv6 included (mapped, NAT64,
 * 6to4, Teredo). An IPv6 address must moreover be in the global unicast space 2000::/3, which
 * refuses the IPv4-compatible ::a.b.c.d (ipaddr.js calls ::7f00:1 "unicast") and anything not yet
 * assigned. With WEBHOOKS_ALLOW_LOOPBACK (development and tests), http:// and https:// to
 * loopback are allowed, and nothing else private; plain http:// goes only to loopback, also when
 * a name later resolves elsewhere. Checked when an endpoint is added and again at every delivery,
 * on the addresses the connection then uses, so a DNS change cannot point a delivery inward.
 */

export interface AddressPolicy {
  allowLoopback: boolean;
}

/** IPv6's global unicast space (RFC 4291): the only IPv6 addresses on the internet. */
const globalUnicastV6 = ipaddr.IPv6.parseCIDR('2000::/3');

export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) comes back as the IPv4 address it carries.
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === 'loopback') return policy.allowLoopback;
  if (range !== 'unicast') return false;
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(globalUnicastV6);
}

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/** Thrown by the delivery's lookup, so the attempt fails with this reason and no connection is made. */
export class AddressRefused extends Error {
  override name = 'AddressRefused';
  constructor(
    readonly address: string,
    message = `Adressen ${address} är inte en adress på internet. Webhooks skickas inte dit.`,
  ) {
    super(message);
  }
}

/** Why a delivery may not connect to `address`, or null: not on the internet, or plain http beyond loopback. */
function refusalOf(address: string, policy: AddressPolicy, plainHttp: boolean): AddressRefused | null {
  if (!addressAllowed(address, policy)) return new AddressRefused(address);
  if (plainHttp && !isLoopback(address))
    return new AddressRefused(
      address,
      `Adressen ${address} är inte loopback. Med http:// skickas webhooks bara till loopback; andra adresser måste börja med https://.`,
    );
  return null;
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

/** Every address a name resolves to (dns.lookup with `all`); tests may give their own. */
export type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: Resolve = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * The lookup a delivery's connection uses: it resolves the name and refuses the connection when
 * any address it would get is not allowed, or, for plain http://, is not loopback. Node calls it
 * for names only; a literal address is checked by the caller (deliveryAddressProblem).
 */
export function guardedLookup(
  policy: AddressPolicy,
  { plainHttp = false, resolve = systemResolve }: { plainHttp?: boolean; resolve?: Resolve } = {},
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0)
        return callback(Object.assign(new Error(hostname), { code: 'ENOTFOUND' }), '', 0);
      for (const entry of addresses) {
        const refused = refusalOf(entry.address, policy, plainHttp);
        if (refused) return callback(refused, '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * Why a delivery URL may not be sent to before any connection: its scheme is not (or no longer)
 * allowed, or its host is a literal address that is not. A name is checked by guardedLookup.
 */
export function deliveryAddressProblem(url: URL, policy: AddressPolicy): string | null {
  const plainHttp = url.protocol === 'http:';
  if (!plainHttp && url.protocol !== 'https:') return webhookUrlMessages.notHttps;
  if (url.username || url.password) return webhookUrlMessages.credentials;
  if (plainHttp && !policy.allowLoopback) return webhookUrlMessages.notHttps;
  const host = hostOf(url);
  return isIP(host) ? (refusalOf(host, policy, plainHttp)?.message ?? null) : null;
}
