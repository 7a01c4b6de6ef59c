import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer, type RecordedRequest } from './fake-http-server.js';

/**
 * Amazon's Creators API as our client meets it, in the test process: the token endpoints of the
 * three regions (Login with Amazon for 3.x credentials, Cognito for 2.x) and GetItems. The client
 * reaches it through its `apiBase`, with Amazon's host as the first path segment, so the fake knows
 * which regional endpoint was called. Errors have Amazon's shapes: OAuth's `invalid_client`,
 * GetItems' `{ type, reason, message }`.
 */

export type FakeAuthRegion = 'NA' | 'EU' | 'FE';

export interface FakeAmazonCredential {
  credentialId: string;
  secret: string;
  /** The API region the credential was made in; its token endpoint is the only one that accepts it. */
  region: FakeAuthRegion;
  /** The associate account's tracking IDs and the marketplace each belongs to (www.amazon.com...). */
  tags: Record<string, string>;
  /** False: the account lacks the qualifying sales the Creators API needs (AssociateNotEligible). */
  eligible?: boolean;
}

const LWA_HOSTS: Record<string, FakeAuthRegion> = { 'api.amazon.com': 'NA', 'api.amazon.co.uk': 'EU', 'api.amazon.co.jp': 'FE' };
const COGNITO_HOSTS: Record<string, FakeAuthRegion> = {
  'creatorsapi.auth.us-east-1.amazoncognito.com': 'NA',
  'creatorsapi.auth.eu-south-2.amazoncognito.com': 'EU',
  'creatorsapi.auth.us-west-2.amazoncognito.com': 'FE',
};
const COGNITO_VERSIONS: Record<FakeAuthRegion, string> = { NA: '2.1', EU: '2.2', FE: '2.3' };
const MARKETPLACE_REGIONS: Record<string, FakeAuthRegion> = {
  'www.amazon.com': 'NA',
  'www.amazon.co.uk': 'EU',
  'www.amazon.de': 'EU',
  'www.amazon.fr': 'EU',
  'www.amazon.it': 'EU',
  'www.amazon.es': 'EU',
  'www.amazon.in': 'EU',
  'www.amazon.co.jp': 'FE',
};

interface IssuedToken {
  credential: FakeAmazonCredential;
  flow: 'lwa' | 'cognito';
  expiresAt: number;
}

export class FakeAmazonCreators extends FakeHttpServer {
  readonly credentials: FakeAmazonCredential[];
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(credentials: FakeAmazonCredential[] = []) {
    super();
    this.credentials = [...credentials];
  }

  protected route(request: RecordedRequest, response: ServerResponse, incoming: IncomingMessage): void {
    const [, host = '', ...rest] = request.path.split('/');
    const path = `/${rest.join('/')}`;
    if (request.method === 'POST' && LWA_HOSTS[host] && path === '/auth/o2/token') return this.lwaToken(LWA_HOSTS[host], incoming, request, response);
    if (request.method === 'POST' && COGNITO_HOSTS[host] && path === '/oauth2/token') return this.cognitoToken(COGNITO_HOSTS[host], incoming, request, response);
    if (request.method === 'POST' && host === 'creatorsapi.amazon' && path === '/catalog/v1/getItems') return this.getItems(incoming, request, response);
    this.send(response, 404, { message: 'Not Found' });
  }

