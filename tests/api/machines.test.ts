import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine } from '../../src/server/db/factories.js';
import { vendingMachines } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { api, expectJsonError, get, signIn } from './helpers.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signIn>>;
let stranger: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t);
  stranger = await signIn(t);
});
afterAll(() => t.close());


const validMachine = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lobby Snacks',
  location: 'Main lobby',
  address: '1 Main St, Springfield',
  type: 'snacks',
  serialNumber: 'SN-1001',
  ...overrides,
});

const machineRow = async (id: number) =>
  (await t.database.db.select().from(vendingMachines).where(eq(vendingMachines.id, id)))[0];

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /api/machines', () => {
  test('creates a machine for the signed-in operator: 201 with the machine, status active by default', async () => {
    const { user, cookie } = await signIn(t);
    const res = await api(t, cookie).post('/api/machines', validMachine({ name: '  Lobby Snacks  ', address: '' }));
    expect(res.statusCode, res.body).toBe(201);
    const machine = res.json();
    expect(machine).toEqual({
      id: expect.any(Number),
      name: 'Lobby Snacks',
      location: 'Main lobby',
      address: null,
      type: 'snacks',
      serialNumber: 'SN-1001',
      status: 'active',
      userId: user.id,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    const row = await machineRow(machine.id);
    expect(row).toMatchObject({ userId: user.id, name: 'Lobby Snacks', status: 'active', address: null });
  });

  test('keeps a given status and address', async () => {
    const res = await api(t, owner.cookie).post('/api/machines', validMachine({ status: 'maintenance', type: 'coffee' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'maintenance', type: 'coffee', address: '1 Main St, Springfield' });
    await api(t, owner.cookie).delete(`/api/machines/${res.json().id}`);
  });

  test('an empty body names every required field with the spec messages', async () => {
    const body = expectJsonError(await api(t, owner.cookie).post('/api/machines', {}), 400, 'Machine name is required');
    expect(body.errors).toEqual({
      name: 'Machine name is required',
      location: 'Location is required',
      type: 'Machine type is required',
      serialNumber: 'Serial number is required',
    });
  });

  test.each([
    ['name', { name: '   ' }, 'Machine name is required'],
    ['location', { location: '' }, 'Location is required'],
    ['type', { type: 'toaster' }, 'Machine type is required'],
    ['type', { type: undefined }, 'Machine type is required'],
    ['serialNumber', { serialNumber: null }, 'Serial number is required'],
    ['status', { status: 'broken' }, 'Status must be active, maintenance or inactive'],
    ['name', { name: 'x'.repeat(101) }, 'Must be at most 100 characters'],
  ])('a bad %s (%j) answers 400 "%s" and stores nothing', async (field, overrides, message) => {
    const before = (await api(t, owner.cookie).get('/api/machines')).json().length;
    const body = expectJsonError(await api(t, owner.cookie).post('/api/machines', validMachine(overrides)), 400, message);
    expect(body.errors).toEqual({ [field]: message });
    expect((await api(t, owner.cookie).get('/api/machines')).json()).toHaveLength(before);
  });

  test('an unknown field is refused', async () => {
    const body = expectJsonError(await api(t, owner.cookie).post('/api/machines', validMachine({ userId: stranger.user.id })), 400);
    expect(body.errors).toEqual({ userId: 'Unknown field: userId' });
  });
});

describe('GET /api/machines', () => {
  test('lists only the operator’s own machines, oldest first, with ISO timestamps', async () => {
    const { user, cookie } = await signIn(t);
    const newer = await createMachine(t.database.db, user.id, { name: 'Newer' });
    const older = await createMachine(t.database.db, user.id, { name: 'Older' });
    // Ids and creation times disagree, so the order must come from the creation time.
    await t.database.db.update(vendingMachines).set({ createdAt: new Date('2024-01-01T00:00:00Z') }).where(eq(vendingMachines.id, older.id));
    await createMachine(t.database.db, stranger.user.id, { name: 'Foreign' });

    const res = await api(t, cookie).get('/api/machines');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.map((m: { id: number }) => m.id)).toEqual([older.id, newer.id]);
    expect(list[0]).toMatchObject({ name: 'Older', userId: user.id, createdAt: '2024-01-01T00:00:00.000Z' });
    expect(list[1].updatedAt).toMatch(ISO);
  });

  test('an operator without machines gets an empty list', async () => {
    const { cookie } = await signIn(t);
    expect((await api(t, cookie).get('/api/machines')).json()).toEqual([]);
  });
});

