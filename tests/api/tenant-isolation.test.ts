import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct, insertVotes } from '../../src/server/db/factories.js';
import { createSuggestion, createVendingIssue } from '../../src/server/db/feedback-factories.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, signIn, type ApiMethod } from './helpers.js';

/**
 * One table of every operator call that names an id, each tried by operator B with operator A's
 * ids: every one must answer exactly like a missing id (404), change nothing, and B's lists
 * must never carry A's rows.
 */
let t: TestApp;
let intruder: string;
let owner: string;
const ids = { machine: 0, product: 0, suggestion: 0, issue: 0, charity: 0, donation: 0, apiToken: 0, webhook: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const a = await signIn(t);
  owner = a.cookie;
  intruder = (await signIn(t)).cookie;
  const machine = await createMachine(t.database.db, a.user.id, { name: 'Owner machine' });
  const product = await createProduct(t.database.db, a.user.id, { name: 'Owner product' });
  await insertVotes(t.database.db, [{ productId: product.id, machineId: machine.id, voteType: 'up', voterId: 'v1', createdAt: new Date() }]);
  ids.machine = machine.id;
  ids.product = product.id;
  ids.suggestion = (await createSuggestion(t.database.db, a.user.id, { machineId: machine.id, name: 'Owner idea' })).id;
  ids.issue = (await createVendingIssue(t.database.db, a.user.id, { machineId: machine.id, productName: 'Owner issue' })).id;
  // A charity of the owner's own (the directory is everyone's) and a donation to it.
  const charity = await api(t, owner).post('/api/donation-hub/charities', { name: 'Owner pantry', zip: '78741', acceptedItems: ['Water'] });
  ids.charity = charity.json().id;
  const donation = await api(t, owner).post('/api/donation-hub/record', { charityId: ids.charity, products: [{ name: 'Owner chips', quantity: 2, unitValue: '1.50' }] });
  expect(donation.statusCode, donation.body).toBe(201);
  ids.donation = donation.json().id;
  const apiToken = await api(t, owner).post('/api/settings/api-tokens', { name: 'Owner script', access: 'read-only' });
  expect(apiToken.statusCode, apiToken.body).toBe(201);
  ids.apiToken = apiToken.json().id;
  expect((await api(t, owner).post(`/api/machines/${machine.id}/share-link`)).statusCode).toBe(201);
  const webhook = await api(t, owner).post('/api/webhooks', { url: 'http://127.0.0.1:9/owner-hook', events: ['issue.created'] });
  expect(webhook.statusCode, webhook.body).toBe(201);
  ids.webhook = webhook.json().endpoint.id;
});
afterAll(() => t.close());

const FOREIGN_ID_CALLS: [ApiMethod, (i: typeof ids) => string, unknown?][] = [
  ['PATCH', (i) => `/api/machines/${i.machine}`, { name: 'Taken over' }],
  ['DELETE', (i) => `/api/machines/${i.machine}`],
  ['POST', () => '/api/qr-code/generate', undefined],
  ['DELETE', (i) => `/api/products/${i.product}`],
  ['PATCH', (i) => `/api/products/${i.product}`, { name: 'Taken over' }],
  ['POST', (i) => `/api/suggestions/${i.suggestion}/approve`, undefined],
  ['POST', (i) => `/api/suggestions/${i.suggestion}/decline`, undefined],
  ['PATCH', (i) => `/api/suggestions/${i.suggestion}`, { status: 'declined' }],
  ['PATCH', (i) => `/api/vending-issues/${i.issue}/status`, { status: 'resolved' }],
  ['PATCH', (i) => `/api/vending-issues/${i.issue}`, { status: 'investigating' }],
  ['PUT', (i) => `/api/products/${i.product}/unit-cost`, { unitCost: '1.00' }],
  ['GET', (i) => `/api/analytics/inventory?machineId=${i.machine}`],
  ['GET', (i) => `/api/analytics/demographics?machineId=${i.machine}`],
  ['GET', (i) => `/api/analytics/forecasts/${i.machine}/${i.product}`],
  ['GET', (i) => `/api/analytics/demographics/report.pdf?machineId=${i.machine}`],
  ['GET', (i) => `/api/stock/restocks?machineId=${i.machine}&productId=${i.product}`],
  ['POST', () => '/api/stock/restocks', undefined],
  ['POST', () => '/api/stock/purchase-list/items', undefined],
  ['GET', (i) => `/api/stock/purchase-list/pick-list.pdf?machineId=${i.machine}`],
  ['PUT', (i) => `/api/donation-hub/charities/${i.charity}`, { name: 'Taken over', zip: '78741' }],
  ['DELETE', (i) => `/api/donation-hub/charities/${i.charity}`],
  ['PUT', (i) => `/api/donation-hub/charities/${i.charity}/accepted-items`, { items: ['Taken over'] }],
  ['GET', (i) => `/api/donation-hub/donations/${i.donation}`],
  ['GET', (i) => `/api/donation-hub/donations/${i.donation}/receipt.pdf`],
  ['POST', () => '/api/donation-hub/record', undefined],
  ['GET', (i) => `/api/exports/votes.csv?machineId=${i.machine}`],
  ['GET', (i) => `/api/exports/products.csv?machineId=${i.machine}`],
  ['GET', (i) => `/api/exports/suggestions.csv?machineId=${i.machine}`],
  ['GET', (i) => `/api/exports/vending-issues.csv?machineId=${i.machine}`],
  ['GET', (i) => `/api/exports/magnet-orders.csv?machineId=${i.machine}`],
  ['DELETE', (i) => `/api/settings/api-tokens/${i.apiToken}`],
  ['GET', (i) => `/api/machines/${i.machine}/share-link`],
  ['GET', (i) => `/api/scan-funnel?machineId=${i.machine}`],
  ['POST', (i) => `/api/machines/${i.machine}/share-link`],
  ['DELETE', (i) => `/api/machines/${i.machine}/share-link`],
  ['PATCH', (i) => `/api/webhooks/${i.webhook}`, { enabled: false }],
  ['DELETE', (i) => `/api/webhooks/${i.webhook}`],
  ['POST', (i) => `/api/webhooks/${i.webhook}/roll-secret`],
  ['POST', (i) => `/api/webhooks/${i.webhook}/test`],
  ['GET', (i) => `/api/webhooks/${i.webhook}/deliveries`],
];

