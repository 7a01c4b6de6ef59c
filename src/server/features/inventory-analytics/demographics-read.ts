import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnalyticsRange, Demographics } from '../../../shared/analytics.schemas.js';
import { regionNameInAddress } from '../../../shared/postal-regions.js';
import type { Database } from '../../db/client.js';
import { demandForecasts, products, suggestions, vendingMachines } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { NotFoundMessages } from '../../../shared/ids.js';
import { locationScopeKey, machineScopeKey } from './analytics-source.js';
import { ownerSettings, readView, refreshQueued } from './analytics-store.js';
import type { DemographicsSnapshot } from './demographics-snapshot.js';

const OPPORTUNITIES = 5;

export const UNKNOWN_LOCATION_MESSAGE = 'Location not found';

/**
 * Revenue opportunities: the products with the most predicted weekly revenue in the scope (predicted
 * up-votes times the price, at one sale per up-vote, which the page states), requested products first
 * among equals. Products without a price cannot be valued and are left out.
 */
async function revenueOpportunities(db: Database, userId: number, machineIds: number[]): Promise<Demographics['insights']['opportunities']> {
  if (machineIds.length === 0) return [];
  const rows = await db
    .select({ productId: demandForecasts.productId, name: products.name, price: products.price, week: demandForecasts.predictedWeek })
    .from(demandForecasts)
    .innerJoin(products, eq(products.id, demandForecasts.productId))
    .where(and(eq(demandForecasts.userId, userId), inArray(demandForecasts.machineId, machineIds)));
  const requested = new Set(
    (
      await db
        .select({ productId: suggestions.productId })
        .from(suggestions)
        .where(and(eq(suggestions.userId, userId), eq(suggestions.status, 'approved')))
    ).map((row) => row.productId),
  );
  const perProduct = new Map<number, { name: string; price: number; week: number }>();
  for (const row of rows) {
    const entry = perProduct.get(row.productId) ?? { name: row.name, price: Number(row.price), week: 0 };
    entry.week += row.week;
    perProduct.set(row.productId, entry);
  }
  return [...perProduct.entries()]
    .filter(([, entry]) => entry.price > 0 && entry.week > 0)
    .map(([productId, entry]) => ({ productId, ...entry, revenue: entry.week * entry.price }))
    .sort((a, b) => b.revenue - a.revenue || Number(requested.has(b.productId)) - Number(requested.has(a.productId)))
    .slice(0, OPPORTUNITIES)
    .map((entry) => ({
      productId: entry.productId,
      productName: entry.name,
      predictedWeeklyVotes: Math.round(entry.week * 10) / 10,
      price: entry.price.toFixed(2),
      weeklyRevenue: entry.revenue.toFixed(2),
      note: requested.has(entry.productId) ? 'Requested by customers (approved suggestion)' : 'Forecast from its vote history',
    }));
}

export async function readDemographics(
  db: Database,
  userId: number,
  query: { machineId?: number; location?: string; range: AnalyticsRange },
  now: Date,
): Promise<Demographics> {
  const machines = await db
    .select({ id: vendingMachines.id, name: vendingMachines.name, location: vendingMachines.location, address: vendingMachines.address })
    .from(vendingMachines)
    .where(eq(vendingMachines.userId, userId))
    .orderBy(asc(vendingMachines.location), asc(vendingMachines.name));
  let scope = 'all';
  let inScope = machines;
  if (query.machineId !== undefined) {
    inScope = machines.filter((machine) => machine.id === query.machineId);
    if (inScope.length === 0) throw notFound(NotFoundMessages.machine);
    scope = machineScopeKey(query.machineId);
  } else if (query.location !== undefined) {
    inScope = machines.filter((machine) => machine.location === query.location);
    if (inScope.length === 0) throw notFound(UNKNOWN_LOCATION_MESSAGE);
    scope = locationScopeKey(query.location);
  }
  const stored = await readView<DemographicsSnapshot>(db, userId, 'demographics', scope, query.range, now);
  const settings = await ownerSettings(db, userId);
  const locations = new Map<string, typeof machines>();
  for (const machine of machines) locations.set(machine.location, [...(locations.get(machine.location) ?? []), machine]);
  return {
    range: query.range,
    machineId: query.machineId ?? null,
    location: query.machineId === undefined ? (query.location ?? null) : inScope[0]!.location,
    computedAt: stored.computedAt.toISOString(),
    refreshQueued: await refreshQueued(db, userId, now),
    // The zone the stored figures were counted in (a change in settings shows from the next compute).
    timeZone: stored.data.timeZone ?? settings.timeZone,
    currency: settings.currency,
    locations: [...locations.entries()].map(([name, list]) => {
      const regions = [...new Set(list.map((machine) => regionNameInAddress(machine.address)).filter((region): region is string => region !== null))];
      return { name, region: regions.length === 1 ? regions[0]! : null, machines: list.map((machine) => ({ id: machine.id, name: machine.name })) };
    }),
    behavior: stored.data.behavior,
    regional: stored.data.regional,
    insights: { ...stored.data.insights, opportunities: await revenueOpportunities(db, userId, inScope.map((machine) => machine.id)) },
  };
}
