import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProduct } from '../../src/server/db/factories.js';
import type { DonationLineInput } from '../../src/shared/donation-hub.schemas.js';
import type { TaxSummary } from '../../src/shared/donation-tax.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { charityIdByEin, dayIn, donationBody, importSample, line, record, setTimeZone, thisYear } from './donation-hub-helpers.js';
import { api, expectJsonError, signIn } from './helpers.js';

const SUMMARY = '/api/donation-hub/tax-summary';
const SETTINGS = '/api/donation-hub/tax-settings';

let t: TestApp;
let foodBank: number;
let church: number;
let shelter: number;

beforeAll(async () => {
  t = await createTestApp();
  await importSample(t);
  foodBank = await charityIdByEin(t, '000000201');
  church = await charityIdByEin(t, '000000202');
  shelter = await charityIdByEin(t, '000000204');
});
afterAll(() => t?.close());

type Operator = Awaited<ReturnType<typeof signIn>>;

async function summary(operator: Operator, year?: number | string): Promise<TaxSummary> {
  const res = await operator.api.get(year === undefined ? SUMMARY : `${SUMMARY}?year=${year}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TaxSummary;
}

/** A donation in a given year (a day well inside it, never in the future). */
const give = (operator: Operator, year: number, products: DonationLineInput[], charityId = foodBank) =>
  record(operator.api, donationBody(charityId, products, { donationDate: `${year}-${year === thisYear() ? '01-01' : '06-15'}` }));

describe('GET /api/donation-hub/tax-summary', () => {
  test('the current year by default: totals, number of donations and unique charities, the years with donations', async () => {
    const operator = await signIn(t);
    const y = thisYear();
    await give(operator, y, [line('Granola Bars', 10, '1.50')]);
    await give(operator, y, [line('Water', 24, '0.75'), line('Chips', 3, '2.00')]);
    await give(operator, y, [line('Soda', 12, '1.25')], church);
    await give(operator, y - 2, [line('Old gift', 1, '99.00')], shelter);

    const current = await summary(operator);
    expect(current).toEqual({
      year: y,
      years: [y, y - 2],
      totalValue: '54.00',
      donationCount: 3,
      charityCount: 2,
      totalCostBasis: null,
      form8283: { sectionA: false, sectionBGroups: [] },
      acknowledgmentsNeeded: 0,
      cCorporation: false,
      enhancedDeduction: null,
    });
    expect(await summary(operator, y)).toEqual(current);
    expect(await summary(operator, y - 2)).toMatchObject({ year: y - 2, years: [y, y - 2], totalValue: '99.00', donationCount: 1, charityCount: 1 });
    // A year without donations has zeros, and is listed while it is chosen.
    expect(await summary(operator, y - 5)).toMatchObject({ year: y - 5, years: [y, y - 2, y - 5], totalValue: '0.00', donationCount: 0, charityCount: 0, totalCostBasis: null });

    // Another operator's figures are their own.
    const other = await signIn(t);
    expect(await summary(other)).toMatchObject({ year: y, years: [y], totalValue: '0.00', donationCount: 0 });
  });

  test('the current year is the operator’s: Kiritimati may already be in the next year while Pago Pago is not', async () => {
    const operator = await signIn(t);
    await setTimeZone(t, operator.user.id, 'Pacific/Kiritimati');
    expect((await summary(operator)).year).toBe(Number(dayIn('Pacific/Kiritimati').slice(0, 4)));
    await setTimeZone(t, operator.user.id, 'Pacific/Pago_Pago');
    expect((await summary(operator)).year).toBe(Number(dayIn('Pacific/Pago_Pago').slice(0, 4)));
  });

  test('Form 8283 Section A: a year’s non-cash gifts of exactly $500.00 need none; $500.01 does', async () => {
    const operator = await signIn(t);
    const y = thisYear() - 1;
    await give(operator, y, [line('Water', 200, '1.25')]);
    await give(operator, y, [line('Chips', 100, '2.50')], church);
    expect((await summary(operator, y)).form8283.sectionA).toBe(false);
    expect((await summary(operator, y)).totalValue).toBe('500.00');
    await give(operator, y, [line('Gum', 1, '0.01')], shelter);
    const over = await summary(operator, y);
    expect(over).toMatchObject({ totalValue: '500.01', form8283: { sectionA: true, sectionBGroups: [] } });
  });

  test('Section B: one group of similar items at $5,000.00 is not flagged; at $5,000.01 it is', async () => {
    const operator = await signIn(t);
    const y = thisYear() - 1;
    await give(operator, y, [line('Bottled Water', 2000, '1.25'), line('Granola', 1000, '2.50')]);
    // Typed lines group by their name, whatever the case and spacing.
    await give(operator, y, [line('bottled  water', 2000, '1.25')], church);
    const at = await summary(operator, y);
    expect(at.form8283.sectionBGroups).toEqual([]);
    expect(at.totalValue).toBe('7500.00');
    await give(operator, y, [line('BOTTLED WATER', 1, '0.01')], shelter);
    const over = await summary(operator, y);
    // Named as one of its lines writes it.
    expect(over.form8283.sectionBGroups).toEqual([{ group: expect.stringMatching(/^bottled water$/i), value: '5000.01' }]);
    expect(over.form8283.sectionA).toBe(true);
  });

  test('lines picked from the catalogue group by the product’s category, typed ones by their name', async () => {
    const operator = await signIn(t);
    const y = thisYear() - 1;
    const db = t.database.db;
    const [classic, bbq, cola] = await Promise.all([
      createProduct(db, operator.user.id, { name: 'Classic Chips', category: 'Chips' }),
      createProduct(db, operator.user.id, { name: 'BBQ Chips', category: 'Chips' }),
      createProduct(db, operator.user.id, { name: 'Cola', category: 'Soda' }),
    ]);
    await give(operator, y, [
      line('Classic Chips', 2000, '1.25', { productId: classic.id }),
      line('BBQ Chips', 1000, '2.50', { productId: bbq.id }),
      line('Cola', 3000, '1.00', { productId: cola.id }),
      // Two typed names, each under the threshold, though together they would pass it.
      line('Trail Mix', 2000, '1.50'),
      line('Mixed Nuts', 1000, '2.50'),
    ]);
    const before = await summary(operator, y);
    expect(before.form8283.sectionBGroups).toEqual([]);
    await give(operator, y, [line('Chips (BBQ)', 1, '0.01', { productId: bbq.id })], church);
    const after = await summary(operator, y);
    expect(after.form8283.sectionBGroups).toEqual([{ group: 'Chips', value: '5000.01' }]);
  });

  test('acknowledgments: one for each gift of $250.00 or more', async () => {
    const operator = await signIn(t);
    const y = thisYear() - 1;
    await give(operator, y, [line('Water', 1, '249.99')]);
    expect((await summary(operator, y)).acknowledgmentsNeeded).toBe(0);
    await give(operator, y, [line('Water', 2, '125.00')]);
    await give(operator, y, [line('Water', 1, '1000.00')], church);
    expect((await summary(operator, y)).acknowledgmentsNeeded).toBe(2);
  });

  test('a bad year answers 400', async () => {
    const operator = await signIn(t);
    for (const year of ['abc', '1999', '2101', '2026.5']) {
      const error = expectJsonError(await operator.api.get(`${SUMMARY}?year=${year}`), 400, 'Year must be a year such as 2026');
      expect(error.errors).toEqual({ year: 'Year must be a year such as 2026' });
    }
  });
});

describe('the C corporation setting and the enhanced deduction estimate', () => {
  test('is off by default; PUT turns it on and off, for this operator only', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    expect((await operator.api.get(SETTINGS)).json()).toEqual({ cCorporation: false });
    const on = await operator.api.put(SETTINGS, { cCorporation: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ cCorporation: true });
    expect((await operator.api.get(SETTINGS)).json()).toEqual({ cCorporation: true });
    expect((await other.api.get(SETTINGS)).json()).toEqual({ cCorporation: false });
    expect((await summary(operator)).cCorporation).toBe(true);
    expect((await operator.api.put(SETTINGS, { cCorporation: false })).json()).toEqual({ cCorporation: false });
    expect((await summary(operator)).cCorporation).toBe(false);

    expectJsonError(await operator.api.put(SETTINGS, { cCorporation: 'yes' }), 400, 'C corporation must be true or false');
    expectJsonError(await operator.api.put(SETTINGS, {}), 400, 'C corporation must be true or false');
    expectJsonError(await operator.api.put(SETTINGS, { cCorporation: true, sCorporation: false }), 400, 'Unknown field: sCorporation');
    expect((await operator.api.get(SETTINGS)).json()).toEqual({ cCorporation: false });
  });

  test('cost plus half the appreciation, at most twice the cost, never above the value; lines without a cost basis are counted apart', async () => {
    const operator = await signIn(t);
    const y = thisYear() - 1;
    await give(operator, y, [
      // 4.00 + (10.00 - 4.00) / 2 = 7.00, under twice the cost (8.00).
      line('Granola', 1, '10.00', { unitCost: '4.00' }),
      // 2.00 + 8.00 / 2 = 6.00, capped at twice the cost: 4.00.
      line('Water', 1, '10.00', { unitCost: '2.00' }),
      // Worth less than it cost: the value, 3.00.
      line('Chips', 1, '3.00', { unitCost: '4.00' }),
      line('Soda', 2, '2.50'),
    ]);
    expect((await summary(operator, y)).enhancedDeduction).toBeNull();
    await operator.api.put(SETTINGS, { cCorporation: true });
    const figures = await summary(operator, y);
    expect(figures).toMatchObject({ totalValue: '28.00', totalCostBasis: '10.00', cCorporation: true });
    expect(figures.enhancedDeduction).toEqual({
      estimate: '14.00',
      ordinaryDeduction: '9.00',
      linesCounted: 3,
      linesWithoutCost: 1,
      valueWithoutCost: '5.00',
    });
  });

  test('per line with its quantity, and with no cost basis at all nothing is estimated', async () => {
    const operator = await signIn(t);
    await operator.api.put(SETTINGS, { cCorporation: true });
    const y = thisYear() - 2;
    await give(operator, y, [line('Water', 3, '1.00')]);
    expect((await summary(operator, y)).enhancedDeduction).toEqual({ estimate: '0.00', ordinaryDeduction: '0.00', linesCounted: 0, linesWithoutCost: 1, valueWithoutCost: '3.00' });
    // 12 units worth 1.99 costing 0.75: value 23.88, cost 9.00, half the appreciation 7.44; 16.44 under 18.00.
    await give(operator, y, [line('Granola', 12, '1.99', { unitCost: '0.75' })], church);
    expect((await summary(operator, y)).enhancedDeduction).toMatchObject({ estimate: '16.44', ordinaryDeduction: '9.00', linesCounted: 1 });
  });
});

describe('signed out', () => {
  test('the summary and the setting ask to sign in', async () => {
    for (const res of [await api(t).get(SUMMARY), await api(t).get(SETTINGS), await api(t).put(SETTINGS, { cCorporation: true })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });
});
