import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../support/index.js';

/**
 * Voters as phones make them: a vote needs the `voter` cookie that only the vote page hands out
 * (its HTML or its data call), so a test voter first loads the page's data from its address.
 */

/** The `voter` cookie an answer set, as a Cookie header value, or null when it set none. */
export function voterCookieSetBy(res: LightMyRequestResponse): string | null {
  const cookie = res.cookies.find((c) => c.name === 'voter');
  return cookie ? `voter=${cookie.value}` : null;
}

/**
 * Loads the vote page's data of a machine (or the demo page) from `ip` and returns the voter
 * cookie it set. A machine id that names no page (a test of a vote at an unknown machine) gets
 * the cookie from the demo page, which a phone would have opened before.
 */
export async function newVoter(t: TestApp, options: { machineId?: number | string | null; ip: string }): Promise<string> {
  const load = (page: string) => t.app.inject({ method: 'GET', url: `/api/vote-page/${page}`, remoteAddress: options.ip });
  const machine = options.machineId === undefined || options.machineId === null ? null : String(options.machineId);
  let res = await load(machine ?? 'demo');
  if (res.statusCode !== 200 && machine !== null) res = await load('demo');
  const cookie = voterCookieSetBy(res);
  if (!cookie) throw new Error(`No voter cookie from the vote page (${res.statusCode} ${res.body})`);
  return cookie;
}