  private issue(credential: FakeAmazonCredential, flow: IssuedToken['flow']) {
    const token = `${flow === 'lwa' ? 'Atc|' : 'eyJ'}${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, { credential, flow, expiresAt: Date.now() + 3600_000 });
    return { access_token: token, token_type: 'bearer', expires_in: 3600 };
  }

  private find(region: FakeAuthRegion, flow: IssuedToken['flow'], id: unknown, secret: unknown) {
    const isLwa = (candidate: FakeAmazonCredential) => candidate.credentialId.startsWith('amzn1.application-oa2-client.');
    return this.credentials.find(
      (candidate) => candidate.credentialId === id && candidate.secret === secret && candidate.region === region && isLwa(candidate) === (flow === 'lwa'),
    );
  }

  /** Login with Amazon: a JSON body, scope creatorsapi::default; a refused client is 401 invalid_client. */
  private lwaToken(region: FakeAuthRegion, incoming: IncomingMessage, request: RecordedRequest, response: ServerResponse) {
    const body = (request.json ?? {}) as Record<string, unknown>;
    if (!String(incoming.headers['content-type']).startsWith('application/json') || body.grant_type !== 'client_credentials') {
      return this.send(response, 400, { error: 'invalid_request', error_description: 'The request is missing a required parameter' });
    }
    if (body.scope !== 'creatorsapi::default') return this.send(response, 400, { error: 'invalid_scope', error_description: 'An unknown scope was requested' });
    const credential = this.find(region, 'lwa', body.client_id, body.client_secret);
    if (!credential) return this.send(response, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    this.send(response, 200, this.issue(credential, 'lwa'));
  }

  /** Cognito: a form body, scope creatorsapi/default; a refused client is 400 invalid_client. */
  private cognitoToken(region: FakeAuthRegion, _incoming: IncomingMessage, request: RecordedRequest, response: ServerResponse) {
    const form = new URLSearchParams(request.text);
    if (form.get('grant_type') !== 'client_credentials') return this.send(response, 400, { error: 'unsupported_grant_type' });
    if (form.get('scope') !== 'creatorsapi/default') return this.send(response, 400, { error: 'invalid_scope' });
    const credential = this.find(region, 'cognito', form.get('client_id'), form.get('client_secret'));
    if (!credential) return this.send(response, 400, { error: 'invalid_client' });
    this.send(response, 200, this.issue(credential, 'cognito'));
  }

  private getItems(incoming: IncomingMessage, request: RecordedRequest, response: ServerResponse) {
    const [, token = '', version] = /^Bearer ([^,\s]+)(?:, Version (\S+))?$/.exec(String(incoming.headers.authorization ?? '')) ?? [];
    const issued = this.tokens.get(token);
    const versionOk = issued && (issued.flow === 'lwa' ? !version : version === COGNITO_VERSIONS[issued.credential.region]);
    if (!issued || issued.expiresAt < Date.now() || !versionOk) {
      return this.send(response, 401, { type: 'UnauthorizedException', message: 'The access token is missing, expired or invalid.' });
    }
    const body = (request.json ?? {}) as { marketplace?: string; partnerTag?: string; itemIds?: string[] };
    const marketplace = String(incoming.headers['x-marketplace'] ?? '');
    if (!MARKETPLACE_REGIONS[marketplace] || body.marketplace !== marketplace) {
      return this.send(response, 400, { type: 'ValidationException', reason: 'InvalidParameterValue', message: 'The marketplace is missing or invalid.' });
    }
    const { credential } = issued;
    if (MARKETPLACE_REGIONS[marketplace] !== credential.region) {
      return this.send(response, 400, { type: 'ValidationException', reason: 'InvalidAssociate', message: `The credentials are not valid for marketplace ${marketplace}.` });
    }
    if (credential.eligible === false) {
      return this.send(response, 403, { type: 'AccessDeniedException', reason: 'AssociateNotEligible', message: 'Your account does not currently meet the eligibility requirements.' });
    }
    if (credential.tags[body.partnerTag ?? ''] !== marketplace) {
      return this.send(response, 400, {
        type: 'ValidationException',
        reason: 'InvalidPartnerTag',
        message: `The partner tag ${body.partnerTag ?? ''} is not mapped to a valid associate store in marketplace ${marketplace}.`,
      });
    }
    const items = (body.itemIds ?? []).map((asin) => ({ asin, detailPageURL: `https://${marketplace}/dp/${asin}?tag=${body.partnerTag}`, itemInfo: { title: { displayValue: `Item ${asin}` } } }));
    this.send(response, 200, { itemsResult: { items } });
  }
}
