import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAll } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WebhookMessages } from '../../../shared/webhooks.schemas.js';

/**
 * Webhooks make this server send requests to addresses operators type in. Without a guard an
 * operator could aim them at the database, the cloud's metadata service (169.254.169.254) or any
 * machine on our private network (server-side request forgery). So, unless WEBHOOK_ALLOW_PRIVATE_URLS
 * is on: https only, and every address the host resolves to must be public unicast. The check runs
 * when an endpoint is saved (to say so at once) and again as each delivery connects, inside the
 * socket's DNS lookup, so a name that later resolves elsewhere (DNS rebinding) is refused too.
 */

/** A URL or address that webhooks will not call; its message is shown to the operator. */
export class WebhookUrlRefused extends Error {}

const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

const ipv4From = (high: number, low: number) => ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as ipaddr.IPv4;

/**
 * The IPv4 address an IPv6 address carries and leads to: IPv4-compatible (::a.b.c.d, which a URL
 * writes as ::7f00:1), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64's
 * well-known prefix (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::). Null for any other address.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const zeroUpTo = (end: number) => parts.slice(0, end).every((part) => part === 0);
  const compatible = zeroUpTo(6);
  const mapped = zeroUpTo(5) && parts[5] === 0xffff;
  const translated = zeroUpTo(4) && parts[4] === 0xffff && parts[5] === 0;
  if (compatible || mapped || translated || address.match(NAT64_WELL_KNOWN)) return ipv4From(parts[6]!, parts[7]!);
  if (address.match(SIX_TO_FOUR)) return ipv4From(parts[1]!, parts[2]!);
  return null;
}

/**
 * Public unicast only: private, loopback, link-local, CGNAT, multicast, unspecified, documentation and
 * the like are refused. An IPv6 form that embeds an IPv4 address is judged as that address, since
 * the host or the network's translator delivers to it ([::7f00:1] must not reach our loopback).
 */
export function isPublicAddress(address: string): boolean {
  try {
    const parsed = ipaddr.parse(address.replace(/%.*$/, ''));
    const judged = parsed.kind() === 'ipv6' ? (embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed) : parsed;
    return judged.range() === 'unicast';
  } catch {
    return false;
  }
}

/** The host as DNS and sockets want it: `[::1]` → `::1`. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The shape of the URL: a web address, https unless private URLs are allowed, and no credentials in it. */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlRefused(WebhookMessages.urlInvalid);
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new WebhookUrlRefused(WebhookMessages.urlNotHttps);
  // A password in a stored URL would be shown back in the list and sent in every request's line.
  if (url.username || url.password) throw new WebhookUrlRefused(WebhookMessages.urlCredentials);
  return url;
}

/** Resolves the host (as the socket will, through the system resolver) and refuses it when any address is not public. */
export async function assertPublicHost(url: URL): Promise<void> {
  const host = hostOf(url);
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new WebhookUrlRefused(WebhookMessages.urlPrivate(host));
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await dnsLookupAll(host, { all: true, verbatim: true });
  } catch {
    throw new WebhookUrlRefused(WebhookMessages.urlUnresolvable(host));
  }
  if (addresses.length === 0) throw new WebhookUrlRefused(WebhookMessages.urlUnresolvable(host));
  if (addresses.some((entry) => !isPublicAddress(entry.address))) throw new WebhookUrlRefused(WebhookMessages.urlPrivate(host));
}

/** The whole check made when an endpoint is saved; answers the URL as it will be stored. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = parseWebhookUrl(raw, allowPrivate);
  if (!allowPrivate) await assertPublicHost(url);
  return url.href;
}

/**
 * A DNS lookup for the delivery's socket that refuses the connection when any address is not
 * public. Used as the request's `lookup`, so the addresses checked are the ones connected to.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) return callback(new WebhookUrlRefused(WebhookMessages.urlPrivate(hostname)), '', 0);
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
