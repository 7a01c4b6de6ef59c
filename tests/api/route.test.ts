import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createProduct } from '../../src/server/db/factories.js';
import { planogramSlots, purchaseListItems, restockRecords, routeActions, routeVisits, teamMembers, vendingIssues } from '../../src/server/db/schema.js';
import { forgetOldRouteActions } from '../../src/server/features/route/route-actions.service.js';
import type { VendingIssue } from '../../src/shared/feedback.schemas.js';
import {
  ROUTE_API,
  ROUTE_ORDER_API,
  RouteMessages,
  memberMachinesApi,
  routeDoneApi,
  routeFillsApi,
  routeIssuesApi,
  routeResolveApi,
  type RouteDay,
} from '../../src/shared/route.schemas.js';
import { slotStockApi, SlotVisitMessages, type MachineSlotStock } from '../../src/shared/slot-stock.schemas.js';
import { RESTOCKS_API } from '../../src/server/features/stock/restocks.routes.js';
import { SWITCH_TEAM_API, TEAM_API, TeamMessages, teamMemberApi, type Team } from '../../src/shared/teams.schemas.js';
import type { TeamRole } from '../../src/shared/team-roles.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { DAY_MS, expectJsonError, signIn } from './helpers.js';

/** The driver's day (issue 31): their machines alone, what to bring, and changes applied once whatever the phone resends. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Signed = Awaited<ReturnType<typeof signIn>>;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Puts `person` in `owner`'s team with `role`, and their session to work in it. */
async function addToTeam(owner: Signed, person: Signed, role: TeamRole) {
  await t.database.db.insert(teamMembers).values({ teamId: owner.user.id, userId: person.user.id, role });
  const switched = await person.api.post(SWITCH_TEAM_API, { teamId: owner.user.id });
  expect(switched.statusCode, switched.body).toBe(200);
}

/** An owner with two machines (North with cola in A1 and A2, chips in B1; South with cola in A1) and a driver on North. */
async function team() {
  const owner = await signIn(t, { firstName: 'Olga', lastName: 'Owner' });
  const driver = await signIn(t, { firstName: 'Dan', lastName: 'Driver' });
  const db = t.database.db;
  const north = await createMachine(db, owner.user.id, { name: 'North' });
  const south = await createMachine(db, owner.user.id, { name: 'South' });
  const cola = await createProduct(db, owner.user.id, { name: 'Cola' });
  const chips = await createProduct(db, owner.user.id, { name: 'Chips' });
  const slot = (machineId: number, code: string, productId: number, position: number) => ({ userId: owner.user.id, machineId, code, productId, capacity: 10, par: 8, position, startedAt: ago(30) });
  await db.insert(planogramSlots).values([slot(north.id, 'A1', cola.id, 0), slot(north.id, 'A2', cola.id, 1), slot(north.id, 'B1', chips.id, 2), slot(south.id, 'A1', cola.id, 0)]);
  // The slots were last filled to 2 units below par, so each lacks 2 (no votes since).
  await db.insert(restockRecords).values(
    [
      [north.id, 'A1', cola.id],
      [north.id, 'A2', cola.id],
      [north.id, 'B1', chips.id],
      [south.id, 'A1', cola.id],
    ].map(([machineId, slotCode, productId]) => ({ userId: owner.user.id, machineId: machineId as number, productId: productId as number, slotCode: slotCode as string, unitsLeft: 0, unitsFilled: 6, restockedAt: ago(2) })),
  );
  await addToTeam(owner, driver, 'driver');
  const assigned = await owner.api.put(memberMachinesApi(driver.user.id), { machineIds: [north.id] });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { owner, driver, north, south, cola, chips };
}

const dayOf = async (who: Signed) => {
  const res = await who.api.get(ROUTE_API);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RouteDay;
};

