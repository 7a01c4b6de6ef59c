import { z } from 'zod';
import { VendingIssueSchema } from './feedback.schemas.js';
import { idSchema } from './ids.js';
import { SlotStockSchema, SlotVisitInputSchema } from './slot-stock.schemas.js';
import { RestockRecordSchema, StockMessages } from './stock.schemas.js';

/**
 * The route (issue 31): the machines a member visits today, with what to bring to each, and the
 * changes made at a machine. Every change carries a key the phone chose, so one sent again (queued
 * offline, or retried after a lost answer) is applied once.
 */

export const ROUTE_API = '/api/route';
export const ROUTE_ORDER_API = '/api/route/order';
export const routeFillsApi = (machineId: number | string) => `/api/route/machines/${machineId}/fills`;
export const routeIssuesApi = (machineId: number | string) => `/api/route/machines/${machineId}/issues`;
export const routeDoneApi = (machineId: number | string) => `/api/route/machines/${machineId}/done`;
export const routeResolveApi = (issueId: number | string) => `/api/route/issues/${issueId}/resolve`;
export const memberMachinesApi = (userId: number | string) => `/api/team/members/${userId}/machines`;

/** How long a change's key is remembered: far longer than any phone stays offline with a queue. */
export const ROUTE_ACTION_KEEP_DAYS = 30;
export const MAX_ROUTE_MACHINES = 500;

export const RouteMessages = {
  keyInvalid: 'Each change needs its key: a UUID made on the phone',
  keyReused: 'This key was already used for another change',
  alreadyResolved: (by: string | null) => (by ? `Already resolved by ${by}` : 'Already resolved by the office'),
  descriptionRequired: 'Describe the issue',
  productRequired: 'Name the product, or write “Machine”',
  machinesInvalid: 'List the machines by their ids',
  machineRepeated: 'Each machine can appear only once',
  viewerUnassignable: 'A viewer visits no machines: make them a driver first',
} as const;

const keySchema = z.uuid({ error: RouteMessages.keyInvalid });

/** When the change happened on the phone: it may reach the server much later. */
const happenedAtSchema = z
  .string({ error: StockMessages.restockedAtInvalid })
  .pipe(z.iso.datetime({ offset: true, error: StockMessages.restockedAtInvalid }))
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() <= Date.now() + 5 * 60_000, StockMessages.restockedAtFuture)
  .refine((date) => date.getTime() >= Date.now() - 365 * 24 * 60 * 60_000, StockMessages.restockedAtTooOld)
  .optional();

/** A member's name and a moment: who made the last visit, who marked today's done. */
export const RouteMarkSchema = z.object({ at: z.string(), by: z.string().nullable() });
export type RouteMark = z.infer<typeof RouteMarkSchema>;

/**
 * One product to bring to a machine: the purchase list's quantity where the product is on it, else
 * the units its slots lack of their par.
 */
export const PickLineSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  basis: z.enum(['purchase-list', 'to-par']),
  /** Its slots with the units each lacks of its par: 'A1: 5, A2: 3'; empty outside the planogram. */
  slots: z.string(),
  note: z.string(),
});
export type PickLine = z.infer<typeof PickLineSchema>;

export const RouteIssueSchema = VendingIssueSchema.pick({
  id: true,
  productName: true,
  issueDescription: true,
  status: true,
  createdAt: true,
  reportedBy: true,
  customerName: true,
});
export type RouteIssue = z.infer<typeof RouteIssueSchema>;

export const RouteStopSchema = z.object({
  machineId: z.number().int(),
  name: z.string(),
  location: z.string(),
  address: z.string().nullable(),
  pickList: z.array(PickLineSchema),
  /** Units the pick list brings, all products together. */
  unitsToBring: z.number().int(),
  slots: z.array(SlotStockSchema),
  openIssues: z.array(RouteIssueSchema),
  /** The last restock recorded here, or the last visit marked done, whichever is later. */
  lastVisit: RouteMarkSchema.nullable(),
  /** The visit marked done today (the team's day), if any. */
  doneToday: RouteMarkSchema.nullable(),
});
export type RouteStop = z.infer<typeof RouteStopSchema>;

export const RouteDaySchema = z.object({
  /** Today in the team's time zone, 'YYYY-MM-DD'. */
  date: z.string(),
  timeZone: z.string(),
  /** True when these are the machines assigned to the caller; false when they are all the team's. */
  assignedOnly: z.boolean(),
  /** In the caller's order; machines not yet ordered come last, by name. */
  stops: z.array(RouteStopSchema),
  /** Units per up-vote where the stock figures count down by votes. */
  assumedUnitsPerVote: z.number(),
  generatedAt: z.string(),
});
export type RouteDay = z.infer<typeof RouteDaySchema>;

const machineIdsSchema = z
  .array(idSchema('machine'), { error: RouteMessages.machinesInvalid })
  .max(MAX_ROUTE_MACHINES)
  .refine((ids) => new Set(ids).size === ids.length, RouteMessages.machineRepeated);

export const RouteOrderInputSchema = z.strictObject({ machineIds: machineIdsSchema });
export const RouteOrderSchema = z.object({ machineIds: z.array(z.number().int()) });

/** `POST /api/route/machines/:id/fills`: what was put in each slot. */
export const RouteFillsInputSchema = z.strictObject({
  key: keySchema,
  at: happenedAtSchema,
  // As a visit recorded from the machine's page: each slot once.
  slots: SlotVisitInputSchema.shape.slots,
});
export type RouteFillsInput = z.input<typeof RouteFillsInputSchema>;
export const RouteFillsSchema = z.object({ records: z.array(RestockRecordSchema) });

/** `POST /api/route/machines/:id/issues`: an issue the driver found at the machine. */
export const RouteIssueInputSchema = z.strictObject({
  key: keySchema,
  /** When the driver noted it: the issue is dated then, however late the phone sends it. */
  at: happenedAtSchema,
  productName: z.string({ error: RouteMessages.productRequired }).trim().min(1, RouteMessages.productRequired).max(120, 'Must be at most 120 characters'),
  description: z.string({ error: RouteMessages.descriptionRequired }).trim().min(1, RouteMessages.descriptionRequired).max(2000, 'Must be at most 2000 characters'),
});
export type RouteIssueInput = z.input<typeof RouteIssueInputSchema>;

export const RouteKeyInputSchema = z.strictObject({ key: keySchema, at: happenedAtSchema });
export type RouteKeyInput = z.input<typeof RouteKeyInputSchema>;

export const RouteDoneSchema = z.object({ machineId: z.number().int(), doneAt: z.string(), by: z.string().nullable() });
export type RouteDone = z.infer<typeof RouteDoneSchema>;

/** `PUT /api/team/members/:userId/machines`: the machines a driver visits. */
export const MemberMachinesInputSchema = z.strictObject({ machineIds: machineIdsSchema });
export const MemberMachinesSchema = z.object({ userId: z.number().int(), machineIds: z.array(z.number().int()) });
