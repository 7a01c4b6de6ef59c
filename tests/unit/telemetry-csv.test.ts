import { describe, expect, test } from 'vitest';
import { TelemetryMappingFieldsSchema, type TelemetryMappingInput } from '../../src/shared/sales-imports.schemas.js';
import { readTelemetryCsv, signatureOf, type TelemetryTable } from '../../src/server/features/sales/telemetry-csv.js';
import { mapTelemetryLines, readCents, readQuantity } from '../../src/server/features/sales/telemetry-lines.js';
import { suggestMapping } from '../../src/server/features/sales/telemetry-mapping-guess.js';
import { transactionKeys } from '../../src/server/features/sales/telemetry-sales.js';
import { timeReader } from '../../src/server/features/sales/telemetry-times.js';
import { CANTALOUPE_COLUMNS, NAYAX_COLUMNS, cantaloupeCsv, csvBytes, nayaxCsv, type TelemetrySaleSpec } from '../support/telemetry-files.js';

function table(text: string | Uint8Array): TelemetryTable {
  const result = readTelemetryCsv(typeof text === 'string' ? csvBytes(text) : text);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.table;
}

const iso = (reading: ReturnType<ReturnType<typeof timeReader>>) => (reading.ok ? reading.at.toISOString() : reading.message);
const sales: TelemetrySaleSpec[] = [
  { serial: 'SN-1', code: 'A1', product: 'Cola', at: '2026-03-14 14:05:09', amount: 1.5 },
  { serial: 'SN-2', code: 'B4', product: 'Chips; salted', at: '2026-03-15 09:00:00', quantity: 2, amount: 3 },
];
const received = new Date('2026-06-01T00:00:00Z');

describe('reading the file', () => {
  test('comma, semicolon and tab delimiters; a BOM; the header trimmed; blank lines passed over', () => {
    expect(table(nayaxCsv(sales)).delimiter).toBe(',');
    const european = table(`\uFEFF${nayaxCsv(sales, { european: true })}\r\n\r\n`);
    expect(european).toMatchObject({ delimiter: ';', columns: NAYAX_COLUMNS });
    expect(european.rows.map((row) => [row.line, row.cells[6]])).toEqual([[2, 'Cola'], [3, 'Chips; salted']]);
    expect(table(' Serial\t Time \nSN-1\t2026-01-01 10:00\n')).toMatchObject({ delimiter: '\t', columns: ['Serial', 'Time'] });
  });

  test('lines keep their numbers past a quoted line break; a short line and an unclosed quote are problems by line', () => {
    const result = readTelemetryCsv(csvBytes('serial,product,time\nSN-1,"Cola\nZero",2026-01-01 10:00\n\nSN-1,Cola\nSN-2,"Chips,2026-01-01 11:00\n'));
    expect(result.ok && result.table.rows.map((row) => row.line)).toEqual([2]);
    expect(result.ok && result.problems).toEqual([
      { line: 5, message: 'Line 5 has 2 fields where the header has 3' },
      { line: 6, message: 'Line 6 opens a quote that is never closed' },
    ]);
  });

  test('an empty file, a file that is not text, and Windows-1252 text', () => {
    expect(readTelemetryCsv(new Uint8Array())).toEqual({ ok: false, message: 'The file is empty' });
    expect(readTelemetryCsv(csvBytes('\r\n \n'))).toEqual({ ok: false, message: 'The file is empty' });
    expect(readTelemetryCsv(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x08, 0x00]))).toMatchObject({ ok: false, message: expect.stringMatching(/not text/) });
    const latin = table(Uint8Array.from(Buffer.from('serial,product\nSN-1,Caf\xe9\n', 'latin1')));
    expect(latin.rows[0]!.cells[1]).toBe('Café');
  });

  test('the signature ignores case and surrounding spaces, not order', () => {
    expect(signatureOf([' Device Serial', 'QTY '])).toBe(signatureOf(['device serial', 'qty']));
    expect(signatureOf(['a', 'b'])).not.toBe(signatureOf(['b', 'a']));
  });
});

describe('guessing the mapping', () => {
  test('a Nayax-like header, US and European', () => {
    const us = table(nayaxCsv(sales));
    expect(suggestMapping(us.columns, us.rows.map((row) => row.cells))).toEqual({
      machine: 'Device Serial', selection: 'Product Selection Info', product: 'Product Name', time: 'Machine Authorization Time',
      quantity: 'Quantity', price: 'Settlement Value', transactionId: 'Transaction ID', dateOrder: 'mdy',
    });
    const european = table(nayaxCsv(sales, { european: true }));
    expect(suggestMapping(european.columns, european.rows.map((row) => row.cells)).dateOrder).toBe('dmy');
  });

  test('a Cantaloupe-like header: the date and the time of day in two columns', () => {
    const file = table(cantaloupeCsv(sales));
    expect(suggestMapping(file.columns, file.rows.map((row) => row.cells))).toEqual({
      machine: 'Device Serial Number', selection: 'Column', product: 'Item Description', time: 'Tran Date', timeOfDay: 'Tran Time',
      quantity: 'Qty', price: 'Tran Amount', transactionId: 'Tran ID', dateOrder: 'mdy',
    });
    expect(suggestMapping(['When', 'Whatever'])).toEqual({});
  });
});