describe('whose machines', () => {
  test('a driver’s route is their assigned machines; another machine, or another team’s, answers 404', async () => {
    const { owner, driver, north, south } = await team();
    const day = await dayOf(driver);
    expect(day.assignedOnly).toBe(true);
    expect(day.stops.map((stop) => stop.name)).toEqual(['North']);
    expectJsonError(await driver.api.post(routeFillsApi(south.id), { key: randomUUID(), slots: [{ code: 'A1', unitsLeft: 6, unitsFilled: 2 }] }), 404, 'Machine not found');
    expectJsonError(await driver.api.post(routeDoneApi(south.id), { key: randomUUID() }), 404, 'Machine not found');
    // The owner, with nothing assigned to them, has the whole team's machines.
    const ownersDay = await dayOf(owner);
    expect(ownersDay.assignedOnly).toBe(false);
    expect(ownersDay.stops.map((stop) => stop.name)).toEqual(['North', 'South']);
    const stranger = await signIn(t);
    expectJsonError(await stranger.api.post(routeDoneApi(north.id), { key: randomUUID() }), 404, 'Machine not found');
    // The driver reaches none of the office's calls.
    expectJsonError(await driver.api.get(slotStockApi(north.id)), 403, TeamMessages.roleRefused('driver'));
    expectJsonError(await driver.api.put(memberMachinesApi(driver.user.id), { machineIds: [north.id, south.id] }), 403, TeamMessages.roleRefused('driver'));
  });

  test('owners assign machines to members, not to viewers; the team lists each member’s machines; a foreign machine is a 404', async () => {
    const { owner, driver, north, south } = await team();
    const viewer = await signIn(t);
    await addToTeam(owner, viewer, 'viewer');
    const refused = expectJsonError(await owner.api.put(memberMachinesApi(viewer.user.id), { machineIds: [north.id] }), 400, RouteMessages.viewerUnassignable);
    expect(refused.errors).toEqual({ machineIds: RouteMessages.viewerUnassignable });
    const foreign = await createMachine(t.database.db, (await signIn(t)).user.id, { name: 'Elsewhere' });
    const notOurs = expectJsonError(await owner.api.put(memberMachinesApi(driver.user.id), { machineIds: [south.id, foreign.id] }), 404, 'Machine not found');
    expect(notOurs.errors).toEqual({ 'machineIds.1': 'Machine not found' });
    expectJsonError(await owner.api.put(memberMachinesApi((await signIn(t)).user.id), { machineIds: [] }), 404, 'Member not found');
    expect((await owner.api.put(memberMachinesApi(driver.user.id), { machineIds: [south.id, north.id] })).json()).toEqual({ userId: driver.user.id, machineIds: [north.id, south.id].sort((a, b) => a - b) });
    const listed = ((await owner.api.get(TEAM_API)).json() as Team).members.find((member) => member.userId === driver.user.id);
    expect(listed?.machineIds).toEqual([north.id, south.id].sort((a, b) => a - b));
    // A viewer reads the route of the whole team and changes nothing on it.
    expect((await dayOf(viewer)).stops).toHaveLength(2);
    expectJsonError(await viewer.api.post(routeDoneApi(north.id), { key: randomUUID() }), 403, TeamMessages.roleRefused('viewer'));
  });

  test('a removed driver is refused at once, and their route is gone with them', async () => {
    const { owner, driver, north } = await team();
    expect((await owner.api.delete(teamMemberApi(driver.user.id))).statusCode).toBe(200);
    const after = await driver.api.post(routeDoneApi(north.id), { key: randomUUID() });
    expect([401, 403]).toContain(after.statusCode);
    expect(((await owner.api.get(TEAM_API)).json() as Team).members.map((member) => member.userId)).not.toContain(driver.user.id);
  });
});

