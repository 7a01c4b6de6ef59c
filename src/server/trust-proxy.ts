import ipaddr from 'ipaddr.js';

/**
 * Which proxies in front of the app may tell it the client's address and scheme (TRUST_PROXY).
 * `false`: none. A number: that many hops counted from the app (the nearest proxy is 1). A list:
 * the proxies' addresses or CIDR ranges (or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 *
 * Never "trust every hop": a proxy such as nginx or an AWS ALB appends to the X-Forwarded-For the
 * client sent, so trusting all of it would make the client's own leftmost entry its address, and
 * every per-address limit could be bypassed by writing a new one into each request.
 */
export type TrustProxySetting = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

/** Reads the setting's text; throws a message naming what is wrong, for env.ts to report. */
export function parseTrustProxy(text: string): TrustProxySetting {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  // `true` meant "behind a proxy" before hop counts existed: the nearest proxy, and only it.
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new Error(`TRUST_PROXY must be true, false, a number of proxies, or a comma-separated list of proxy addresses or CIDR ranges (not ${wrong.join(', ') || 'empty'})`);
  }
  return entries;
}

/**
 * The setting in the form Fastify takes. A hop count becomes a function because Fastify, given a
 * bare number, trusts no proxy at all; the function trusts the socket's peer and the hops behind it.
 */
export function fastifyTrustProxy(setting: TrustProxySetting): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
