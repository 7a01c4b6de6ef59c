import { AMAZON_MARKETPLACES, type AmazonRegion } from '../../../shared/retail-affiliates.schemas.js';
import { ConnectionFailure, DEFAULT_CHECK_TIMEOUT_MS, exchange, runCheck, serviceError, stringField, type ConnectionCheck } from '../connection-check.js';

/**
 * The one client of Amazon's Creators API (the successor of PA-API 5.0). It only tests a connection:
 * an OAuth 2.0 client-credentials token from the region's token endpoint, then one GetItems call with
 * the associate ID. See docs/decisions/0025-retail-affiliate-integrations.md for the sources.
 */

/** Amazon's three API regions; each marketplace authenticates in one of them. */
type AuthRegion = 'NA' | 'EU' | 'FE';
const AUTH_REGIONS: readonly AuthRegion[] = ['NA', 'EU', 'FE'];
const AUTH_REGION_OF: Record<AmazonRegion, AuthRegion> = { US: 'NA', UK: 'EU', DE: 'EU', FR: 'EU', IT: 'EU', ES: 'EU', IN: 'EU', JP: 'FE' };
const AUTH_REGION_NAMES: Record<AuthRegion, string> = {
  NA: 'North America (United States)',
  EU: 'Europe and India (United Kingdom, Germany, France, Italy, Spain, India)',
  FE: 'Far East (Japan)',
};

/**
 * Credentials made since Amazon moved the API to Login with Amazon (versions 3.x) have LWA client ids;
 * the first ones (versions 2.x) sign in through Amazon Cognito, with another scope, a form body and
 * the version in the Authorization header.
 */
type AuthFlow = 'lwa' | 'cognito';
const TOKEN_URLS: Record<AuthFlow, Record<AuthRegion, string>> = {
  lwa: {
    NA: 'https://api.amazon.com/auth/o2/token',
    EU: 'https://api.amazon.co.uk/auth/o2/token',
    FE: 'https://api.amazon.co.jp/auth/o2/token',
  },
  cognito: {
    NA: 'https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token',
    EU: 'https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token',
    FE: 'https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token',
  },
};
const COGNITO_VERSIONS: Record<AuthRegion, string> = { NA: '2.1', EU: '2.2', FE: '2.3' };
const flowOf = (credentialId: string): AuthFlow => (credentialId.startsWith('amzn1.application-oa2-client.') ? 'lwa' : 'cognito');

export const GET_ITEMS_URL = 'https://creatorsapi.amazon/catalog/v1/getItems';
/** Any item will do: the call proves the token, the associate ID and eligibility; an unknown item still counts. */
const PROBE_ASIN = 'B07FZ8S74R';
/** Associate IDs end by their store: -20 amazon.com, -21 the European stores and India, -22 Japan. */
const TAG_STORES: Record<string, string> = { '20': 'amazon.com (US)', '21': 'a European store or amazon.in', '22': 'amazon.co.jp (JP)' };

export interface AmazonCredentials {
  /** Our "access key ID": the Creators API credential ID. */
  credentialId: string;
  /** Our "secret key": the Creators API credential secret. */
  credentialSecret: string;
  /** The associate ID (tracking ID, partner tag). */
  partnerTag: string;
  region: AmazonRegion;
}

export interface AmazonCreatorsClientOptions {
  /** A local server instead of Amazon: each call goes to `{apiBase}/{Amazon's host}{path}`. */
  apiBase?: string;
  /** For the whole test, however many calls it takes. */
  timeoutMs?: number;
}

export class AmazonCreatorsClient {
  readonly timeoutMs: number;
  private readonly apiBase: string | undefined;

  constructor(options: AmazonCreatorsClientOptions = {}) {
    this.apiBase = options.apiBase?.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  }

  /** A real, minimal, authenticated call with these credentials; says in plain words what failed. */
  checkConnection(credentials: AmazonCredentials): Promise<ConnectionCheck> {
    return runCheck(this.timeoutMs, async (signal) => {
      const flow = flowOf(credentials.credentialId);
      const home = AUTH_REGION_OF[credentials.region];
      const token = await this.token(flow, home, credentials, signal);
      if (token === null) return this.explainRefusal(flow, home, credentials, signal);
      return this.probeItems(flow, home, token, credentials, signal);
    });
  }

  private url(real: string): string {
    if (!this.apiBase) return real;
    const { host, pathname } = new URL(real);
    return `${this.apiBase}/${host}${pathname}`;
  }

