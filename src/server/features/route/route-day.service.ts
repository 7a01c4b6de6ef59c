import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PickLine, RouteDay, RouteMark, RouteStop } from '../../../shared/route.schemas.js';
import type { SlotStock } from '../../../shared/slot-stock.schemas.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { products, purchaseListItems, routeOrders, vendingIssues } from '../../db/schema.js';
import { intArray } from '../../db/sql-arrays.js';
import { ownerSettings } from '../inventory-analytics/analytics-store.js';
import { unitsPerVoteOf } from '../inventory-analytics/units-per-vote-source.js';
import { localDate } from '../stock/purchase-list.service.js';
import { slotStocks } from '../stock/slot-stock.service.js';
import { memberNameSql } from '../teams/member-name.js';
import type { RequestMember } from '../teams/team-of-request.js';
import { routeMachines } from './route-machines.js';

/**
 * A member's day on the road (issue 31): the machines on their route in their order, each with what
 * to bring (the purchase list's lines, else what its slots lack of par), its slots' stock now, its
 * open issues, its last visit and whether today's is done.
 */
export async function readRouteDay(ctx: AppContext, member: RequestMember, now = new Date()): Promise<RouteDay> {
  const teamId = member.teamId;
  const settings = await ownerSettings(ctx.db, teamId);
  const { machines, assignedOnly } = await routeMachines(ctx.db, member);
  const ids = machines.map((machine) => machine.id);
  const base = { date: localDate(settings.timeZone, now), timeZone: settings.timeZone, assignedOnly, assumedUnitsPerVote: settings.assumedUnitsPerVote, generatedAt: now.toISOString() };
  if (ids.length === 0) return { ...base, stops: [] };

  const ratioOf = await unitsPerVoteOf(ctx.db, teamId, ids.length === 1 ? ids[0] : undefined, now, settings.assumedUnitsPerVote);
  const [{ byMachine }, listLines, issues, marks, order] = await Promise.all([
    slotStocks(ctx.db, teamId, ids.length === 1 ? ids[0] : undefined, now, (machineId, productId) => ratioOf(machineId, productId).value),
    ctx.db
      .select({ machineId: purchaseListItems.machineId, productId: purchaseListItems.productId, productName: products.name, quantity: purchaseListItems.quantity, note: purchaseListItems.note })
      .from(purchaseListItems)
      .innerJoin(products, and(eq(products.id, purchaseListItems.productId), eq(products.userId, teamId)))
      .where(and(eq(purchaseListItems.userId, teamId), inArray(purchaseListItems.machineId, ids))),
    ctx.db
      .select({
        id: vendingIssues.id,
        machineId: vendingIssues.machineId,
        productName: vendingIssues.productName,
        issueDescription: vendingIssues.issueDescription,
        status: vendingIssues.status,
        createdAt: vendingIssues.createdAt,
        customerName: vendingIssues.customerName,
        reportedBy: memberNameSql(vendingIssues.reportedBy),
      })
      .from(vendingIssues)
      .where(and(eq(vendingIssues.userId, teamId), inArray(vendingIssues.machineId, ids), ne(vendingIssues.status, 'resolved')))
      .orderBy(desc(vendingIssues.createdAt), desc(vendingIssues.id)),
    visitMarks(ctx, teamId, ids, now, settings.timeZone),
    ctx.db.select({ machineIds: routeOrders.machineIds }).from(routeOrders).where(and(eq(routeOrders.teamId, teamId), eq(routeOrders.userId, member.userId))),
  ]);

  const stops = machines.map((machine): RouteStop => {
    const slots = byMachine.get(machine.id)?.slots ?? [];
    const pickList = pickListOf(slots, listLines.filter((line) => line.machineId === machine.id));
    const mark = marks.get(machine.id);
    return {
      machineId: machine.id,
      name: machine.name,
      location: machine.location,
      address: machine.address,
      pickList,
      unitsToBring: pickList.reduce((sum, line) => sum + line.quantity, 0),
      slots,
      openIssues: issues
        .filter((issue) => issue.machineId === machine.id)
        .map(({ machineId: _machine, createdAt, ...issue }) => ({ ...issue, createdAt: createdAt.toISOString() })),
      lastVisit: mark?.last ?? null,
      doneToday: mark?.doneToday ?? null,
    };
  });
  return { ...base, stops: inMemberOrder(stops, order[0]?.machineIds ?? []) };
}