describe('the day', () => {
  test('each stop brings the purchase list’s lines, else what its slots lack of par, with open issues and the last visit', async () => {
    const { owner, driver, north, cola, chips } = await team();
    await t.database.db.insert(purchaseListItems).values({ userId: owner.user.id, machineId: north.id, productId: chips.id, quantity: 12, source: 'manual', note: 'Bring the big bags' });
    await t.database.db.insert(vendingIssues).values([
      { userId: owner.user.id, machineId: north.id, customerName: 'Cara', customerEmail: 'cara@example.com', productName: 'Cola', issueDescription: 'Took my coin' },
      { userId: owner.user.id, machineId: north.id, customerName: 'Old', customerEmail: 'old@example.com', productName: 'Chips', issueDescription: 'Stuck', status: 'resolved', resolvedAt: ago(1) },
    ]);
    const [stop] = (await dayOf(driver)).stops;
    expect(stop!.pickList).toEqual([
      { productId: chips.id, productName: 'Chips', quantity: 12, basis: 'purchase-list', slots: 'B1: 2', note: 'Bring the big bags' },
      { productId: cola.id, productName: 'Cola', quantity: 4, basis: 'to-par', slots: 'A1: 2, A2: 2', note: '' },
    ]);
    expect(stop!.unitsToBring).toBe(16);
    expect(stop!.slots.map((slot) => [slot.code, slot.stock, slot.toPar])).toEqual([
      ['A1', 6, 2],
      ['A2', 6, 2],
      ['B1', 6, 2],
    ]);
    expect(stop!.openIssues).toMatchObject([{ productName: 'Cola', issueDescription: 'Took my coin', status: 'open', reportedBy: null, customerName: 'Cara' }]);
    expect(stop!.lastVisit).toMatchObject({ by: null });
    expect(Date.parse(stop!.lastVisit!.at)).toBeCloseTo(ago(2).getTime(), -5);
    expect(stop!.doneToday).toBeNull();
  });

  test('the driver’s order is kept; machines not placed follow by name; a machine off the route cannot be placed', async () => {
    const { owner, driver, north, south } = await team();
    const placed = await owner.api.put(ROUTE_ORDER_API, { machineIds: [south.id, north.id] });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await dayOf(owner)).stops.map((stop) => stop.name)).toEqual(['South', 'North']);
    expect((await owner.api.put(ROUTE_ORDER_API, { machineIds: [south.id] })).statusCode).toBe(200);
    expect((await dayOf(owner)).stops.map((stop) => stop.name)).toEqual(['South', 'North']);
    // Each member has their own order.
    expect((await dayOf(driver)).stops.map((stop) => stop.name)).toEqual(['North']);
    const refused = expectJsonError(await driver.api.put(ROUTE_ORDER_API, { machineIds: [north.id, south.id] }), 404, 'Machine not found');
    expect(refused.errors).toEqual({ 'machineIds.1': 'Machine not found' });
    expectJsonError(await driver.api.put(ROUTE_ORDER_API, { machineIds: [north.id, north.id] }), 400, RouteMessages.machineRepeated);
  });
});

