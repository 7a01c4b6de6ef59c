import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { restockRecords } from '../../src/server/db/schema.js';
import type { RestockRecord } from '../../src/shared/stock.schemas.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, DAY_MS, expectJsonError, signIn } from './helpers.js';

const RESTOCKS = '/api/stock/restocks';
const MINUTE_MS = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in operator with one machine and two products of their own. */
async function operator() {
  const signedIn = await signIn(t);
  const db = t.database.db;
  const machine = await createMachine(db, signedIn.user.id, { name: 'Lobby Snacks' });
  const chips = await createProduct(db, signedIn.user.id, { name: 'Sea Salt Chips' });
  const soda = await createProduct(db, signedIn.user.id, { name: 'Lemon Soda', category: 'Soda' });
  return { ...signedIn, machine, chips, soda };
}

const recordsOf = (userId: number) => t.database.db.select().from(restockRecords).where(eq(restockRecords.userId, userId));

describe('POST /api/stock/restocks', () => {
  test('records a restock at the current time and lists it with the machine and product names', async () => {
    const { api: call, machine, chips } = await operator();
    const before = Date.now();
    const res = await call.post(RESTOCKS, { machineId: machine.id, productId: chips.id, unitsLeft: 3, unitsFilled: 17 });
    expect(res.statusCode, res.body).toBe(201);
    const record: RestockRecord = res.json();
    expect(record).toMatchObject({
      machineId: machine.id,
      machineName: 'Lobby Snacks',
      productId: chips.id,
      productName: 'Sea Salt Chips',
      unitsLeft: 3,
      unitsFilled: 17,
      // Who recorded it, by the name their account has.
      recordedBy: 'Olivia Operator',
    });
    expect(Date.parse(record.restockedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(record.restockedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Object.keys(record).sort()).toEqual(['createdAt', 'id', 'machineId', 'machineName', 'productId', 'productName', 'recordedBy', 'restockedAt', 'slotCode', 'unitsFilled', 'unitsLeft']);

    const list = await call.get(RESTOCKS);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([record]);
  });

  test('takes the time of the visit with its offset, and accepts ids as digit strings', async () => {
    const { api: call, machine, chips } = await operator();
    const at = new Date(Date.now() - 3 * DAY_MS);
    at.setUTCMilliseconds(0);
    const withOffset = at.toISOString().replace('.000Z', '+00:00');
    const res = await call.post(RESTOCKS, { machineId: String(machine.id), productId: String(chips.id), unitsLeft: 0, unitsFilled: 0, restockedAt: withOffset });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().restockedAt).toBe(at.toISOString());

    // +02:00 is two hours ahead of UTC: the same instant as 2h earlier in Z.
    const local = new Date(Date.now() - DAY_MS);
    local.setUTCMilliseconds(0);
    const shifted = new Date(local.getTime() + 2 * 60 * MINUTE_MS).toISOString().replace('.000Z', '+02:00');
    const second = await call.post(RESTOCKS, { machineId: machine.id, productId: chips.id, unitsLeft: 1, unitsFilled: 1, restockedAt: shifted });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().restockedAt).toBe(local.toISOString());
  });

  test('allows five minutes of clock skew and a year back, no more', async () => {
    const { api: call, machine, chips } = await operator();
    const body = (restockedAt: Date) => ({ machineId: machine.id, productId: chips.id, unitsLeft: 1, unitsFilled: 2, restockedAt: restockedAt.toISOString() });
    expect((await call.post(RESTOCKS, body(new Date(Date.now() + 4 * MINUTE_MS)))).statusCode).toBe(201);
    expect((await call.post(RESTOCKS, body(new Date(Date.now() - 364 * DAY_MS)))).statusCode).toBe(201);
    const future = expectJsonError(await call.post(RESTOCKS, body(new Date(Date.now() + 6 * MINUTE_MS))), 400, 'Restock time cannot be in the future');
    expect(future.errors).toEqual({ restockedAt: 'Restock time cannot be in the future' });
    expectJsonError(await call.post(RESTOCKS, body(new Date(Date.now() - 366 * DAY_MS))), 400, 'Restock time cannot be more than a year ago');
  });

  test.each([
    ['machineId', { machineId: 'abc' }, 'Machine id must be a whole number'],
    ['machineId', { machineId: undefined }, 'Machine id must be a whole number'],
    ['machineId', { machineId: 0 }, 'Machine id must be a whole number'],
    ['productId', { productId: 1.5 }, 'Product id must be a whole number'],
    ['productId', { productId: undefined }, 'Product id must be a whole number'],
    ['unitsLeft', { unitsLeft: undefined }, 'Units left must be a whole number'],
    ['unitsLeft', { unitsLeft: '5' }, 'Units left must be a whole number'],
    ['unitsLeft', { unitsLeft: 2.5 }, 'Units left must be a whole number'],
    ['unitsLeft', { unitsLeft: -1 }, 'Units left cannot be negative'],
    ['unitsLeft', { unitsLeft: 100_001 }, 'Units left must be at most 100,000'],
    ['unitsFilled', { unitsFilled: undefined }, 'Units filled must be a whole number'],
    ['unitsFilled', { unitsFilled: 0.1 }, 'Units filled must be a whole number'],
    ['unitsFilled', { unitsFilled: -4 }, 'Units filled cannot be negative'],
    ['unitsFilled', { unitsFilled: 100_001 }, 'Units filled must be at most 100,000'],
    ['restockedAt', { restockedAt: 'yesterday' }, 'Restock time must be a date and time such as 2025-05-01T09:30:00Z'],
    ['restockedAt', { restockedAt: '2025-05-01T09:30:00' }, 'Restock time must be a date and time such as 2025-05-01T09:30:00Z'],
    ['restockedAt', { restockedAt: 1714555800000 }, 'Restock time must be a date and time such as 2025-05-01T09:30:00Z'],
    ['extra', { extra: true }, 'Unknown field: extra'],
  ])('refuses a bad %s: %j', async (field, change, message) => {
    const { api: call, machine, chips, user } = await operator();
    const body = { machineId: machine.id, productId: chips.id, unitsLeft: 1, unitsFilled: 1, ...change };
    const error = expectJsonError(await call.post(RESTOCKS, body), 400, message);
    expect(error.errors?.[field]).toBe(message);
    expect(await recordsOf(user.id)).toEqual([]);
  });

  test('at the limits: 0 and 100,000 units are accepted', async () => {
    const { api: call, machine, chips } = await operator();
    const res = await call.post(RESTOCKS, { machineId: machine.id, productId: chips.id, unitsLeft: 0, unitsFilled: 100_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ unitsLeft: 0, unitsFilled: 100_000 });
  });
});

