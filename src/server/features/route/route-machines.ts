import { and, asc, eq, inArray } from 'drizzle-orm';
import { StockMessages } from '../../../shared/stock.schemas.js';
import type { Database } from '../../db/client.js';
import { machineAssignments, vendingMachines } from '../../db/schema.js';
import { HttpError } from '../../http-errors.js';
import type { RequestMember } from '../teams/team-of-request.js';

type Reader = Pick<Database, 'select'>;

export interface RouteMachine {
  id: number;
  name: string;
  location: string;
  address: string | null;
}

/**
 * The machines on a member's route: a driver's are those assigned to them, and nothing else; anyone
 * else who restocks has the ones assigned to them where there are any, else all the team's.
 */
export async function routeMachines(db: Reader, member: RequestMember): Promise<{ machines: RouteMachine[]; assignedOnly: boolean }> {
  const assigned = await db
    .select({ machineId: machineAssignments.machineId })
    .from(machineAssignments)
    .where(and(eq(machineAssignments.teamId, member.teamId), eq(machineAssignments.userId, member.userId)));
  const assignedOnly = member.role === 'driver' || assigned.length > 0;
  if (assignedOnly && assigned.length === 0) return { machines: [], assignedOnly };
  const machines = await db
    .select({ id: vendingMachines.id, name: vendingMachines.name, location: vendingMachines.location, address: vendingMachines.address })
    .from(vendingMachines)
    .where(
      and(
        eq(vendingMachines.userId, member.teamId),
        assignedOnly ? inArray(vendingMachines.id, assigned.map((row) => row.machineId)) : undefined,
      ),
    )
    .orderBy(asc(vendingMachines.name), asc(vendingMachines.id));
  return { machines, assignedOnly };
}

/** A machine on the member's route, or 404: another team's, or one not assigned to a driver, answers like a missing one. */
export async function routeMachine(db: Reader, member: RequestMember, machineId: number): Promise<RouteMachine> {
  const { machines } = await routeMachines(db, member);
  const machine = machines.find((candidate) => candidate.id === machineId);
  if (!machine) throw new HttpError(404, StockMessages.machineNotFound);
  return machine;
}