/** Calls whose ids travel in the body rather than the path. */
function bodyNaming(path: string, i: typeof ids): unknown {
  if (path === '/api/qr-code/generate') return { machineId: i.machine };
  if (path === '/api/stock/restocks') return { machineId: i.machine, productId: i.product, unitsLeft: 1, unitsFilled: 10 };
  if (path === '/api/stock/purchase-list/items') return { items: [{ machineId: i.machine, productId: i.product, quantity: 5, source: 'manual' }] };
  if (path === '/api/donation-hub/record') return { charityId: i.charity, products: [{ name: 'Chips', quantity: 1, unitValue: '1.00' }] };
  return undefined;
}

describe("another operator's ids", () => {
  for (const [method, path, payload] of FOREIGN_ID_CALLS) {
    test(`${method} ${path({ machine: 0, product: 0, suggestion: 0, issue: 0, charity: 0, donation: 0, apiToken: 0, webhook: 0 }).replace(/\/0/g, '/:id')} answers 404, exactly like a missing id`, async () => {
      const body = bodyNaming(path(ids), ids) ?? payload;
      const foreign = await api(t, intruder).send(method, path(ids), body);
      expect(foreign.statusCode, foreign.body).toBe(404);
      const missingIds = { machine: 999_999, product: 999_999, suggestion: 999_999, issue: 999_999, charity: 999_999, donation: 999_999, apiToken: 999_999, webhook: 999_999 };
      const missingBody = bodyNaming(path(ids), missingIds) ?? payload;
      const missing = await api(t, intruder).send(method, path(missingIds), missingBody);
      expect(missing.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
    });
  }

  test('the owner still has everything, unchanged', async () => {
    const machines = (await api(t, owner).get('/api/machines')).json();
    expect(machines.map((m: { id: number; name: string }) => [m.id, m.name])).toEqual([[ids.machine, 'Owner machine']]);
    const products = (await api(t, owner).get('/api/products')).json();
    expect(products).toMatchObject([{ id: ids.product, votes: 1 }]);
    const suggestions = (await api(t, owner).get('/api/suggestions')).json();
    expect(suggestions).toMatchObject([{ id: ids.suggestion, status: 'pending' }]);
    const issues = (await api(t, owner).get('/api/vending-issues')).json();
    expect(issues).toMatchObject([{ id: ids.issue, status: 'open' }]);
    const charities = (await api(t, owner).get('/api/donation-hub/charities')).json();
    expect(charities).toMatchObject([{ id: ids.charity, name: 'Owner pantry', acceptedItems: ['Water'] }]);
    const donations = (await api(t, owner).get('/api/donation-hub/history')).json();
    expect(donations).toMatchObject([{ id: ids.donation, charityId: ids.charity, totalValue: '3.00' }]);
    expect((await api(t, owner).get('/api/settings/api-tokens')).json()).toMatchObject([{ id: ids.apiToken, name: 'Owner script' }]);
    expect((await api(t, owner).get(`/api/machines/${ids.machine}/share-link`)).json()).toMatchObject({ active: true, lastViewedAt: null });
    expect((await api(t, owner).get('/api/webhooks')).json()).toMatchObject([{ id: ids.webhook, enabled: true }]);
  });

  test('a reset by another operator leaves these counts alone', async () => {
    expect((await api(t, intruder).post('/api/votes/reset')).statusCode).toBe(200);
    expect((await api(t, owner).get('/api/products')).json()).toMatchObject([{ id: ids.product, votes: 1 }]);
    expect((await api(t, owner).get('/api/stats')).json()).toMatchObject({ totalVotes: 1, activeVoters: 1 });
  });

  test("the full machine is the owner's: others read only its name and location", async () => {
    const view = (await api(t, intruder).get(`/api/machines/${ids.machine}`)).json();
    expect(view).toEqual({ id: ids.machine, name: 'Owner machine', location: expect.any(String) });
  });
});

describe("another operator's lists", () => {
  const LISTS = ['/api/machines', '/api/products', '/api/suggestions', '/api/vending-issues', '/api/dashboard/machines', '/api/donation-hub/charities', '/api/donation-hub/history', '/api/settings/api-tokens', '/api/webhooks'];
  for (const list of LISTS) {
    test(`${list} is empty for an operator with no data of their own`, async () => {
      const response = await api(t, intruder).get(list);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });
  }

  test('stats and issue counts count nothing of the other operator', async () => {
    expect((await api(t, intruder).get('/api/stats')).json()).toMatchObject({ totalVotes: 0, totalProducts: 0, activeVoters: 0, votesToday: 0 });
    expect((await api(t, intruder).get('/api/vending-issues/counts')).json()).toEqual({ total: 0, open: 0, investigating: 0, resolved: 0 });
  });

  test('the QR sheet has no machine of the other operator to print', async () => {
    expect((await api(t, intruder).get('/api/qr-code/sheet.pdf')).statusCode).toBe(404);
  });
});

describe('signed out', () => {
  const OPERATOR_CALLS: [ApiMethod, string][] = [
    ['GET', '/api/machines'],
    ['POST', '/api/machines'],
    ['PATCH', '/api/machines/1'],
    ['DELETE', '/api/machines/1'],
    ['POST', '/api/qr-code/generate'],
    ['GET', '/api/qr-code/sheet.pdf'],
    ['POST', '/api/products'],
    ['DELETE', '/api/products/1'],
    ['POST', '/api/votes/reset'],
    ['GET', '/api/dashboard/machines'],
    ['GET', '/api/suggestions'],
    ['POST', '/api/suggestions/1/approve'],
    ['POST', '/api/suggestions/1/decline'],
    ['PATCH', '/api/suggestions/1'],
    ['GET', '/api/vending-issues'],
    ['GET', '/api/vending-issues/counts'],
    ['PATCH', '/api/vending-issues/1'],
    ['PATCH', '/api/vending-issues/1/status'],
    ['GET', '/api/donation-hub/search?zipCode=78741'],
    ['GET', '/api/donation-hub/history'],
    ['POST', '/api/donation-hub/record'],
    ['POST', '/api/donation-hub/charities'],
    ['PUT', '/api/donation-hub/charities/1'],
    ['DELETE', '/api/donation-hub/charities/1'],
    ['PUT', '/api/donation-hub/charities/1/accepted-items'],
    ['GET', '/api/donation-hub/donations/1'],
    ['GET', '/api/donation-hub/donations/1/receipt.pdf'],
    ['GET', '/api/donation-hub/tax-summary'],
    ['PUT', '/api/donation-hub/tax-settings'],
    ['GET', '/api/donation-hub/summary.pdf'],
    ['GET', '/api/donation-hub/export.csv'],
    ['GET', '/api/exports/votes.csv'],
    ['GET', '/api/webhooks'],
    ['POST', '/api/webhooks'],
    ['PATCH', '/api/webhooks/1'],
  ];
  for (const [method, url] of OPERATOR_CALLS) {
    test(`${method} ${url} answers 401 Unauthorized, before looking at the body`, async () => {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { not: 'valid' };
      const response = await api(t).send(method, url, payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    });
  }
});