describe('POST /api/stock/restocks/batch', () => {
  test('records a whole visit at one time, in the order of the lines', async () => {
    const { api: call, machine, chips, soda, user } = await operator();
    const restockedAt = new Date(Date.now() - 2 * 60 * MINUTE_MS).toISOString();
    const res = await call.post(`${RESTOCKS}/batch`, {
      machineId: machine.id,
      restockedAt,
      lines: [
        { productId: soda.id, unitsLeft: 2, unitsFilled: 10 },
        { productId: chips.id, unitsLeft: 0, unitsFilled: 24 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { records } = res.json() as { records: RestockRecord[] };
    expect(records.map((record) => [record.productName, record.unitsLeft, record.unitsFilled, record.machineName, record.restockedAt])).toEqual([
      ['Lemon Soda', 2, 10, 'Lobby Snacks', restockedAt],
      ['Sea Salt Chips', 0, 24, 'Lobby Snacks', restockedAt],
    ]);
    expect(await recordsOf(user.id)).toHaveLength(2);
  });

  test('without a time, every line is recorded now', async () => {
    const { api: call, machine, chips, soda } = await operator();
    const res = await call.post(`${RESTOCKS}/batch`, {
      machineId: machine.id,
      lines: [
        { productId: chips.id, unitsLeft: 1, unitsFilled: 1 },
        { productId: soda.id, unitsLeft: 1, unitsFilled: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [first, second] = (res.json() as { records: RestockRecord[] }).records;
    expect(first!.restockedAt).toBe(second!.restockedAt);
    expect(Math.abs(Date.parse(first!.restockedAt) - Date.now())).toBeLessThan(10_000);
  });

  test.each([
    ['lines', { lines: undefined }, 'Lines must be a list of products'],
    ['lines', { lines: 'chips' }, 'Lines must be a list of products'],
    ['lines', { lines: [] }, 'Add at least one product'],
    ['lines.0.unitsFilled', { lines: [{ productId: 1, unitsLeft: 0, unitsFilled: -1 }] }, 'Units filled cannot be negative'],
    ['lines.0.unitsLeft', { lines: [{ productId: 1, unitsLeft: 100_001, unitsFilled: 0 }] }, 'Units left must be at most 100,000'],
    ['lines.0.productId', { lines: [{ productId: 'x', unitsLeft: 0, unitsFilled: 0 }] }, 'Product id must be a whole number'],
    // An unknown field is reported under its own name.
    ['machineId', { lines: [{ productId: 1, unitsLeft: 0, unitsFilled: 0, machineId: 1 }] }, 'Unknown field: machineId'],
    ['restockedAt', { restockedAt: new Date(Date.now() + 60 * MINUTE_MS).toISOString() }, 'Restock time cannot be in the future'],
    ['machineId', { machineId: -3 }, 'Machine id must be a whole number'],
  ])('refuses a bad %s: %j', async (field, change, message) => {
    const { api: call, machine, chips, user } = await operator();
    const body = { machineId: machine.id, lines: [{ productId: chips.id, unitsLeft: 1, unitsFilled: 1 }], ...change };
    const error = expectJsonError(await call.post(`${RESTOCKS}/batch`, body), 400, message);
    expect(error.errors?.[field]).toBe(message);
    expect(await recordsOf(user.id)).toEqual([]);
  });

  test('refuses more than 200 lines and a product named twice', async () => {
    const { api: call, machine, chips, soda, user } = await operator();
    const many = Array.from({ length: 201 }, (_, index) => ({ productId: index + 1, unitsLeft: 0, unitsFilled: 1 }));
    expectJsonError(await call.post(`${RESTOCKS}/batch`, { machineId: machine.id, lines: many }), 400, 'At most 200 products at a time');

    const twice = expectJsonError(
      await call.post(`${RESTOCKS}/batch`, {
        machineId: machine.id,
        lines: [
          { productId: chips.id, unitsLeft: 0, unitsFilled: 1 },
          { productId: soda.id, unitsLeft: 0, unitsFilled: 1 },
          { productId: chips.id, unitsLeft: 0, unitsFilled: 2 },
        ],
      }),
      400,
      'Each product can appear only once in a visit',
    );
    expect(twice.errors).toEqual({ 'lines.2.productId': 'Each product can appear only once in a visit' });
    expect(await recordsOf(user.id)).toEqual([]);
  });

  test('is all or nothing: a product that is not the operator\'s, or a failure on the last line, writes no line', async () => {
    const { api: call, machine, chips, soda, user } = await operator();
    const stranger = await operator();
    const lines = [
      { productId: chips.id, unitsLeft: 1, unitsFilled: 5 },
      { productId: soda.id, unitsLeft: 1, unitsFilled: 5 },
      { productId: stranger.chips.id, unitsLeft: 1, unitsFilled: 5 },
    ];
    const error = expectJsonError(await call.post(`${RESTOCKS}/batch`, { machineId: machine.id, lines }), 404, 'Product not found');
    expect(error.errors).toEqual({ 'lines.2.productId': 'Product not found' });
    expect(await recordsOf(user.id)).toEqual([]);
    expect(await recordsOf(stranger.user.id)).toEqual([]);

    // The database refuses the last line (a trigger stands in for any failure mid-write).
    const db = t.database.db;
    await db.execute(sql`create function vv_test_refuse_restock() returns trigger language plpgsql as $$
      begin if new.units_left = 99999 then raise exception 'refused by the test'; end if; return new; end $$`);
    await db.execute(sql`create trigger vv_test_refuse_restock before insert on restock_records for each row execute function vv_test_refuse_restock()`);
    try {
      const res = await call.post(`${RESTOCKS}/batch`, {
        machineId: machine.id,
        lines: [
          { productId: chips.id, unitsLeft: 1, unitsFilled: 5 },
          { productId: soda.id, unitsLeft: 99_999, unitsFilled: 5 },
        ],
      });
      expectJsonError(res, 500);
      expect(await recordsOf(user.id)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger vv_test_refuse_restock on restock_records`);
      await db.execute(sql`drop function vv_test_refuse_restock()`);
    }
    expect((await call.post(`${RESTOCKS}/batch`, { machineId: machine.id, lines: lines.slice(0, 2) })).statusCode).toBe(201);
    expect(await recordsOf(user.id)).toHaveLength(2);
  });
});

describe('GET /api/stock/restocks', () => {
  test('newest visit first (not the order they were entered), filtered by machine and product', async () => {
    const { api: call, machine, chips, soda, user } = await operator();
    const second = await createMachine(t.database.db, user.id, { name: 'Gym Drinks' });
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * MINUTE_MS).toISOString();
    const add = async (machineId: number, productId: number, hours: number, unitsFilled: number) => {
      const res = await call.post(RESTOCKS, { machineId, productId, unitsLeft: 0, unitsFilled, restockedAt: hoursAgo(hours) });
      expect(res.statusCode, res.body).toBe(201);
    };
    await add(machine.id, chips.id, 5, 1);
    await add(machine.id, soda.id, 1, 2);
    await add(second.id, soda.id, 3, 3);
    await add(second.id, chips.id, 10, 4);

    const filled = async (query = '') => {
      const res = await call.get(`${RESTOCKS}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as RestockRecord[]).map((record) => record.unitsFilled);
    };
    expect(await filled()).toEqual([2, 3, 1, 4]);
    expect(await filled(`?machineId=${machine.id}`)).toEqual([2, 1]);
    expect(await filled(`?productId=${soda.id}`)).toEqual([2, 3]);
    expect(await filled(`?machineId=${second.id}&productId=${chips.id}`)).toEqual([4]);
    const names = (await call.get(`${RESTOCKS}?machineId=${second.id}`)).json().map((record: RestockRecord) => [record.machineName, record.productName]);
    expect(names).toEqual([
      ['Gym Drinks', 'Lemon Soda'],
      ['Gym Drinks', 'Sea Salt Chips'],
    ]);
  });

  test('answers at most the 100 newest', async () => {
    const { api: call, machine, chips, user } = await operator();
    const now = Date.now();
    await t.database.db.insert(restockRecords).values(
      Array.from({ length: 105 }, (_, index) => ({
        userId: user.id,
        machineId: machine.id,
        productId: chips.id,
        unitsLeft: 0,
        unitsFilled: index,
        restockedAt: new Date(now - (index + 1) * MINUTE_MS),
      })),
    );
    const list = (await call.get(RESTOCKS)).json() as RestockRecord[];
    expect(list).toHaveLength(100);
    expect(list[0]!.unitsFilled).toBe(0);
    expect(list[99]!.unitsFilled).toBe(99);
  });

  test('refuses a malformed filter', async () => {
    const { api: call } = await operator();
    expectJsonError(await call.get(`${RESTOCKS}?machineId=abc`), 400, 'Machine id must be a whole number');
    expectJsonError(await call.get(`${RESTOCKS}?productId=1e3`), 400, 'Product id must be a whole number');
  });
});

describe('DELETE /api/stock/restocks/:id', () => {
  test('removes a record made by mistake, answering what it deleted, then answers 404', async () => {
    const { api: call, machine, chips, soda } = await operator();
    const keep = (await call.post(RESTOCKS, { machineId: machine.id, productId: chips.id, unitsLeft: 0, unitsFilled: 1 })).json() as RestockRecord;
    const mistake = (await call.post(RESTOCKS, { machineId: machine.id, productId: soda.id, unitsLeft: 0, unitsFilled: 1 })).json() as RestockRecord;
    const res = await call.delete(`${RESTOCKS}/${mistake.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: mistake.id, deleted: true });
    expect(((await call.get(RESTOCKS)).json() as RestockRecord[]).map((record) => record.id)).toEqual([keep.id]);
    expectJsonError(await call.delete(`${RESTOCKS}/${mistake.id}`), 404, 'Restock record not found');
    expectJsonError(await call.delete(`${RESTOCKS}/abc`), 400, 'Restock record id must be a whole number');
  });
});

describe('tenancy', () => {
  test("another operator's machine, product and records answer 404 like missing ones and change nothing", async () => {
    const owner = await operator();
    const other = await operator();
    const record = (await owner.api.post(RESTOCKS, { machineId: owner.machine.id, productId: owner.chips.id, unitsLeft: 2, unitsFilled: 8 })).json() as RestockRecord;

    const body = { unitsLeft: 0, unitsFilled: 1 };
    for (const machineId of [owner.machine.id, 2_000_000_000]) {
      const error = expectJsonError(await other.api.post(RESTOCKS, { machineId, productId: other.chips.id, ...body }), 404, 'Machine not found');
      expect(error.errors).toEqual({ machineId: 'Machine not found' });
      expectJsonError(await other.api.post(`${RESTOCKS}/batch`, { machineId, lines: [{ productId: other.chips.id, ...body }] }), 404, 'Machine not found');
      expectJsonError(await other.api.get(`${RESTOCKS}?machineId=${machineId}`), 404, 'Machine not found');
    }
    for (const productId of [owner.chips.id, 2_000_000_000]) {
      const error = expectJsonError(await other.api.post(RESTOCKS, { machineId: other.machine.id, productId, ...body }), 404, 'Product not found');
      expect(error.errors).toEqual({ productId: 'Product not found' });
      expectJsonError(await other.api.get(`${RESTOCKS}?productId=${productId}`), 404, 'Product not found');
    }
    // The owner's machine with the other's product (and the reverse) is no way in either.
    expectJsonError(await owner.api.post(RESTOCKS, { machineId: owner.machine.id, productId: other.chips.id, ...body }), 404, 'Product not found');

    expect((await other.api.get(RESTOCKS)).json()).toEqual([]);
    expectJsonError(await other.api.delete(`${RESTOCKS}/${record.id}`), 404, 'Restock record not found');
    expect(await recordsOf(other.user.id)).toEqual([]);
    expect((await owner.api.get(RESTOCKS)).json()).toEqual([record]);
  });

  test('signed out, every route answers 401', async () => {
    const anonymous = api(t);
    for (const res of [
      await anonymous.get(RESTOCKS),
      await anonymous.post(RESTOCKS, { machineId: 1, productId: 1, unitsLeft: 0, unitsFilled: 0 }),
      await anonymous.post(`${RESTOCKS}/batch`, { machineId: 1, lines: [{ productId: 1, unitsLeft: 0, unitsFilled: 0 }] }),
      await anonymous.delete(`${RESTOCKS}/1`),
    ]) {
      expectJsonError(res, 401, 'Unauthorized');
    }
  });
});