describe('reading times', () => {
  const newYork = timeReader('America/New_York', 'mdy');
  test('ISO 8601 with and without an offset, and the common local forms', () => {
    const ymd = timeReader('America/New_York', 'ymd');
    expect(iso(ymd('2026-07-01T12:00:00Z', null))).toBe('2026-07-01T12:00:00.000Z');
    expect(iso(ymd('2026-07-01T12:00:00.250+02:00', null))).toBe('2026-07-01T10:00:00.250Z');
    expect(iso(ymd('2026-07-01T12:00', null))).toBe('2026-07-01T16:00:00.000Z');
    expect(iso(ymd('2026-01-15 08:30', null))).toBe('2026-01-15T13:30:00.000Z');
    expect(iso(newYork('01/15/2026 8:30:15 PM', null))).toBe('2026-01-16T01:30:15.000Z');
    expect(iso(newYork('01/15/2026 12:10 AM', null))).toBe('2026-01-15T05:10:00.000Z');
    expect(iso(timeReader('Europe/Berlin', 'dmy')('15.01.2026 08:30', null))).toBe('2026-01-15T07:30:00.000Z');
  });

  test('date orders: the same text, month first or day first; a date that fits neither', () => {
    expect(iso(newYork('03/04/2026 10:00', null))).toBe('2026-03-04T15:00:00.000Z');
    expect(iso(timeReader('America/New_York', 'dmy')('03/04/2026 10:00', null))).toBe('2026-04-03T14:00:00.000Z');
    expect(iso(newYork('13/04/2026 10:00', null))).toMatch(/not a day of the calendar/);
    expect(iso(timeReader('UTC', 'ymd')('03/04/2026 10:00', null))).toMatch(/does not begin with the year/);
    expect(iso(newYork('yesterday', null))).toMatch(/not a date and time/);
    expect(iso(newYork('01/15/2026 13:00 PM', null))).toMatch(/not a time of day/);
  });

  test('daylight saving: a skipped hour lands after the change, a repeated hour is the first', () => {
    expect(iso(newYork('03/08/2026 1:59 AM', null))).toBe('2026-03-08T06:59:00.000Z');
    expect(iso(newYork('03/08/2026 2:30 AM', null))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(newYork('03/08/2026 3:00 AM', null))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(newYork('11/01/2026 1:30 AM', null))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(newYork('11/01/2026 2:00 AM', null))).toBe('2026-11-01T07:00:00.000Z');
    // Half-hour shifts too: Lord Howe Island moves its clocks by 30 minutes.
    expect(iso(timeReader('Australia/Lord_Howe', 'ymd')('2026-10-04 02:15', null))).toBe('2026-10-03T15:45:00.000Z');
  });

  test('two columns: a date and a time of day', () => {
    expect(iso(newYork('03/14/2026', '2:05:09 PM'))).toBe('2026-03-14T18:05:09.000Z');
    expect(iso(newYork('03/14/2026', '14:05'))).toBe('2026-03-14T18:05:00.000Z');
    expect(iso(newYork('03/14/2026', 'noon'))).toMatch(/not a time of day/);
  });
});

describe('amounts and quantities', () => {
  test('amounts with symbols, codes, decimal commas and thousands', () => {
    expect([readCents('1.50', ','), readCents('$1.50', ','), readCents('USD 1.50', ','), readCents('1,50', ';'), readCents('1,50 €', ';')]).toEqual([150, 150, 150, 150, 150]);
    expect([readCents('1,234.50', ','), readCents('1.234,50', ';'), readCents('1,500', ','), readCents('1,500', ';')]).toEqual([123450, 123450, 150000, 150]);
    expect([readCents('-$1.50', ','), readCents('(2.00)', ','), readCents('2', ',')]).toEqual([-150, -200, 200]);
    expect([readCents('abc', ','), readCents('1.2.3', ',')]).toEqual([NaN, NaN]);
  });

  test('quantities: empty is one, whole numbers only', () => {
    expect([readQuantity(''), readQuantity('3'), readQuantity('-1'), readQuantity('2.0')]).toEqual([1, 3, -1, 2].map((quantity) => ({ ok: true, quantity })));
    expect(readQuantity('1.5')).toMatchObject({ ok: false });
    expect(readQuantity('5000')).toMatchObject({ ok: false });
  });
});

