import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { charities, charityAcceptedItems, donations } from '../../src/server/db/schema.js';
import type { Charity, DonationRecord } from '../../src/shared/donation-hub.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { charityIdByEin, donationBody, importSample, line, pdfText, record } from './donation-hub-helpers.js';
import { api, expectJsonError, signIn } from './helpers.js';

const CHARITIES = '/api/donation-hub/charities';
const READ_ONLY = 'Only charities you added can be changed; you can note what this one accepts.';

let t: TestApp;
let foodBank: number;

beforeAll(async () => {
  t = await createTestApp();
  await importSample(t);
  foodBank = await charityIdByEin(t, '000000201');
});
afterAll(() => t?.close());

const storedCharity = async (id: number) => (await t.database.db.select().from(charities).where(eq(charities.id, id)))[0];

describe('POST /api/donation-hub/charities', () => {
  let refused: Awaited<ReturnType<typeof signIn>> | undefined;
  test('adds a charity of the operator’s own (201): added by them, not verified, city and state from the ZIP code when blank', async () => {
    const operator = await signIn(t);
    const res = await operator.api.post(CHARITIES, { name: '  St. Mary’s Pantry ', zip: '78741' });
    expect(res.statusCode, res.body).toBe(201);
    const charity = res.json() as Charity;
    expect(charity).toEqual({
      id: expect.any(Number),
      name: 'St. Mary’s Pantry',
      type: 'nonprofit',
      verified: false,
      source: 'operator',
      addedByYou: true,
      ein: null,
      nteeCode: null,
      description: '',
      address: '',
      city: 'Austin',
      state: 'TX',
      zip: '78741',
      distance: null,
      phone: null,
      email: null,
      website: null,
      contactPerson: null,
      acceptedItems: [],
    });
    const row = await storedCharity(charity.id);
    expect(row).toMatchObject({ source: 'operator', ownerId: operator.user.id, ein: null, city: 'Austin', state: 'TX' });
    expect(row!.latitude).toBeCloseTo(30.2315, 4);
  });

  test('keeps every field given, the state in capitals, and the accepted items without blanks or repeats', async () => {
    const operator = await signIn(t);
    const body = {
      name: 'Riverside Church Pantry',
      type: 'church',
      description: 'Open Tuesdays',
      address: '12 River Rd',
      city: 'Del Valle',
      state: 'tx',
      zip: '78617',
      phone: '512-555-0100',
      email: 'pantry@example.org',
      website: 'https://pantry.example.org/give',
      contactPerson: 'Pat Doe',
      acceptedItems: [' Canned food ', 'Canned food', '', 'Water'],
    };
    const res = await operator.api.post(CHARITIES, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ...body, state: 'TX', acceptedItems: ['Canned food', 'Water'], addedByYou: true });
    const listed = (await operator.api.get(CHARITIES)).json() as Charity[];
    expect(listed).toEqual([res.json()]);
  });

  test.each([
    ['name', { name: undefined }, 'Charity name is required'],
    ['name', { name: '   ' }, 'Charity name is required'],
    ['name', { name: 'n'.repeat(201) }, 'Name must be at most 200 characters'],
    ['zip', { zip: undefined }, 'ZIP code must be 5 digits'],
    ['zip', { zip: '7874' }, 'ZIP code must be 5 digits'],
    ['zip', { zip: '78741-1234' }, 'ZIP code must be 5 digits'],
    ['zip', { zip: 78741 }, 'ZIP code must be 5 digits'],
    ['zip', { zip: '00000' }, 'ZIP code 00000 was not found. Check it and try again.'],
    ['state', { state: 'Texas' }, 'State must be a two-letter code such as TX'],
    ['state', { state: 'T1' }, 'State must be a two-letter code such as TX'],
    ['email', { email: 'pantry-at-example' }, 'Enter an email address such as pantry@example.org'],
    ['website', { website: 'example' }, 'Enter a web address, such as https://example.org'],
    ['website', { website: 'javascript:alert(1)' }, 'Enter a web address, such as https://example.org'],
    ['website', { website: 'ftp://example.org' }, 'Enter a web address, such as https://example.org'],
    ['type', { type: 'temple' }, 'Type must be church, food_bank, homeless_shelter, community_center or nonprofit'],
    ['acceptedItems', { acceptedItems: Array.from({ length: 31 }, (_, i) => `Item ${i}`) }, 'At most 30 accepted items'],
    ['acceptedItems.0', { acceptedItems: ['x'.repeat(61)] }, 'Each accepted item must be at most 60 characters'],
    ['source', { source: 'irs' }, 'Unknown field: source'],
    ['verified', { verified: true }, 'Unknown field: verified'],
  ])('refuses a bad %s: %j', async (field, change, message) => {
    // One operator for the table: nothing of theirs may ever be stored.
    const operator = (refused ??= await signIn(t));
    const error = expectJsonError(await operator.api.post(CHARITIES, { name: 'Pantry', zip: '78741', ...change }), 400, message);
    expect(error.errors?.[field]).toBe(message);
    expect((await operator.api.get(CHARITIES)).json()).toEqual([]);
  });

  test('signed out, adding and listing ask to sign in', async () => {
    for (const res of [await api(t).post(CHARITIES, { name: 'Pantry', zip: '78741' }), await api(t).get(CHARITIES)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });
});

describe('changing and removing an own charity', () => {
  test('PUT replaces its fields and accepted items; a new ZIP code moves it', async () => {
    const operator = await signIn(t);
    const created = (await operator.api.post(CHARITIES, { name: 'Old Name', zip: '78741', acceptedItems: ['Water'] })).json() as Charity;
    const res = await operator.api.put(`${CHARITIES}/${created.id}`, { name: 'New Name', zip: '78702', address: '5 Chicon St', acceptedItems: ['Chips', 'Soda'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'New Name', zip: '78702', city: 'Austin', state: 'TX', address: '5 Chicon St', acceptedItems: ['Chips', 'Soda'], addedByYou: true });
    const search = (await operator.api.get('/api/donation-hub/search?zipCode=78741&radius=5')).json() as Charity[];
    expect(search.find((charity) => charity.id === created.id)).toMatchObject({ distance: 2.3, acceptedItems: ['Chips', 'Soda'] });

    // No accepted items clears the note.
    await operator.api.put(`${CHARITIES}/${created.id}`, { name: 'New Name', zip: '78702' });
    const notes = await t.database.db.select().from(charityAcceptedItems).where(eq(charityAcceptedItems.charityId, created.id));
    expect(notes).toEqual([]);
    expectJsonError(await operator.api.put(`${CHARITIES}/${created.id}`, { name: '', zip: '78702' }), 400, 'Charity name is required');
    expect((await storedCharity(created.id))!.name).toBe('New Name');
  });

  test('DELETE removes it; donations to it keep the charity as it was on the day, and their receipt', async () => {
    const operator = await signIn(t);
    const created = (await operator.api.post(CHARITIES, { name: 'Corner Pantry', zip: '78741', address: '9 Corner St', contactPerson: 'Lee' })).json() as Charity;
    const donation = await record(operator.api, donationBody(created.id, [line('Granola Bars', 10, '1.50')]));
    expect(donation).toMatchObject({ charityId: created.id, charityName: 'Corner Pantry' });

    const res = await operator.api.delete(`${CHARITIES}/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: created.id, deleted: true });
    expect(await storedCharity(created.id)).toBeUndefined();
    expect((await operator.api.get(CHARITIES)).json()).toEqual([]);
    expectJsonError(await operator.api.delete(`${CHARITIES}/${created.id}`), 404, 'Charity not found');

    const kept = (await operator.api.get(`/api/donation-hub/donations/${donation.id}`)).json() as DonationRecord;
    expect(kept).toEqual({ ...donation, charityId: null });
    expect(kept).toMatchObject({ charityName: 'Corner Pantry', charityAddress: '9 Corner St', charityCity: 'Austin', charityState: 'TX', charityZip: '78741', contactPerson: 'Lee' });
    const history = (await operator.api.get('/api/donation-hub/history')).json() as DonationRecord[];
    expect(history).toEqual([kept]);
    const receipt = await operator.api.get(donation.receiptUrl);
    expect(receipt.statusCode).toBe(200);
    expect(await pdfText(receipt.rawPayload)).toContain('Corner Pantry');
    // A new donation cannot name it any more.
    expectJsonError(await operator.api.post('/api/donation-hub/record', donationBody(created.id, [line('Water', 1, '1.00')])), 404, 'Charity not found');
  });

  test('directory charities cannot be changed or removed (403), though their accepted items can be noted', async () => {
    const operator = await signIn(t);
    const before = await storedCharity(foodBank);
    expectJsonError(await operator.api.put(`${CHARITIES}/${foodBank}`, { name: 'Renamed', zip: '78741' }), 403, READ_ONLY);
    expectJsonError(await operator.api.delete(`${CHARITIES}/${foodBank}`), 403, READ_ONLY);
    expect(await storedCharity(foodBank)).toEqual(before);
    const noted = await operator.api.put(`${CHARITIES}/${foodBank}/accepted-items`, { items: ['Water'] });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await operator.api.get(CHARITIES)).json()).toEqual([]);
  });

  test('another operator’s charity answers 404, exactly like a missing one, and stays as it was', async () => {
    const owner = await signIn(t);
    const intruder = await signIn(t);
    const created = (await owner.api.post(CHARITIES, { name: 'Private Pantry', zip: '78741', acceptedItems: ['Bread'] })).json() as Charity;
    const calls = [
      (id: number) => intruder.api.put(`${CHARITIES}/${id}`, { name: 'Taken over', zip: '78741' }),
      (id: number) => intruder.api.delete(`${CHARITIES}/${id}`),
      (id: number) => intruder.api.put(`${CHARITIES}/${id}/accepted-items`, { items: ['Nothing'] }),
      (id: number) => intruder.api.post('/api/donation-hub/record', donationBody(id, [line('Water', 1, '1.00')])),
    ];
    for (const call of calls) {
      const foreign = await call(created.id);
      expectJsonError(foreign, 404, 'Charity not found');
      expect(foreign.json()).toEqual((await call(999_999)).json());
    }
    expect((await owner.api.get(CHARITIES)).json()).toEqual([created]);
    expect((await intruder.api.get(CHARITIES)).json()).toEqual([]);
    expect(await t.database.db.select().from(donations).where(eq(donations.userId, intruder.user.id))).toEqual([]);
  });

  test('a bad id answers 400 with the id message', async () => {
    const operator = await signIn(t);
    expectJsonError(await operator.api.put(`${CHARITIES}/abc`, { name: 'X', zip: '78741' }), 400, 'Charity id must be a whole number');
    expectJsonError(await operator.api.delete(`${CHARITIES}/0`), 400, 'Charity id must be a whole number');
  });
});

describe('PUT /api/donation-hub/charities/:id/accepted-items', () => {
  test('trims, drops blanks and repeats; an empty list clears the note', async () => {
    const operator = await signIn(t);
    const url = `${CHARITIES}/${foodBank}/accepted-items`;
    const res = await operator.api.put(url, { items: ['  Water ', 'Water', '', 'Rice'] });
    expect(res.json()).toEqual({ charityId: foodBank, items: ['Water', 'Rice'] });
    const cleared = await operator.api.put(url, { items: [] });
    expect(cleared.json()).toEqual({ charityId: foodBank, items: [] });
    const rows = await t.database.db.select().from(charityAcceptedItems).where(eq(charityAcceptedItems.userId, operator.user.id));
    expect(rows).toEqual([]);
  });

  test('refuses too many or too long items, and anything but a list', async () => {
    const operator = await signIn(t);
    const url = `${CHARITIES}/${foodBank}/accepted-items`;
    expectJsonError(await operator.api.put(url, { items: Array.from({ length: 31 }, (_, i) => `Item ${i}`) }), 400, 'At most 30 accepted items');
    expectJsonError(await operator.api.put(url, { items: ['x'.repeat(61)] }), 400, 'Each accepted item must be at most 60 characters');
    expectJsonError(await operator.api.put(url, { items: 'Water' }), 400, 'Accepted items must be a list');
    expectJsonError(await operator.api.put(url, {}), 400, 'Accepted items must be a list');
    expectJsonError(await operator.api.put(`${CHARITIES}/999999/accepted-items`, { items: ['Water'] }), 404, 'Charity not found');
  });
});