  /** The access token, or null when Amazon refused the credential ID and secret in this region. */
  private async token(flow: AuthFlow, region: AuthRegion, credentials: AmazonCredentials, signal: AbortSignal): Promise<string | null> {
    const fields = {
      grant_type: 'client_credentials',
      client_id: credentials.credentialId,
      client_secret: credentials.credentialSecret,
      scope: flow === 'lwa' ? 'creatorsapi::default' : 'creatorsapi/default',
    };
    const init: RequestInit =
      flow === 'lwa'
        ? { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(fields) }
        : { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: new URLSearchParams(fields).toString() };
    const answer = await exchange('Amazon', this.url(TOKEN_URLS[flow][region]), init, signal, this.timeoutMs);
    const accessToken = stringField(answer.body, 'access_token');
    if (answer.status === 200 && accessToken) return accessToken;
    const error = stringField(answer.body, 'error');
    if ((answer.status === 400 || answer.status === 401) && (error === 'invalid_client' || error === 'unauthorized_client')) return null;
    throw serviceError('Amazon', answer);
  }

  /** Credentials belong to one API region: refused here, they may be right for another. */
  private async explainRefusal(flow: AuthFlow, home: AuthRegion, credentials: AmazonCredentials, signal: AbortSignal): Promise<ConnectionCheck> {
    for (const other of AUTH_REGIONS.filter((region) => region !== home)) {
      if ((await this.token(flow, other, credentials, signal)) === null) continue;
      return {
        ok: false,
        problem: 'region_mismatch',
        message:
          `These credentials were made for Amazon's ${AUTH_REGION_NAMES[other]} region, not for ${AMAZON_MARKETPLACES[credentials.region].label}. ` +
          'Choose the region of your Associates store, or make credentials in that store’s Associates Central.',
      };
    }
    return {
      ok: false,
      problem: 'bad_credentials',
      message:
        'Amazon did not accept this access key ID and secret key. Copy the Credential ID and Credential Secret again from ' +
        'Associates Central › Tools › Creators API (the secret is shown only when the credential is made).',
    };
  }

  private async probeItems(flow: AuthFlow, region: AuthRegion, token: string, credentials: AmazonCredentials, signal: AbortSignal): Promise<ConnectionCheck> {
    const { marketplace, label } = AMAZON_MARKETPLACES[credentials.region];
    const body = {
      itemIds: [PROBE_ASIN],
      itemIdType: 'ASIN',
      marketplace,
      partnerTag: credentials.partnerTag,
      partnerType: 'Associates',
      resources: ['itemInfo.title'],
    };
    const headers = {
      authorization: flow === 'lwa' ? `Bearer ${token}` : `Bearer ${token}, Version ${COGNITO_VERSIONS[region]}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'x-marketplace': marketplace,
    };
    const answer = await exchange('Amazon', this.url(GET_ITEMS_URL), { method: 'POST', headers, body: JSON.stringify(body) }, signal, this.timeoutMs);
    // 404 is "no such item": the credentials, the associate ID and the account were all accepted.
    if (answer.status === 200 || answer.status === 404) {
      return { ok: true, message: `Amazon accepted your credentials and the associate ID ${credentials.partnerTag} for ${label}.` };
    }
    if (/InvalidPartnerTag|InvalidAssociate/.test(answer.text)) {
      const store = TAG_STORES[/-(\d{2})$/.exec(credentials.partnerTag)?.[1] ?? ''];
      const hint = store ? ` Associate IDs ending like yours belong to ${store}.` : '';
      throw new ConnectionFailure(
        'region_mismatch',
        `Amazon does not know the associate ID ${credentials.partnerTag} in ${label}.${hint} Choose the region where you joined Associates, or check the ID.`,
      );
    }
    if (answer.status === 403 && /AssociateNotEligible/.test(answer.text)) {
      throw new ConnectionFailure(
        'not_eligible',
        'Amazon accepted the credentials, but your Associates account may not use the Creators API yet: Amazon requires an ' +
          'approved account with 10 qualifying sales in the last 30 days. Links with your associate ID still earn commission meanwhile.',
      );
    }
    if (answer.status === 401 || answer.status === 403) {
      throw new ConnectionFailure('bad_credentials', 'Amazon refused these credentials for the Creators API. Make a new credential in Associates Central › Tools › Creators API.');
    }
    throw serviceError('Amazon', answer);
  }
}
