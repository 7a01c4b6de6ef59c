import { ConnectionFailure, DEFAULT_CHECK_TIMEOUT_MS, exchange, runCheck, serviceError, type ConnectionCheck, type HttpAnswer } from '../connection-check.js';

/**
 * The one client of the FlexOffers publisher API (v3), through which Sam's Club's affiliate program
 * runs. Every call carries the domain's API key in the `ApiKey` header; the key also tells FlexOffers
 * which of the publisher's domains is asking. It only tests a connection: the key's domains, then
 * whether that domain is approved for the Sam's Club program.
 */

export const FLEXOFFERS_API_BASE = 'https://api.flexoffers.com';
const SAMS_CLUB = "Sam's Club";
const isSamsClub = (name: unknown) => typeof name === 'string' && /sam'?s\s*club/i.test(name);
const WHERE_KEYS_ARE = 'FlexOffers › Links › Data Feeds › Web Services';

export interface FlexOffersCredentials {
  apiKey: string;
  /** The publisher's domain ID, when given: the key must be that domain's. */
  publisherId: string | null;
}

export interface FlexOffersClientOptions {
  /** A FlexOffers-compatible server instead of api.flexoffers.com (tests, local development). */
  apiBase?: string;
  /** For the whole test, however many calls it takes. */
  timeoutMs?: number;
}

interface FlexOffersDomain {
  domainId?: unknown;
  domainName?: unknown;
  url?: unknown;
}

/** Lists come bare or as `{ results: [...] }`, depending on the endpoint. */
const listOf = (body: unknown): Record<string, unknown>[] => {
  const list = Array.isArray(body) ? body : (body as { results?: unknown } | null)?.results;
  return Array.isArray(list) ? list.filter((entry): entry is Record<string, unknown> => !!entry && typeof entry === 'object') : [];
};

export class FlexOffersClient {
  readonly timeoutMs: number;
  private readonly apiBase: string;

  constructor(options: FlexOffersClientOptions = {}) {
    this.apiBase = (options.apiBase ?? FLEXOFFERS_API_BASE).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  }

  /** Real, minimal, authenticated calls with this key; says in plain words what failed. */
  checkConnection(credentials: FlexOffersCredentials): Promise<ConnectionCheck> {
    return runCheck(this.timeoutMs, async (signal) => {
      const domains = listOf((await this.get('/v3/domains', {}, credentials.apiKey, signal)).body) as FlexOffersDomain[];
      const domain = domains.find((candidate) => String(candidate.domainId) === credentials.publisherId) ?? domains[0];
      if (credentials.publisherId && domains.length > 0 && String(domain?.domainId) !== credentials.publisherId) {
        throw new ConnectionFailure(
          'account_mismatch',
          `This API key belongs to ${nameOf(domain)} (publisher ID ${String(domain?.domainId)}), not to publisher ID ${credentials.publisherId}. ` +
            `Use the key listed for that ID under ${WHERE_KEYS_ARE}, or correct the publisher ID.`,
        );
      }
      const query = { Name: SAMS_CLUB, ProgramStatus: 'Approved', ApplicationStatus: 'Approved', Page: '1', pageSize: '10' };
      const advertisers = listOf((await this.get('/v3/advertisers', query, credentials.apiKey, signal)).body);
      if (!advertisers.some((advertiser) => isSamsClub(advertiser.name))) {
        throw new ConnectionFailure(
          'not_eligible',
          `FlexOffers accepted the API key, but ${nameOf(domain)} is not approved for the Sam's Club program yet. ` +
            "Apply to Sam's Club under Advertisers in FlexOffers, then test again once approved.",
        );
      }
      return { ok: true, message: `FlexOffers accepted the API key of ${nameOf(domain)}, and its Sam's Club program is approved.` };
    });
  }

  /** A GET with the key; a refused key and unexpected answers end the test. */
  private async get(path: string, query: Record<string, string>, apiKey: string, signal: AbortSignal): Promise<HttpAnswer> {
    const url = new URL(`${this.apiBase}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const answer = await exchange('FlexOffers', url.toString(), { headers: { ApiKey: apiKey, accept: 'application/json' } }, signal, this.timeoutMs);
    if (answer.status === 401 || answer.status === 403) {
      throw new ConnectionFailure('bad_credentials', `FlexOffers did not accept this API key. Copy your domain's key again from ${WHERE_KEYS_ARE}.`);
    }
    if (answer.status !== 200) throw serviceError('FlexOffers', answer);
    return answer;
  }
}

function nameOf(domain: FlexOffersDomain | undefined): string {
  const name = domain?.domainName ?? domain?.url;
  return typeof name === 'string' && name ? name : 'your domain';
}