describe('changes sent from the phone', () => {
  test('fills are recorded once per key, with the driver’s name, and the stock follows at once', async () => {
    const { owner, driver, north } = await team();
    const key = randomUUID();
    const fills = { key, at: new Date(Date.now() - 60_000).toISOString(), slots: [{ code: 'A1', unitsLeft: 6, unitsFilled: 2 }, { code: 'B1', unitsLeft: 5, unitsFilled: 3 }] };
    const first = await driver.api.post(routeFillsApi(north.id), fills);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().records).toMatchObject([{ slotCode: 'A1', recordedBy: 'Dan Driver' }, { slotCode: 'B1', recordedBy: 'Dan Driver' }]);
    // Sent again (the answer was lost offline): the same answer, nothing written twice.
    const again = await driver.api.post(routeFillsApi(north.id), fills);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const recorded = await t.database.db.select().from(restockRecords).where(eq(restockRecords.recordedBy, driver.user.id));
    expect(recorded).toHaveLength(2);
    // The key of one change cannot carry another.
    expectJsonError(await driver.api.post(routeDoneApi(north.id), { key }), 422, RouteMessages.keyReused);
    expectJsonError(await driver.api.post(routeFillsApi(north.id), { key: 'not-a-key', slots: [{ code: 'A1', unitsLeft: 0, unitsFilled: 1 }] }), 400, RouteMessages.keyInvalid);
    const repeated = { key: randomUUID(), slots: [{ code: 'B1', unitsLeft: 0, unitsFilled: 1 }, { code: 'b1', unitsLeft: 0, unitsFilled: 1 }] };
    expectJsonError(await driver.api.post(routeFillsApi(north.id), repeated), 400, SlotVisitMessages.slotRepeated);
    const stock = (await owner.api.get(slotStockApi(north.id))).json() as MachineSlotStock;
    expect(stock.slots.find((slot) => slot.code === 'A1')).toMatchObject({ stock: 8, toPar: 0 });
    const listed = (await owner.api.get(`${RESTOCKS_API}?machineId=${north.id}`)).json() as { slotCode: string; recordedBy: string | null }[];
    expect(listed.filter((record) => record.recordedBy === 'Dan Driver').map((record) => record.slotCode).sort()).toEqual(['A1', 'B1']);
  });

  test('two sends of one key at once apply it once', async () => {
    const { driver, north } = await team();
    const body = { key: randomUUID() };
    const answers = await Promise.all([driver.api.post(routeDoneApi(north.id), body), driver.api.post(routeDoneApi(north.id), body), driver.api.post(routeDoneApi(north.id), body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const day = await dayOf(driver);
    expect(day.stops[0]!.doneToday).toMatchObject({ by: 'Dan Driver' });
    expect(await t.database.db.select().from(routeVisits).where(eq(routeVisits.machineId, north.id))).toHaveLength(1);
  });

  test('an issue noted on the route names the driver; resolving one the office resolved meanwhile is a conflict that says who', async () => {
    const { owner, driver, north } = await team();
    // Noted an hour ago in the basement, sent now: dated when it was noted.
    const notedAt = new Date(Date.now() - 3_600_000).toISOString();
    const noted = await driver.api.post(routeIssuesApi(north.id), { key: randomUUID(), at: notedAt, productName: 'Machine', description: 'Coin slot jammed' });
    expect(noted.statusCode, noted.body).toBe(201);
    const issue = noted.json() as VendingIssue;
    expect(issue.createdAt).toBe(notedAt);
    expect(issue).toMatchObject({ machineName: 'North', productName: 'Machine', issueDescription: 'Coin slot jammed', status: 'open', reportedBy: 'Dan Driver', customerName: 'Dan Driver' });
    expectJsonError(await driver.api.post(routeIssuesApi(north.id), { key: randomUUID(), productName: 'Machine', description: ' ' }), 400, RouteMessages.descriptionRequired);

    // The office lists it with the driver's name, and resolves it first.
    const office = ((await owner.api.get('/api/vending-issues')).json() as VendingIssue[]).find((row) => row.id === issue.id);
    expect(office?.reportedBy).toBe('Dan Driver');
    const resolvedByOffice = await owner.api.patch(`/api/vending-issues/${issue.id}`, { status: 'resolved' });
    expect(resolvedByOffice.json()).toMatchObject({ status: 'resolved', changedBy: 'Olga Owner' });
    expectJsonError(await driver.api.post(routeResolveApi(issue.id), { key: randomUUID() }), 409, RouteMessages.alreadyResolved('Olga Owner'));

    // One still open the driver resolves, once, named on it.
    const second = (await driver.api.post(routeIssuesApi(north.id), { key: randomUUID(), productName: 'Cola', description: 'Dented can' })).json() as VendingIssue;
    const key = randomUUID();
    const resolved = await driver.api.post(routeResolveApi(second.id), { key });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', changedBy: 'Dan Driver' });
    expect((await driver.api.post(routeResolveApi(second.id), { key })).json()).toEqual(resolved.json());
    expect((await dayOf(driver)).stops[0]!.openIssues).toEqual([]);

    // An issue at a machine off the driver's route answers like a missing one.
    const elsewhere = (await owner.api.post(routeIssuesApi((await dayOf(owner)).stops.find((stop) => stop.name === 'South')!.machineId), { key: randomUUID(), productName: 'Cola', description: 'Warm' })).json() as VendingIssue;
    expectJsonError(await driver.api.post(routeResolveApi(elsewhere.id), { key: randomUUID() }), 404, 'Issue not found');
  });

  test('keys are forgotten after 30 days', async () => {
    const { driver, north } = await team();
    const key = randomUUID();
    await driver.api.post(routeDoneApi(north.id), { key });
    await t.database.db.update(routeActions).set({ createdAt: ago(31) }).where(eq(routeActions.key, key));
    expect(await forgetOldRouteActions(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(routeActions).where(eq(routeActions.key, key))).toEqual([]);
  });
});
