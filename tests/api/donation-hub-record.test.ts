import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProduct } from '../../src/server/db/factories.js';
import { donationLines, donations } from '../../src/server/db/schema.js';
import { DonationMessages, type DonationRecord } from '../../src/shared/donation-hub.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { addDays, charityIdByEin, dayIn, donationBody, importSample, line, OPERATOR_ZONE, record, setTimeZone, thisYear } from './donation-hub-helpers.js';
import { api, expectJsonError, signIn } from './helpers.js';

const RECORD = '/api/donation-hub/record';
const HISTORY = '/api/donation-hub/history';
const DATE_INVALID = 'Donation date must be a date such as 2026-05-01, or a date and time with its offset such as 2026-05-01T09:30:00Z';

let t: TestApp;
let foodBank: number;
let church: number;

beforeAll(async () => {
  t = await createTestApp();
  await importSample(t);
  foodBank = await charityIdByEin(t, '000000201');
  church = await charityIdByEin(t, '000000202');
});
afterAll(() => t?.close());

const storedDonations = (userId: number) => t.database.db.select().from(donations).where(eq(donations.userId, userId));

describe('POST /api/donation-hub/record', () => {
  test('records the gift (201): the charity as the directory has it, the lines, totals and cost basis computed here, notes and what came in return', async () => {
    const operator = await signIn(t);
    const chips = await createProduct(t.database.db, operator.user.id, { name: 'Sea Salt Chips', brand: 'Kettle', category: 'Chips' });
    const day = addDays(dayIn(OPERATOR_ZONE), -10);
    const res = await operator.api.post(RECORD, {
      charityId: foodBank,
      charityName: 'Whatever the dialog typed',
      products: [
        { name: ' Granola Bars ', brand: 'Nature Valley', quantity: 24, unitValue: '1.25', unitCost: '0.60' },
        { productId: chips.id, name: 'Sea Salt Chips', brand: 'Kettle', quantity: 12, unitValue: 2 },
        { name: 'Water', quantity: 3, unitValue: '0.5', unitCost: null },
      ],
      donationDate: day,
      notes: '  Left with the front desk  ',
      inReturn: { description: 'Two event tickets', value: '40' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const donation = res.json() as DonationRecord;
    expect(donation).toEqual({
      id: expect.any(Number),
      charityId: foodBank,
      charityName: 'SAMPLE FOOD BANK ONE',
      charityEin: '00-0000201',
      charityAddress: '10 TEST ST',
      charityCity: 'AUSTIN',
      charityState: 'TX',
      charityZip: '78741',
      contactPerson: 'JANE DOE',
      products: [
        { productId: null, name: 'Granola Bars', brand: 'Nature Valley', category: null, quantity: 24, unitValue: '1.25', unitCost: '0.60', lineTotal: '30.00', lineCost: '14.40' },
        { productId: chips.id, name: 'Sea Salt Chips', brand: 'Kettle', category: 'Chips', quantity: 12, unitValue: '2.00', unitCost: null, lineTotal: '24.00', lineCost: null },
        { productId: null, name: 'Water', brand: '', category: null, quantity: 3, unitValue: '0.50', unitCost: null, lineTotal: '1.50', lineCost: null },
      ],
      totalValue: '55.50',
      totalCostBasis: '14.40',
      donationDate: day,
      taxYear: Number(day.slice(0, 4)),
      receiptUrl: `/api/donation-hub/donations/${donation.id}/receipt.pdf`,
      notes: 'Left with the front desk',
      inReturn: { description: 'Two event tickets', value: '40.00' },
      createdAt: expect.any(String),
    });

    const [row] = await storedDonations(operator.user.id);
    expect(row).toMatchObject({ totalValue: '55.50', notes: 'Left with the front desk', returnDescription: 'Two event tickets', returnValue: '40.00', donationDate: day });
    const lines = await t.database.db.select().from(donationLines).where(eq(donationLines.donationId, donation.id)).orderBy(donationLines.position);
    expect(lines.map((stored) => [stored.position, stored.name, stored.quantity, stored.unitValue, stored.unitCost, stored.category])).toEqual([
      [0, 'Granola Bars', 24, '1.25', '0.60', null],
      [1, 'Sea Salt Chips', 12, '2.00', null, 'Chips'],
      [2, 'Water', 3, '0.50', null, null],
    ]);
    expect((await operator.api.get(`/api/donation-hub/donations/${donation.id}`)).json()).toEqual(donation);
  });

  test('without notes, cost basis or anything in return; the dialog’s corrections to the address are kept', async () => {
    const operator = await signIn(t);
    const donation = await record(
      operator.api,
      donationBody(church, [line('Soda', 6, '1.00')], { charityAddress: '20 Test Street, Suite 2', charityCity: 'Austin', charityState: 'tx', contactPerson: 'Pastor Kim' }),
    );
    expect(donation).toMatchObject({
      charityName: 'SAMPLE PROTESTANT CHURCH',
      charityAddress: '20 Test Street, Suite 2',
      charityCity: 'Austin',
      charityState: 'TX',
      charityZip: '78702',
      contactPerson: 'Pastor Kim',
      totalValue: '6.00',
      totalCostBasis: null,
      notes: '',
      inReturn: null,
    });
  });

  test('the total is the server’s sum, exact in cents at the limits of a line; a total sent along is refused', async () => {
    const operator = await signIn(t);
    const donation = await record(operator.api, donationBody(foodBank, [line('Pallets', 1_000_000, '999.99', { unitCost: '0.01' }), line('Gum', 3, '0.10')]));
    expect(donation).toMatchObject({ totalValue: '999990000.30', totalCostBasis: '10000.00' });
    expect(donation.products.map((product) => product.lineTotal)).toEqual(['999990000.00', '0.30']);

    const sent = expectJsonError(await operator.api.post(RECORD, { ...donationBody(foodBank, [line('Gum', 1, '0.10')]), totalValue: '1000.00' }), 400, 'Unknown field: totalValue');
    expect(sent.errors).toEqual({ totalValue: 'Unknown field: totalValue' });
    expect(await storedDonations(operator.user.id)).toHaveLength(1);
  });

  test('a total past what a donation can hold is refused with a message, not a server error', async () => {
    const operator = await signIn(t);
    const res = await operator.api.post(RECORD, donationBody(foodBank, [line('Gold bars', 1_000_000, '999999999.99')]));
    expectJsonError(res, 400, 'The total value must be at most $9,999,999,999.99');
    expect(await storedDonations(operator.user.id)).toEqual([]);
  });

  let refused: Awaited<ReturnType<typeof signIn>> | undefined;
  const good = { name: 'Granola Bars', quantity: 2, unitValue: '1.00' };
  test.each([
    ['products.0.name', [{ ...good, name: undefined }], 'Product name is required'],
    ['products.0.name', [{ ...good, name: '' }], 'Product name is required'],
    ['products.0.name', [{ ...good, name: '   ' }], 'Product name is required'],
    ['products.0.name', [{ ...good, name: 7 }], 'Product name is required'],
    ['products.0.name', [{ ...good, name: 'n'.repeat(121) }], 'Product name must be at most 120 characters'],
    ['products.0.brand', [{ ...good, brand: 'b'.repeat(121) }], 'Brand must be at most 120 characters'],
    ['products.0.quantity', [{ ...good, quantity: 0 }], 'Quantity must be a whole number above 0'],
    ['products.0.quantity', [{ ...good, quantity: -1 }], 'Quantity must be a whole number above 0'],
    ['products.0.quantity', [{ ...good, quantity: 1.5 }], 'Quantity must be a whole number above 0'],
    ['products.0.quantity', [{ ...good, quantity: '3' }], 'Quantity must be a whole number above 0'],
    ['products.0.quantity', [{ ...good, quantity: undefined }], 'Quantity must be a whole number above 0'],
    ['products.0.quantity', [{ ...good, quantity: 1_000_001 }], 'Quantity must be at most 1,000,000'],
    ['products.1.quantity', [good, { ...good, name: 'Second', quantity: 0 }], 'Quantity must be a whole number above 0'],
    ['products.0.unitValue', [{ ...good, unitValue: 'abc' }], 'Unit value must be an amount such as 1.99'],
    ['products.0.unitValue', [{ ...good, unitValue: '-1.00' }], 'Unit value must be an amount such as 1.99'],
    ['products.0.unitValue', [{ ...good, unitValue: -1 }], 'Unit value must be an amount such as 1.99'],
    ['products.0.unitValue', [{ ...good, unitValue: '1.999' }], 'Unit value must be an amount such as 1.99'],
    ['products.0.unitValue', [{ ...good, unitValue: '1e3' }], 'Unit value must be an amount such as 1.99'],
    ['products.0.unitValue', [{ ...good, unitValue: '' }], 'Unit value must be an amount such as 1.99'],
    ['products.0.unitValue', [{ ...good, unitValue: undefined }], 'Unit value must be an amount such as 1.99'],
    ['products.0.unitValue', [{ ...good, unitValue: '1234567890.00' }], 'Unit value must be an amount such as 1.99'],
    ['products.0.unitCost', [{ ...good, unitCost: 'abc' }], 'Cost basis must be an amount such as 0.99'],
    ['products.0.unitCost', [{ ...good, unitCost: '-0.50' }], 'Cost basis must be an amount such as 0.99'],
    ['products.0.unitCost', [{ ...good, unitCost: '0.001' }], 'Cost basis must be an amount such as 0.99'],
    ['products.0.productId', [{ ...good, productId: 'abc' }], 'Product id must be a whole number'],
    ['products.0.productId', [{ ...good, productId: 0 }], 'Product id must be a whole number'],
    ['price', [{ ...good, price: '1.00' }], 'Unknown field: price'],
    ['products', [], 'Add at least one product with a name and a quantity above 0'],
    ['products', 'Granola Bars', 'Products must be a list'],
    ['products', undefined, 'Products must be a list'],
    ['products', Array.from({ length: 101 }, (_, i) => ({ ...good, name: `Item ${i}` })), 'At most 100 products in one donation'],
  ])('refuses a bad line (%s): %j', async (field, products, message) => {
    const operator = (refused ??= await signIn(t));
    const error = expectJsonError(await operator.api.post(RECORD, { charityId: foodBank, products }), 400, message);
    expect(error.errors?.[field]).toBe(message);
    expect(await storedDonations(operator.user.id)).toEqual([]);
  });

  test.each([
    ['charityId', { charityId: undefined }, 'Charity id must be a whole number'],
    ['charityId', { charityId: 'abc' }, 'Charity id must be a whole number'],
    ['charityId', { charityId: -4 }, 'Charity id must be a whole number'],
    ['charityState', { charityState: 'Texas' }, 'State must be a two-letter code such as TX'],
    ['charityState', { charityState: 'T' }, 'State must be a two-letter code such as TX'],
    ['notes', { notes: 'n'.repeat(2001) }, 'Notes must be at most 2000 characters'],
    ['notes', { notes: 12 }, 'Notes must be text'],
    ['inReturn.description', { inReturn: { description: ' ', value: '5.00' } }, 'Describe what the charity gave in return'],
    ['inReturn.value', { inReturn: { description: 'A mug', value: 'free' } }, 'Value received must be an amount such as 10.00'],
    ['donationDate', { donationDate: 'yesterday' }, DATE_INVALID],
    ['donationDate', { donationDate: '2026-13-01' }, DATE_INVALID],
    ['donationDate', { donationDate: '2026-02-30' }, DATE_INVALID],
    ['donationDate', { donationDate: '2025-02-29T10:00:00Z' }, DATE_INVALID],
    ['donationDate', { donationDate: 20260101 }, DATE_INVALID],
    // A time without its offset would be read in the server's zone, not the operator's.
    ['donationDate', { donationDate: '2026-11-20T02:00:00' }, DATE_INVALID],
    ['extra', { extra: true }, 'Unknown field: extra'],
  ])('refuses a bad %s: %j', async (field, change, message) => {
    const operator = (refused ??= await signIn(t));
    const error = expectJsonError(await operator.api.post(RECORD, { ...donationBody(foodBank, [good]), ...change }), 400, message);
    expect(error.errors?.[field]).toBe(message);
    expect(await storedDonations(operator.user.id)).toEqual([]);
  });

  test('a missing charity, or another operator’s own, answers 404 alike', async () => {
    const owner = await signIn(t);
    const intruder = await signIn(t);
    const own = (await owner.api.post('/api/donation-hub/charities', { name: 'Owner Pantry', zip: '78741' })).json() as { id: number };
    const foreign = await intruder.api.post(RECORD, donationBody(own.id, [good]));
    expectJsonError(foreign, 404, 'Charity not found');
    const missing = await intruder.api.post(RECORD, donationBody(999_999, [good]));
    expect(missing.json()).toEqual(foreign.json());
    expect(await storedDonations(intruder.user.id)).toEqual([]);
  });

  test('catalogue lines must be the operator’s own products, each once; they copy the product’s category', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    const mine = await createProduct(t.database.db, operator.user.id, { name: 'Gummy Bears', category: 'Sweets' });
    const theirs = await createProduct(t.database.db, other.user.id, { name: 'Their Soda', category: 'Soda' });

    const foreign = expectJsonError(await operator.api.post(RECORD, donationBody(foodBank, [line('Gummy Bears', 1, '1.00', { productId: mine.id }), line('Soda', 1, '1.00', { productId: theirs.id })])), 404, 'Product not found');
    expect(foreign.errors).toEqual({ 'products.1.productId': 'Product not found' });
    const missing = expectJsonError(await operator.api.post(RECORD, donationBody(foodBank, [line('Ghost', 1, '1.00', { productId: 999_999 })])), 404, 'Product not found');
    expect(missing.errors).toEqual({ 'products.0.productId': 'Product not found' });
    const repeated = expectJsonError(
      await operator.api.post(RECORD, donationBody(foodBank, [line('Gummy Bears', 1, '1.00', { productId: mine.id }), line('Gummy Bears again', 2, '1.00', { productId: String(mine.id) as unknown as number })])),
      400,
      'Each catalogue product can appear only once; add to its quantity instead',
    );
    expect(repeated.errors).toEqual({ 'products.1.productId': 'Each catalogue product can appear only once; add to its quantity instead' });
    expect(await storedDonations(operator.user.id)).toEqual([]);

    const donation = await record(operator.api, donationBody(foodBank, [line('Gummy Bears (bag)', 5, '2.00', { productId: mine.id }), line('Typed Candy', 1, '1.00')]));
    expect(donation.products.map((product) => [product.productId, product.name, product.category])).toEqual([
      [mine.id, 'Gummy Bears (bag)', 'Sweets'],
      [null, 'Typed Candy', null],
    ]);
  });
});

describe('the donation date, on the operator’s calendar', () => {
  test('today is the default, and today is allowed; tomorrow is in the future', async () => {
    const operator = await signIn(t);
    await setTimeZone(t, operator.user.id, 'America/Los_Angeles');
    const before = dayIn('America/Los_Angeles');
    const donation = await record(operator.api, donationBody(foodBank, [line('Water', 1, '1.00')]));
    expect([before, dayIn('America/Los_Angeles')]).toContain(donation.donationDate);
    expect(donation.taxYear).toBe(Number(donation.donationDate.slice(0, 4)));
    expect((await record(operator.api, donationBody(foodBank, [line('Water', 1, '1.00')], { donationDate: before }))).donationDate).toBe(before);

    const tomorrow = addDays(dayIn('America/Los_Angeles'), 1);
    const error = expectJsonError(await operator.api.post(RECORD, donationBody(foodBank, [line('Water', 1, '1.00')], { donationDate: tomorrow })), 400, 'Donation date cannot be in the future');
    expect(error.errors).toEqual({ donationDate: 'Donation date cannot be in the future' });
  });

  test('“today” is the operator’s: Kiritimati’s date is today there, and always tomorrow or later in Pago Pago', async () => {
    const [early, late] = await Promise.all([signIn(t), signIn(t)]);
    await setTimeZone(t, early.user.id, 'Pacific/Kiritimati');
    await setTimeZone(t, late.user.id, 'Pacific/Pago_Pago');
    const kiritimati = dayIn('Pacific/Kiritimati');
    expect((await record(early.api, donationBody(foodBank, [line('Water', 1, '1.00')], { donationDate: kiritimati }))).donationDate).toBe(kiritimati);
    expectJsonError(await late.api.post(RECORD, donationBody(foodBank, [line('Water', 1, '1.00')], { donationDate: kiritimati })), 400, 'Donation date cannot be in the future');
  });

  test('a date and time is taken as the day it was on the operator’s calendar, which sets the tax year', async () => {
    const operator = await signIn(t);
    const day = addDays(dayIn(OPERATOR_ZONE), -10);
    await setTimeZone(t, operator.user.id, 'Pacific/Auckland');
    const at = (donationDate: string) => record(operator.api, donationBody(foodBank, [line('Water', 1, '1.00')], { donationDate }));
    // 18:00 UTC is the next morning in Auckland (UTC+12 or +13).
    expect((await at(`${day}T18:00:00Z`)).donationDate).toBe(addDays(day, 1));
    expect((await at(`${day}T18:00:00.000+00:00`)).donationDate).toBe(addDays(day, 1));
    const newYear = await at(`${thisYear() - 1}-12-31T20:00:00Z`);
    expect(newYear).toMatchObject({ donationDate: `${thisYear()}-01-01`, taxYear: thisYear() });

    await setTimeZone(t, operator.user.id, 'America/Los_Angeles');
    // 03:00 UTC is the evening before in Los Angeles; a date alone is the day named.
    expect((await at(`${day}T03:00:00Z`)).donationDate).toBe(addDays(day, -1));
    expect((await at(`${day}T03:00:00+09:00`)).donationDate).toBe(addDays(day, -1));
    expect((await at(day)).donationDate).toBe(day);
  });

  test('not before January 1 of the third tax year back (gifts for an amended return)', async () => {
    const operator = await signIn(t);
    const today = dayIn(OPERATOR_ZONE);
    const threeYearsAgo = `${Number(today.slice(0, 4)) - 3}${today.slice(4).replace('-02-29', '-02-28')}`;
    expect((await record(operator.api, donationBody(foodBank, [line('Water', 1, '1.00')], { donationDate: threeYearsAgo }))).taxYear).toBe(thisYear() - 3);
    for (const donationDate of [`${thisYear() - 4}-12-31`, '1999-01-01']) {
      const message = `Donation date must be in ${thisYear() - 3} or later`;
      expect(DonationMessages.dateTooOld(thisYear() - 3)).toBe(message);
      const error = expectJsonError(await operator.api.post(RECORD, donationBody(foodBank, [line('Water', 1, '1.00')], { donationDate })), 400, message);
      expect(error.errors).toEqual({ donationDate: message });
    }
    // January 1 of that year is still in.
    expect((await record(operator.api, donationBody(foodBank, [line('Water', 1, '1.00')], { donationDate: `${thisYear() - 3}-01-01` }))).taxYear).toBe(thisYear() - 3);
    expect(await storedDonations(operator.user.id)).toHaveLength(2);
  });
});

describe('GET /api/donation-hub/history', () => {
  test('the operator’s donations, newest gift first (then the later record); ?year= keeps one tax year', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    const y = thisYear();
    const gift = (donationDate: string, name: string) => record(operator.api, donationBody(foodBank, [line(name, 1, '1.00')], { donationDate }));
    const march = await gift(`${y - 2}-03-01`, 'March');
    const julyFirst = await gift(`${y - 2}-07-04`, 'July first');
    const julySecond = await gift(`${y - 2}-07-04`, 'July second');
    const lastYear = await gift(`${y - 1}-06-15`, 'Last year');
    await record(other.api, donationBody(foodBank, [line('Not theirs', 1, '1.00')], { donationDate: `${y - 2}-05-05` }));

    const res = await operator.api.get(HISTORY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([lastYear, julySecond, julyFirst, march]);
    expect((await operator.api.get(`${HISTORY}?year=${y - 2}`)).json()).toEqual([julySecond, julyFirst, march]);
    expect((await operator.api.get(`${HISTORY}?year=${y}`)).json()).toEqual([]);
    expect(((await other.api.get(HISTORY)).json() as DonationRecord[]).map((entry) => entry.products[0]!.name)).toEqual(['Not theirs']);
    for (const year of ['abc', '1999', '2101', '2026.5']) expectJsonError(await operator.api.get(`${HISTORY}?year=${year}`), 400, 'Year must be a year such as 2026');

    // One donation by id: the owner's only.
    expect((await operator.api.get(`/api/donation-hub/donations/${march.id}`)).json()).toEqual(march);
    const foreign = await other.api.get(`/api/donation-hub/donations/${march.id}`);
    expectJsonError(foreign, 404, 'Donation not found');
    expect(foreign.json()).toEqual((await other.api.get('/api/donation-hub/donations/999999')).json());
    const lines = await t.database.db.select().from(donationLines).where(inArray(donationLines.donationId, [march.id, julyFirst.id]));
    expect(lines).toHaveLength(2);
  });

  test('an operator with no donations has an empty history; signed out, it asks to sign in', async () => {
    const operator = await signIn(t);
    expect((await operator.api.get(HISTORY)).json()).toEqual([]);
    for (const res of [await api(t).get(HISTORY), await api(t).post(RECORD, donationBody(foodBank, [line('Water', 1, '1.00')]))]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });
});
