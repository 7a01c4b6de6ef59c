import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProduct } from '../../src/server/db/factories.js';
import { type DonationRecord } from '../../src/shared/donation-hub.schemas.js';
import { TAX_DISCLAIMER, TAX_TIPS } from '../../src/shared/donation-tax.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { charityIdByEin, dayIn, donationBody, importSample, line, OPERATOR_ZONE, pdfPages, pdfText, record, thisYear } from './donation-hub-helpers.js';
import { api, expectJsonError, signIn } from './helpers.js';

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

type Operator = Awaited<ReturnType<typeof signIn>>;

async function pdf(operator: Operator, url: string) {
  const res = await operator.api.get(url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return { res, text: await pdfText(res.rawPayload) };
}

const NO_RETURN = 'No goods or services were provided in exchange for this contribution.';

describe('the receipt (GET receiptUrl)', () => {
  test('the donor’s record and a written acknowledgment holding what the IRS asks: charity, EIN, address, date, goods, total, nothing in return, signature lines', async () => {
    const operator = await signIn(t, { firstName: 'Robin', lastName: 'Vendor' });
    const lastYear = thisYear() - 1;
    const donation = await record(
      operator.api,
      donationBody(foodBank, [line('Granola Bars', 24, '1.25', { brand: 'Nature Valley', unitCost: '0.60' }), line('Bottled Water', 12, '1.00')], {
        donationDate: `${lastYear}-11-26`,
        notes: 'Dropped at the loading dock',
      }),
    );
    const { res, text } = await pdf(operator, donation.receiptUrl);
    expect(donation.receiptUrl).toBe(`/api/donation-hub/donations/${donation.id}/receipt.pdf`);
    const number = `D-${String(donation.id).padStart(6, '0')}`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="donation-receipt-${number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');

    for (const expected of [
      'Donation receipt',
      `Receipt ${number}`,
      `November 26, ${lastYear}`,
      `Tax year ${lastYear}`,
      'Robin Vendor',
      operator.user.email,
      'SAMPLE FOOD BANK ONE',
      'EIN 00-0000201',
      '10 TEST ST',
      'AUSTIN, TX 78741',
      'Contact: JANE DOE',
      'Granola Bars (Nature Valley)',
      'Bottled Water',
      '$1.25',
      '$30.00',
      '$12.00',
      'Total fair market value: $42.00',
      'Total cost basis (lines where entered): $14.40',
      'Dropped at the loading dock',
      'Written acknowledgment',
      `SAMPLE FOOD BANK ONE acknowledges receiving from Robin Vendor, on November 26, ${lastYear}, the goods described above.`,
      NO_RETURN,
      'Signature of an authorized representative',
      'Printed name and title',
      TAX_DISCLAIMER,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('In exchange for this contribution');
  });

  test('with something given in return, it is described with its value instead of the statement', async () => {
    const operator = await signIn(t);
    const donation = await record(operator.api, donationBody(church, [line('Soda', 48, '1.25')], { inReturn: { description: 'Two dinner tickets', value: '40' } }));
    const { text } = await pdf(operator, donation.receiptUrl);
    expect(text).toContain('In exchange for this contribution, SAMPLE PROTESTANT CHURCH provided: Two dinner tickets, with an estimated value of $40.00.');
    expect(text).not.toContain(NO_RETURN);
    expect(text).toContain('Total fair market value: $60.00');
    expect(text).not.toContain('Total cost basis');
  });

  test('a receipt of a hundred lines runs onto more pages, all numbered, every line on one of them', async () => {
    const operator = await signIn(t);
    const products = Array.from({ length: 100 }, (_, i) => line(`Item number ${String(i + 1).padStart(3, '0')}`, 1, '1.00'));
    const donation = await record(operator.api, donationBody(foodBank, products));
    const res = await operator.api.get(donation.receiptUrl);
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
    const all = pages.join(' ');
    for (let i = 1; i <= 100; i += 1) expect(all).toContain(`Item number ${String(i).padStart(3, '0')}`);
    expect(all).toContain('Total fair market value: $100.00');
    expect(pages.at(-1)).toContain('Signature of an authorized representative');
  });

  test('another operator’s receipt answers 404 like a missing one; signed out, 401', async () => {
    const owner = await signIn(t);
    const intruder = await signIn(t);
    const donation = await record(owner.api, donationBody(foodBank, [line('Water', 1, '1.00')]));
    const foreign = await intruder.api.get(donation.receiptUrl);
    expectJsonError(foreign, 404, 'Donation not found');
    expect(foreign.json()).toEqual((await intruder.api.get('/api/donation-hub/donations/999999/receipt.pdf')).json());
    expect((await api(t).get(donation.receiptUrl)).statusCode).toBe(401);
    expectJsonError(await owner.api.get('/api/donation-hub/donations/abc/receipt.pdf'), 400, 'Donation id must be a whole number');
  });
});

describe('the year’s summary (GET /api/donation-hub/summary.pdf?year=)', () => {
  test('the year, its totals and notes, every donation with its receipt number, the tax tips and that it is not tax advice', async () => {
    const operator = await signIn(t, { firstName: 'Sam', lastName: 'Summary' });
    const y = thisYear() - 1;
    const first = await record(operator.api, donationBody(foodBank, [line('Bottled Water', 300, '1.00', { unitCost: '0.40' })], { donationDate: `${y}-03-10` }));
    const second = await record(operator.api, donationBody(church, [line('Granola Bars', 100, '2.50')], { donationDate: `${y}-09-01` }));
    await record(operator.api, donationBody(church, [line('Another year', 1, '5.00')], { donationDate: `${y - 1}-09-01` }));
    await operator.api.put('/api/donation-hub/tax-settings', { cCorporation: true });

    const { res, text } = await pdf(operator, `/api/donation-hub/summary.pdf?year=${y}`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="donation-summary-${y}.pdf"`);
    for (const expected of [
      `${y} donation summary`,
      'Sam Summary',
      'Total fair market value: $550.00',
      'Donations: 2',
      'Charities: 2',
      'Cost basis entered: $120.00',
      'Form 8283 (Section A)',
      `Your non-cash gifts in ${y} total more than $500`,
      "2 of the year's gifts are $250 or more",
      // 120.00 + 180.00 / 2 = 210.00, at most 240.00; the ordinary rule allows the cost, 120.00.
      'Estimated enhanced deduction',
      '$210.00',
      `March 10, ${y}`,
      `September 1, ${y}`,
      `D-${String(first.id).padStart(6, '0')}`,
      `D-${String(second.id).padStart(6, '0')}`,
      'SAMPLE FOOD BANK ONE (EIN 00-0000201)',
      'SAMPLE PROTESTANT CHURCH (EIN 00-0000202)',
      '$300.00',
      '$250.00',
      'Tax tips',
      ...TAX_TIPS,
      'Information, not tax advice',
      TAX_DISCLAIMER,
    ]) {
      expect(text).toContain(expected);
    }
    // The donations are listed oldest first, and only the year's.
    expect(text.indexOf(`March 10, ${y}`)).toBeLessThan(text.indexOf(`September 1, ${y}`));
    expect(text).not.toContain(`September 1, ${y - 1}`);
  });

  test('the current year by default; a year without donations says so; a bad year answers 400', async () => {
    const operator = await signIn(t);
    const y = Number(dayIn(OPERATOR_ZONE).slice(0, 4));
    const { res, text } = await pdf(operator, '/api/donation-hub/summary.pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="donation-summary-${y}.pdf"`);
    expect(text).toContain(`${y} donation summary`);
    expect(text).toContain(`No donations were recorded in ${y}.`);
    expect(text).toContain('Total fair market value: $0.00');
    expect(text).not.toContain('Form 8283 (Section A)');
    expect(text).not.toContain('Estimated enhanced deduction');
    expectJsonError(await operator.api.get('/api/donation-hub/summary.pdf?year=20x6'), 400, 'Year must be a year such as 2026');
    expect((await api(t).get('/api/donation-hub/summary.pdf')).statusCode).toBe(401);
  });
});

describe('Export All Records (GET /api/donation-hub/export.csv)', () => {
  const HEADER = [
    'Receipt',
    'Date',
    'Tax Year',
    'Charity',
    'EIN',
    'Charity Address',
    'Charity City',
    'Charity State',
    'Charity ZIP',
    'Product',
    'Brand',
    'Category',
    'Quantity',
    'Unit Value',
    'Line Value',
    'Unit Cost',
    'Line Cost',
    'Received in Return',
    'Value Received',
    'Notes',
  ];

  async function exported(operator: Operator) {
    const res = await operator.api.get('/api/donation-hub/export.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="donations-${dayIn(OPERATOR_ZONE)}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(res.body.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    return parsed.data;
  }

  test('a header row, then one line per donated item across all years, oldest gift first; formula cells are defused', async () => {
    const operator = await signIn(t);
    const other = await signIn(t);
    const y = thisYear();
    const chips = await createProduct(t.database.db, operator.user.id, { name: 'Sea Salt Chips', category: 'Chips' });
    const older: DonationRecord = await record(
      operator.api,
      donationBody(foodBank, [line('Sea Salt Chips', 12, '1.50', { productId: chips.id, unitCost: '0.55', brand: 'Kettle' }), line('=HYPERLINK("http://evil.test","Open")', 2, '1.00')], {
        donationDate: `${y - 2}-05-01`,
        notes: '@SUM(A1:A9)\nsecond line',
      }),
    );
    const newer = await record(operator.api, donationBody(church, [line('Soda', 6, '1.25')], { donationDate: `${y}-01-01`, inReturn: { description: '-Two tickets', value: '20' } }));
    await record(other.api, donationBody(foodBank, [line('Not mine', 1, '1.00')]));

    const rows = await exported(operator);
    expect(rows[0]).toEqual(HEADER);
    const olderNumber = `D-${String(older.id).padStart(6, '0')}`;
    expect(rows.slice(1)).toEqual([
      [olderNumber, `${y - 2}-05-01`, String(y - 2), 'SAMPLE FOOD BANK ONE', '00-0000201', '10 TEST ST', 'AUSTIN', 'TX', '78741', 'Sea Salt Chips', 'Kettle', 'Chips', '12', '1.50', '18.00', '0.55', '6.60', '', '', "'@SUM(A1:A9)\nsecond line"],
      [olderNumber, `${y - 2}-05-01`, String(y - 2), 'SAMPLE FOOD BANK ONE', '00-0000201', '10 TEST ST', 'AUSTIN', 'TX', '78741', '\'=HYPERLINK("http://evil.test","Open")', '', '', '2', '1.00', '2.00', '', '', '', '', "'@SUM(A1:A9)\nsecond line"],
      [`D-${String(newer.id).padStart(6, '0')}`, `${y}-01-01`, String(y), 'SAMPLE PROTESTANT CHURCH', '00-0000202', '20 TEST ST', 'AUSTIN', 'TX', '78702', 'Soda', '', '', '6', '1.25', '7.50', '', '', "'-Two tickets", '20.00', ''],
    ]);
    expect(rows.flat()).not.toContain('Not mine');
  });

  test('with no donations, the header alone; signed out, 401', async () => {
    const operator = await signIn(t);
    expect(await exported(operator)).toEqual([HEADER]);
    expect((await api(t).get('/api/donation-hub/export.csv')).statusCode).toBe(401);
  });
});
