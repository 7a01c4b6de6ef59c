import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { routeOrders } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';
import { StockMessages } from '../../../shared/stock.schemas.js';
import type { RequestMember } from '../teams/team-of-request.js';
import { routeMachines } from './route-machines.js';

/** The order the member visits their machines in; each must be on their route (else 404, naming it). */
export async function saveRouteOrder(ctx: AppContext, member: RequestMember, machineIds: number[]): Promise<{ machineIds: number[] }> {
  const { machines } = await routeMachines(ctx.db, member);
  const onRoute = new Set(machines.map((machine) => machine.id));
  const foreign = machineIds.findIndex((id) => !onRoute.has(id));
  if (foreign >= 0) throw new HttpError(404, StockMessages.machineNotFound, { [`machineIds.${foreign}`]: StockMessages.machineNotFound });
  await ctx.db
    .insert(routeOrders)
    .values({ teamId: member.teamId, userId: member.userId, machineIds })
    .onConflictDoUpdate({ target: [routeOrders.teamId, routeOrders.userId], set: { machineIds, updatedAt: sql`now()` } });
  return { machineIds };
}