/** The member's order first; machines they have not placed yet follow, by name. */
function inMemberOrder(stops: RouteStop[], order: number[]): RouteStop[] {
  const position = new Map(order.map((id, index) => [id, index]));
  return stops
    .map((stop, index) => ({ stop, rank: position.get(stop.machineId) ?? order.length + index }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ stop }) => stop);
}

/** Each product on the purchase list for the machine as listed; every other product its slots lack units of, to par. */
function pickListOf(slots: SlotStock[], listed: { productId: number; productName: string; quantity: number; note: string }[]): PickLine[] {
  const slotsOf = new Map<number, { name: string; parts: string[]; toPar: number }>();
  for (const slot of slots) {
    if (slot.productId === null) continue;
    const entry = slotsOf.get(slot.productId) ?? { name: slot.productName ?? '', parts: [], toPar: 0 };
    entry.parts.push(`${slot.code}: ${slot.toPar}`);
    entry.toPar += slot.toPar;
    slotsOf.set(slot.productId, entry);
  }
  const lines: PickLine[] = listed.map((line) => ({
    productId: line.productId,
    productName: line.productName,
    quantity: line.quantity,
    basis: 'purchase-list',
    slots: slotsOf.get(line.productId)?.parts.join(', ') ?? '',
    note: line.note,
  }));
  const onList = new Set(listed.map((line) => line.productId));
  for (const [productId, entry] of slotsOf) {
    if (onList.has(productId) || entry.toPar === 0) continue;
    lines.push({ productId, productName: entry.name, quantity: entry.toPar, basis: 'to-par', slots: entry.parts.join(', '), note: '' });
  }
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return lines.sort((a, b) => collator.compare(a.productName, b.productName) || a.productId - b.productId);
}

interface MarkRow {
  machineId: number;
  lastAt: Date | null;
  lastBy: string | null;
  doneAt: Date | null;
  doneBy: string | null;
}

/** Per machine: the later of its last restock record and last visit marked done, and today's visit marked done. */
async function visitMarks(ctx: AppContext, teamId: number, ids: number[], now: Date, timeZone: string): Promise<Map<number, { last: RouteMark | null; doneToday: RouteMark | null }>> {
  const at = now.toISOString();
  const rows = await queryRows<MarkRow>(ctx.db, sql`
    select m.id as "machineId", last.at as "lastAt", last.by as "lastBy", done.at as "doneAt", done.by as "doneBy"
    from unnest(${intArray(ids)}) as m(id)
    left join lateral (
      select e.at, (select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = e.person) as by
      from (
        (select r.restocked_at as at, r.recorded_by as person from restock_records r
          where r.user_id = ${teamId} and r.machine_id = m.id and r.restocked_at <= ${at}::timestamptz order by r.restocked_at desc limit 1)
        union all
        (select v.done_at, v.member_user_id from route_visits v
          where v.team_id = ${teamId} and v.machine_id = m.id and v.done_at <= ${at}::timestamptz order by v.done_at desc limit 1)
      ) e order by e.at desc limit 1) last on true
    left join lateral (
      select v.done_at as at, (select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = v.member_user_id) as by
      from route_visits v
      where v.team_id = ${teamId} and v.machine_id = m.id
        and v.done_at >= (date_trunc('day', ${at}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})
      order by v.done_at desc limit 1) done on true`);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return new Map(
    rows.map((row) => [
      row.machineId,
      {
        last: row.lastAt ? { at: iso(row.lastAt), by: row.lastBy } : null,
        doneToday: row.doneAt ? { at: iso(row.doneAt), by: row.doneBy } : null,
      },
    ]),
  );
}
