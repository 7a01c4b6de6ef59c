import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer, type RecordedRequest } from './fake-http-server.js';

/**
 * The FlexOffers publisher API (v3) as our client meets it, in the test process: the `ApiKey`
 * header names a publisher's domain; `/v3/domains` lists it, `/v3/advertisers` lists the programs it
 * is approved for. A refused key is answered as FlexOffers' ASP.NET service answers one (401 with a
 * `Message`); the advertisers call refuses a request without its required parameters (400).
 */

export interface FakeFlexOffersDomain {
  apiKey: string;
  domainId: number;
  domainName: string;
  url: string;
  /** Names of the advertisers whose programs approved this domain ("Sam's Club"...). */
  approvedAdvertisers: string[];
}

const REQUIRED_ADVERTISER_PARAMS = ['ProgramStatus', 'ApplicationStatus', 'Page', 'pageSize'];

export class FakeFlexOffers extends FakeHttpServer {
  readonly domains: FakeFlexOffersDomain[];

  constructor(domains: FakeFlexOffersDomain[] = []) {
    super();
    this.domains = [...domains];
  }

  protected route(request: RecordedRequest, response: ServerResponse, incoming: IncomingMessage): void {
    const domain = this.domains.find((candidate) => candidate.apiKey === incoming.headers.apikey);
    if (!domain) return this.send(response, 401, { Message: 'Authorization has been denied for this request.' });
    if (request.method === 'GET' && request.path === '/v3/domains') {
      return this.send(response, 200, [{ domainId: domain.domainId, domainName: domain.domainName, url: domain.url }]);
    }
    if (request.method === 'GET' && request.path === '/v3/advertisers') return this.advertisers(domain, request, response);
    this.send(response, 404, { Message: `No HTTP resource was found that matches the request URI '${request.path}'.` });
  }

  private advertisers(domain: FakeFlexOffersDomain, request: RecordedRequest, response: ServerResponse) {
    const missing = REQUIRED_ADVERTISER_PARAMS.filter((name) => !request.query[name]);
    if (missing.length) return this.send(response, 400, { Message: 'The request is invalid.', ModelState: { [missing[0]!]: [`${missing[0]} is required.`] } });
    const name = (request.query.Name ?? '').toLowerCase();
    const approved = request.query.ApplicationStatus === 'Approved' || request.query.ApplicationStatus === 'All';
    const results = approved
      ? domain.approvedAdvertisers
          .filter((advertiser) => advertiser.toLowerCase().includes(name))
          .map((advertiser, index) => ({ id: 1000 + index, name: advertiser, programStatus: 'Approved', applicationStatus: 'Approved', domainUrl: `https://www.${advertiser.replace(/\W/g, '').toLowerCase()}.com` }))
      : [];
    this.send(response, 200, { results, totalCount: results.length });
  }
}