describe('lines through a mapping', () => {
  const mapping = (fields: TelemetryMappingInput) => TelemetryMappingFieldsSchema.parse(fields);
  const cantaloupe = mapping({ machine: 'Device Serial Number', selection: 'Column', product: 'Item Description', time: 'Tran Date', timeOfDay: 'Tran Time', quantity: 'Qty', price: 'Tran Amount', dateOrder: 'mdy' });

  test('sales with their times in the zone; refunds, voids and nothing-sold lines skipped with why', () => {
    const file = table(cantaloupeCsv([
      ...sales,
      { serial: 'SN-1', code: 'A1', at: '2026-03-16 10:00:00', quantity: -1, amount: -1.5 },
      { serial: 'SN-1', code: 'A1', at: '2026-03-16 10:01:00', quantity: 1, amount: -1.5 },
      { serial: 'SN-1', code: 'A1', at: '2026-03-16 10:02:00', quantity: 0 },
      { serial: 'SN-1', code: 'A1', at: '2026-03-16 10:03:00', quantity: null, amount: null },
    ]));
    const mapped = mapTelemetryLines(file, cantaloupe, 'America/Chicago', received);
    expect(mapped.problems).toEqual([]);
    expect(mapped.sales).toEqual([
      { line: 2, machine: 'SN-1', code: 'A1', productName: 'Cola', quantity: 1, cents: 150, soldAt: new Date('2026-03-14T19:05:09Z'), transactionId: null },
      { line: 3, machine: 'SN-2', code: 'B4', productName: 'Chips; salted', quantity: 2, cents: 300, soldAt: new Date('2026-03-15T14:00:00Z'), transactionId: null },
      { line: 7, machine: 'SN-1', code: 'A1', productName: null, quantity: 1, cents: null, soldAt: new Date('2026-03-16T15:03:00Z'), transactionId: null },
    ]);
    expect(mapped.skipped).toEqual([
      { line: 4, outcome: 'skipped', message: 'Line 4: refund or void, not a sale' },
      { line: 5, outcome: 'skipped', message: 'Line 5: refund or void, not a sale' },
      { line: 6, outcome: 'skipped', message: 'Line 6: no units sold (quantity 0)' },
    ]);
  });

  test("each sale keeps the provider's transaction id; a transaction's lines are told apart by their place in it, machine by machine", () => {
    const withIds = mapping({ machine: 'Device Serial Number', selection: 'Column', product: null, time: 'Tran Date', timeOfDay: 'Tran Time', quantity: null, price: null, transactionId: 'Tran ID', dateOrder: 'mdy' });
    const file = table(
      cantaloupeCsv([
        { serial: 'SN-1', code: 'A1', at: '2026-03-14 14:05:09', transactionId: 'T-1' },
        { serial: 'SN-1', code: 'A2', at: '2026-03-14 14:05:09', transactionId: 'T-1' },
        { serial: 'SN-2', code: 'A1', at: '2026-03-14 15:00:00', transactionId: 'T-1' },
        { serial: 'SN-2', code: 'B1', at: '2026-03-14 15:01:00', transactionId: ' ' },
        { serial: 'SN-2', code: 'B2', at: '2026-03-14 15:02:00', transactionId: 'X'.repeat(101) },
      ]),
    );
    const mapped = mapTelemetryLines(file, withIds, 'UTC', received);
    expect(mapped.sales.map((sale) => sale.transactionId)).toEqual(['T-1', 'T-1', 'T-1', null]);
    expect(mapped.problems).toEqual([{ line: 6, outcome: 'problem', message: 'Line 6: the transaction ID is longer than 100 characters' }]);
    const machines = new Map([
      ['SN-1', { id: 1, name: 'One', serialNumber: 'SN-1' }],
      ['SN-2', { id: 2, name: 'Two', serialNumber: 'SN-2' }],
    ]);
    expect(transactionKeys(mapped.sales, machines)).toEqual(['T-1#1', 'T-1#2', 'T-1#1', null]);
  });

  test('every problem of a line in one message, by its number', () => {
    const file = table(`${CANTALOUPE_COLUMNS.join(',')}\n1,02/30/2026,10:00,,Lobby,A1,Cola,1.5,$1.50,VISA\n2,12/01/2099,10:00,SN-1,Lobby,Coke (12 = $1.50),Cola,1,lots,VISA\n`);
    expect(mapTelemetryLines(file, cantaloupe, 'UTC', received).problems).toEqual([
      { line: 2, outcome: 'problem', message: 'Line 2: the machine column “Device Serial Number” is empty; “02/30/2026” is not a day of the calendar: check whether the month or the day comes first; the quantity “1.5” is not a whole number' },
      { line: 3, outcome: 'problem', message: 'Line 3: “Coke (12 = $1.50)” is not a selection code such as A1 or 12; the time 2099-12-01T10:00:00.000Z is in the future: check whether the month or the day comes first; the amount “lots” is not an amount such as 1.50' },
    ]);
  });
});
