import { and, asc, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { machineProductVotes, machineVoters, operatorVoters, products, vendingMachines, votes } from '../../src/server/db/schema.js';
import type { TestApp } from '../support/index.js';
import { newVoter, voterCookieSetBy } from './voter.js';

/**
 * Shared by the vote, product, stats and tenancy tests: casting votes through the API, and the
 * invariant every scenario must leave behind — each counter equals a recount of the vote rows.
 */

// Votes are limited per address; each call gets its own unless a test names one.
let addressCounter = 0;
export const newAddress = () => `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter++ % 250) + 1}`;

export interface VoteOptions {
  machineId?: number | string | null;
  voteType?: unknown;
  /** Sent as is instead of {voteType}. */
  body?: unknown;
  /** The voter's cookie; without one a new voter loads the page first; null sends none. */
  cookie?: string | null;
  ip?: string;
}

const castWith = new WeakMap<LightMyRequestResponse, string>();

/** A vote as the page casts it: by a new voter (who loads the page first) unless a cookie is given. */
export async function postVote(t: TestApp, productId: number | string, options: VoteOptions = {}) {
  const query = options.machineId === undefined || options.machineId === null ? '' : `?machineId=${options.machineId}`;
  const ip = options.ip ?? newAddress();
  const cookie = options.cookie === undefined ? await newVoter(t, { machineId: options.machineId, ip }) : options.cookie;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/vote${query}`,
    payload: (options.body ?? { voteType: options.voteType ?? 'up' }) as object,
    headers: cookie ? { cookie } : {},
    remoteAddress: ip,
  });
  if (cookie) castWith.set(res, cookie);
  return res;
}

/** The voter of a vote answer (the cookie it was cast with), or the cookie a page load set. */
export function voterCookieFrom(res: LightMyRequestResponse): string {
  const cookie = castWith.get(res) ?? voterCookieSetBy(res);
  if (!cookie) throw new Error(`No voter cookie for this answer (${res.statusCode} ${res.body})`);
  return cookie;
}

/** The voter id inside a signed `voter=<id>.<signature>` cookie header. */
export const voterIdOf = (cookieHeader: string) => cookieHeader.slice('voter='.length, cookieHeader.lastIndexOf('.'));

interface MachineCount {
  votes: number;
  votesCast: number;
}

/**
 * Recounts every counter from the vote rows that are not archived, in id order, with the
 * per-scope rule that a down vote never takes a count below zero, and compares with the tables:
 * machine_product_votes (count and votes cast), machine_voters, products.demo_votes and
 * products.votes (the sum of the machine counts and the demo count).
 */
export async function expectCountersMatchVoteRows(db: Database) {
  const rows = await db
    .select({ productId: votes.productId, machineId: votes.machineId, voteType: votes.voteType, voterId: votes.voterId })
    .from(votes)
    .where(isNull(votes.archivedAt))
    // The order the vote path counts in: a batch locks its products before it inserts, so ids
    // follow the order in which votes reached the counts.
    .orderBy(asc(votes.id));

  const machineCounts: Record<string, MachineCount> = {};
  const voterCounts: Record<string, number> = {};
  const demoCounts = new Map<number, number>();
  const totals = new Map<number, number>();
  const step = (count: number, voteType: 'up' | 'down') => (voteType === 'up' ? count + 1 : Math.max(count - 1, 0));
  for (const row of rows) {
    if (row.machineId === null) {
      demoCounts.set(row.productId, step(demoCounts.get(row.productId) ?? 0, row.voteType));
      continue;
    }
    const count = (machineCounts[`${row.machineId}/${row.productId}`] ??= { votes: 0, votesCast: 0 });
    count.votes = step(count.votes, row.voteType);
    count.votesCast += 1;
    const voterKey = `${row.machineId}/${row.voterId}`;
    voterCounts[voterKey] = (voterCounts[voterKey] ?? 0) + 1;
  }
  for (const [key, count] of Object.entries(machineCounts)) {
    const productId = Number(key.split('/')[1]);
    totals.set(productId, (totals.get(productId) ?? 0) + count.votes);
  }

  const storedCounts: Record<string, MachineCount> = {};
  for (const row of await db.select().from(machineProductVotes)) {
    const key = `${row.machineId}/${row.productId}`;
    storedCounts[key] = { votes: row.votes, votesCast: row.votesCast };
    // A count row may stay behind at zero (after a reset); a recount has nothing for it then.
    machineCounts[key] ??= { votes: 0, votesCast: 0 };
  }
  expect(storedCounts, 'machine_product_votes').toEqual(machineCounts);

  const storedVoters: Record<string, number> = {};
  for (const row of await db.select().from(machineVoters)) storedVoters[`${row.machineId}/${row.voterId}`] = row.votesCast;
  expect(storedVoters, 'machine_voters').toEqual(voterCounts);

  // Each operator's voters over all their machines: live machine votes per (owner, voter).
  const ownerVotes = await db
    .select({ userId: vendingMachines.userId, voterId: votes.voterId })
    .from(votes)
    .innerJoin(vendingMachines, eq(vendingMachines.id, votes.machineId))
    .where(isNull(votes.archivedAt));
  const operatorCounts: Record<string, number> = {};
  for (const row of ownerVotes) operatorCounts[`${row.userId}/${row.voterId}`] = (operatorCounts[`${row.userId}/${row.voterId}`] ?? 0) + 1;
  const storedOperatorVoters: Record<string, number> = {};
  for (const row of await db.select().from(operatorVoters)) storedOperatorVoters[`${row.userId}/${row.voterId}`] = row.votesCast;
  expect(storedOperatorVoters, 'operator_voters').toEqual(operatorCounts);

  const storedProducts: Record<number, { votes: number; demoVotes: number }> = {};
  const recountedProducts: Record<number, { votes: number; demoVotes: number }> = {};
  for (const row of await db.select({ id: products.id, votes: products.votes, demoVotes: products.demoVotes }).from(products)) {
    storedProducts[row.id] = { votes: row.votes, demoVotes: row.demoVotes };
    const demo = demoCounts.get(row.id) ?? 0;
    recountedProducts[row.id] = { votes: (totals.get(row.id) ?? 0) + demo, demoVotes: demo };
  }
  expect(storedProducts, 'products.votes and products.demo_votes').toEqual(recountedProducts);
}

/** Every vote row and counter, to show that a refused request changed nothing. */
export async function voteStateSnapshot(db: Database) {
  const byKey = <T>(rows: T[], key: (row: T) => string) => Object.fromEntries(rows.map((row) => [key(row), row]));
  return {
    votes: await db.select().from(votes).orderBy(asc(votes.id)),
    machineProductVotes: byKey(await db.select().from(machineProductVotes), (row) => `${row.machineId}/${row.productId}`),
    machineVoters: byKey(await db.select().from(machineVoters), (row) => `${row.machineId}/${row.voterId}`),
    products: byKey(await db.select({ id: products.id, votes: products.votes, demoVotes: products.demoVotes }).from(products), (row) => String(row.id)),
  };
}

/** One product's count and votes cast at one machine, as stored (undefined before its first vote). */
export async function storedCountAt(db: Database, machineId: number, productId: number) {
  const [row] = await db
    .select({ votes: machineProductVotes.votes, votesCast: machineProductVotes.votesCast })
    .from(machineProductVotes)
    .where(and(eq(machineProductVotes.machineId, machineId), eq(machineProductVotes.productId, productId)));
  return row;
}