describe('GET /api/machines/:id', () => {
  test('the owner reads the whole machine', async () => {
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Gym', location: 'Basement', address: '2 Elm St' });
    const res = await api(t, owner.cookie).get(`/api/machines/${machine.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: machine.id, name: 'Gym', location: 'Basement', address: '2 Elm St', type: 'snacks', serialNumber: machine.serialNumber,
      status: 'active', userId: owner.user.id, createdAt: machine.createdAt.toISOString(), updatedAt: machine.updatedAt.toISOString(),
    });
  });

  test('anyone else, signed out or another operator, reads only id, name and location', async () => {
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Library', location: 'Ground floor', address: 'Secret 5' });
    for (const cookie of [undefined, stranger.cookie]) {
      const res = await api(t, cookie).get(`/api/machines/${machine.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: machine.id, name: 'Library', location: 'Ground floor' });
    }
  });

  test('an unknown id is a 404 "Machine not found"', async () => {
    expect(expectJsonError(await api(t, owner.cookie).get('/api/machines/2147483000'), 404)).toEqual({ message: 'Machine not found' });
  });

  test.each(['abc', '0', '-3', '1.5', '1e3', '99999999999'])('id %s is a 400', async (id) => {
    const body = expectJsonError(await api(t, owner.cookie).get(`/api/machines/${id}`), 400, 'Machine id must be a whole number');
    expect(body.errors).toEqual({ id: 'Machine id must be a whole number' });
  });
});

describe('PATCH /api/machines/:id', () => {
  test('changes only the fields sent, bumps updatedAt and answers the machine', async () => {
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Old name', address: 'Keep me', status: 'active' });
    const past = new Date('2024-05-01T12:00:00Z');
    await t.database.db.update(vendingMachines).set({ createdAt: past, updatedAt: past }).where(eq(vendingMachines.id, machine.id));

    const res = await api(t, owner.cookie).patch(`/api/machines/${machine.id}`, { name: ' New name ', status: 'inactive' });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({ id: machine.id, name: 'New name', status: 'inactive', address: 'Keep me', location: machine.location });
    expect(updated.createdAt).toBe(past.toISOString());
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(past.getTime());
    expect(Math.abs(Date.parse(updated.updatedAt) - Date.now())).toBeLessThan(60_000);
    expect(await machineRow(machine.id)).toMatchObject({ name: 'New name', status: 'inactive', address: 'Keep me' });
  });

  test('address null or empty clears it', async () => {
    const machine = await createMachine(t.database.db, owner.user.id, { address: 'Somewhere' });
    const res = await api(t, owner.cookie).patch(`/api/machines/${machine.id}`, { address: '' });
    expect(res.json().address).toBeNull();
  });

  test.each([
    ['name', { name: '' }, 'Machine name is required'],
    ['location', { location: '  ' }, 'Location is required'],
    ['type', { type: 'fridge' }, 'Machine type is required'],
    ['serialNumber', { serialNumber: '' }, 'Serial number is required'],
    ['status', { status: 'retired' }, 'Status must be active, maintenance or inactive'],
    ['userId', { userId: 1 }, 'Unknown field: userId'],
  ])('a bad %s answers 400 "%s" and changes nothing', async (field, payload, message) => {
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Unchanged' });
    const body = expectJsonError(await api(t, owner.cookie).patch(`/api/machines/${machine.id}`, payload), 400, message);
    expect(body.errors).toEqual({ [field]: message });
    expect(await machineRow(machine.id)).toMatchObject({ name: 'Unchanged', userId: owner.user.id });
  });
});

describe('signed out and other roles', () => {
  test.each([
    ['GET', '/api/machines', undefined],
    ['POST', '/api/machines', validMachine()],
    ['PATCH', '/api/machines/1', { name: 'x' }],
    ['DELETE', '/api/machines/1', undefined],
  ] as const)('%s %s signed out is 401 Unauthorized', async (method, url, payload) => {
    expect(expectJsonError(await api(t).send(method, url, payload), 401)).toEqual({ message: 'Unauthorized' });
  });

  test('an affiliate cannot manage machines (403)', async () => {
    const affiliate = await signIn(t, { role: 'affiliate' });
    expectJsonError(await api(t, affiliate.cookie).get('/api/machines'), 403);
    expectJsonError(await api(t, affiliate.cookie).post('/api/machines', validMachine()), 403);
  });
});

describe('another operator’s machine answers like a missing one', () => {
  test('PATCH and DELETE of a foreign id are 404 with the same body as an unknown id, and change nothing', async () => {
    const foreign = await createMachine(t.database.db, stranger.user.id, { name: 'Not yours' });
    const missing = 2147483001;
    for (const [method, payload] of [['PATCH', { name: 'Hijacked' }], ['DELETE', undefined]] as const) {
      const foreignRes = await api(t, owner.cookie).send(method, `/api/machines/${foreign.id}`, payload);
      const missingRes = await api(t, owner.cookie).send(method, `/api/machines/${missing}`, payload);
      expect(expectJsonError(foreignRes, 404)).toEqual({ message: 'Machine not found' });
      expect(missingRes.statusCode).toBe(404);
      expect(foreignRes.body).toBe(missingRes.body);
    }
    expect(await machineRow(foreign.id)).toMatchObject({ name: 'Not yours', userId: stranger.user.id });
  });

  test('the owner’s list never shows it', async () => {
    const own = await createMachine(t.database.db, owner.user.id);
    const foreign = await createMachine(t.database.db, stranger.user.id);
    const ids = (await get(t, '/api/machines', owner.cookie)).json().map((m: { id: number }) => m.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
  });
});
