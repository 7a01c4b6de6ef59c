import { and, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { DEMAND_WINDOW_DAYS } from '../../../shared/demand.schemas.js';
import type { SlotStock } from '../../../shared/slot-stock.schemas.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { demandForecasts, products, suggestions, vendingMachines } from '../../db/schema.js';
import { ownerSettings } from '../inventory-analytics/analytics-store.js';
import { unitsPerVoteOf, type RatioOf } from '../inventory-analytics/units-per-vote-source.js';
import { slotStocks } from '../stock/slot-stock.service.js';

/**
 * What the demand views read, for one machine or all of an operator's: the planograms with each
 * slot's stock, the stored forecasts, the up-votes and suggestions of the last four weeks, the
 * catalogue, and units per up-vote as the inventory page reads them.
 */

export interface StoredDemandForecast {
  machineId: number;
  productId: number;
  week: number;
  basis: 'sales' | 'votes';
  /** Measured for the product from reported sales, when the job could. */
  unitsPerVote: number | null;
  computedAt: Date;
}

export interface DemandInputs {
  now: Date;
  currency: string;
  machines: { id: number; name: string }[];
  products: Map<number, { name: string; category: string; price: string }>;
  /** machineId → its current slots with their stock. */
  slots: Map<number, SlotStock[]>;
  /** `${machineId}:${productId}` → the stored forecast. */
  forecasts: Map<string, StoredDemandForecast>;
  /** `${machineId}:${productId}` → up-votes in the window. */
  upVotes: Map<string, number>;
  /** Open suggestions (not declined, not yet stocked) by machine. */
  suggestions: { machineId: number; productId: number | null; name: string; category: string }[];
  ratioOf: RatioOf;
}

export const pairKey = (machineId: number, productId: number) => `${machineId}:${productId}`;

export async function loadDemandInputs(db: Database, userId: number, machineId: number | undefined, now: Date): Promise<DemandInputs> {
  const settings = await ownerSettings(db, userId);
  const machineFilter = machineId === undefined ? eq(vendingMachines.userId, userId) : and(eq(vendingMachines.userId, userId), eq(vendingMachines.id, machineId));
  const machines = await db.select({ id: vendingMachines.id, name: vendingMachines.name }).from(vendingMachines).where(machineFilter).orderBy(vendingMachines.name, vendingMachines.id);
  const machineIds = machines.map((machine) => machine.id);
  const catalogue = await db.select({ id: products.id, name: products.name, category: products.category, price: products.price }).from(products).where(eq(products.userId, userId));
  const ratioOf = await unitsPerVoteOf(db, userId, machineId, now, settings.assumedUnitsPerVote);
  const { byMachine } = await slotStocks(db, userId, machineId, now, (machine, product) => ratioOf(machine, product).value);

  const forecastRows = machineIds.length
    ? await db
        .select({
          machineId: demandForecasts.machineId,
          productId: demandForecasts.productId,
          week: demandForecasts.predictedWeek,
          basis: sql<'sales' | 'votes' | null>`${demandForecasts.forecast}->>'basis'`,
          unitsPerVote: sql<number | null>`case when jsonb_typeof(${demandForecasts.forecast}->'unitsPerVote') = 'number' then (${demandForecasts.forecast}->>'unitsPerVote')::float8 end`,
          computedAt: demandForecasts.computedAt,
        })
        .from(demandForecasts)
        .where(and(eq(demandForecasts.userId, userId), inArray(demandForecasts.machineId, machineIds)))
    : [];
  const since = new Date(now.getTime() - DEMAND_WINDOW_DAYS * 24 * 60 * 60_000);
  const voteRows = machineIds.length
    ? await queryRows<{ machineId: number; productId: number; votes: number }>(db, sql`
        select v.machine_id as "machineId", v.product_id as "productId", count(*)::int as "votes"
        from votes v
        where v.machine_id in (${sql.join(machineIds.map((id) => sql`${id}`), sql`, `)}) and v.vote_type = 'up'
          and v.created_at > ${since.toISOString()}::timestamptz and v.created_at <= ${now.toISOString()}::timestamptz
        group by 1, 2`)
    : [];
  const openSuggestions = machineIds.length
    ? await db
        .select({ machineId: suggestions.machineId, productId: suggestions.productId, name: suggestions.name, category: suggestions.category })
        .from(suggestions)
        .where(and(eq(suggestions.userId, userId), inArray(suggestions.machineId, machineIds), ne(suggestions.status, 'declined'), isNull(suggestions.stockedAt), lte(suggestions.createdAt, now)))
    : [];

  return {
    now,
    currency: settings.currency,
    machines,
    products: new Map(catalogue.map((product) => [product.id, product])),
    slots: new Map([...byMachine].map(([id, machine]) => [id, machine.slots])),
    forecasts: new Map(forecastRows.map((row) => [pairKey(row.machineId, row.productId), { ...row, basis: row.basis ?? 'votes', unitsPerVote: row.unitsPerVote === null ? null : Number(row.unitsPerVote) }])),
    upVotes: new Map(voteRows.map((row) => [pairKey(row.machineId, row.productId), row.votes])),
    suggestions: openSuggestions.map((row) => ({ ...row, machineId: row.machineId! })),
    ratioOf,
  };
}

/** Units a week a product sells at a machine by its forecast: units sold, or up-votes at its units per up-vote. */
export function weeklyUnitsOf(inputs: DemandInputs, machineId: number, productId: number): number | null {
  const forecast = inputs.forecasts.get(pairKey(machineId, productId));
  if (!forecast) return null;
  return forecast.basis === 'sales' ? forecast.week : forecast.week * inputs.ratioOf(machineId, productId).value;
}
