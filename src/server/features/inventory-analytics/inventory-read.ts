import { and, eq, sql } from 'drizzle-orm';
import {
  FILL_TARGET_DAYS,
  HIGH_CONFIDENCE,
  type AnalyticsRange,
  type InventoryAnalytics,
  type Prediction,
} from '../../../shared/analytics.schemas.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { demandForecasts, products, purchaseListItems, vendingMachines } from '../../db/schema.js';
import { addDays, localClock } from '../notifications/local-time.js';
import { machineScopeKey } from './analytics-source.js';
import { ownerSettings, readView, refreshQueued, requireOwnMachine } from './analytics-store.js';
import type { StoredForecast } from './compute-analytics.js';
import type { InventorySnapshot } from './inventory-snapshot.js';
import { stockRecommendations } from './stock-recommendations.js';
import { daysToNextFill, stockFigures, unitsPerVote, type RestockInterval } from './restock-model.js';

interface ForecastWithNames {
  machineId: number;
  machineName: string;
  productId: number;
  productName: string;
  category: string;
  unitCost: string | null;
  forecast: StoredForecast;
}

/** How many of each product's latest visits at a machine measure its units per up-vote. */
const RESTOCKS_MEASURED = 4;

/**
 * The latest restock records of each product at each machine (within a year), each with the up-votes
 * from it to the next one (or to now), counted on the index of up-votes by machine, product and time:
 * the work grows with the votes in those few weeks, not with the product's votes everywhere.
 */
async function restockHistory(db: Database, userId: number, machineId: number | undefined, now: Date) {
  return queryRows<{ machineId: number; productId: number; unitsLeft: number; unitsFilled: number; restockedAt: Date; upVotesAfter: number; isLatest: boolean }>(db, sql`
    with product_visits as (
      -- A visit recorded slot by slot has a line per slot; a product in two slots is one visit of the product.
      select r.machine_id, r.product_id, r.restocked_at, min(r.id) as id, sum(r.units_left)::int as units_left, sum(r.units_filled)::int as units_filled
      from restock_records r
      where r.user_id = ${userId} and r.restocked_at > ${now.toISOString()}::timestamptz - interval '365 days'
        ${machineId === undefined ? sql`` : sql`and r.machine_id = ${machineId}`}
      group by r.machine_id, r.product_id, r.restocked_at),
    latest as (
      select * from (
        select r.*, lead(r.restocked_at) over visits as next_at, row_number() over (partition by r.machine_id, r.product_id order by r.restocked_at desc, r.id desc) as recency
        from product_visits r
        window visits as (partition by r.machine_id, r.product_id order by r.restocked_at, r.id)
      ) ranked where recency <= ${RESTOCKS_MEASURED})
    select l.machine_id as "machineId", l.product_id as "productId", l.units_left as "unitsLeft", l.units_filled as "unitsFilled",
      l.restocked_at as "restockedAt", l.next_at is null as "isLatest",
      (select count(*) from votes v
        where v.machine_id = l.machine_id and v.product_id = l.product_id and v.vote_type = 'up'
          and v.created_at > l.restocked_at and v.created_at <= coalesce(l.next_at, ${now.toISOString()}::timestamptz))::int as "upVotesAfter"
    from latest l
    order by l.machine_id, l.product_id, l.restocked_at, l.id`);
}

/** Forecasts with stock figures: the stock rule (restock-model.ts) applied to each stored forecast. */
export async function predictionsOf(db: Database, userId: number, machineId: number | undefined, now: Date, currentVotes: Record<string, number> = {}) {
  const settings = await ownerSettings(db, userId);
  const rows: ForecastWithNames[] = (await db
    .select({
      machineId: demandForecasts.machineId,
      machineName: vendingMachines.name,
      productId: demandForecasts.productId,
      productName: products.name,
      category: products.category,
      unitCost: products.yourPrice,
      forecast: demandForecasts.forecast,
    })
    .from(demandForecasts)
    .innerJoin(vendingMachines, eq(vendingMachines.id, demandForecasts.machineId))
    .innerJoin(products, eq(products.id, demandForecasts.productId))
    .where(and(eq(demandForecasts.userId, userId), machineId === undefined ? undefined : eq(demandForecasts.machineId, machineId)))) as unknown as ForecastWithNames[];

  const history = await restockHistory(db, userId, machineId, now);
  const localToday = localClock(now, settings.timeZone).date;
  const todayWeekday = new Date(`${localToday}T00:00:00Z`).getUTCDay();
  const daysToNextVisit = daysToNextFill(todayWeekday, settings.restockWeekday);
  // The last fill day, today included: the assumed fill happened then, and what sold since counts.
  const lastFill = addDays(localToday, daysToNextVisit - 7);
  // Units per up-vote, pooled over each machine's products: one product's visits are few.
  const intervalsByMachine = new Map<number, RestockInterval[]>();
  const latest = new Map<string, (typeof history)[number]>();
  history.forEach((record, index) => {
    const next = history[index + 1];
    if (next && !record.isLatest && next.machineId === record.machineId && next.productId === record.productId) {
      const intervals = intervalsByMachine.get(record.machineId) ?? [];
      intervals.push({ stockAfter: record.unitsLeft + record.unitsFilled, leftAtNext: next.unitsLeft, upVotes: record.upVotesAfter });
      intervalsByMachine.set(record.machineId, intervals);
    }
    if (record.isLatest) latest.set(`${record.machineId}:${record.productId}`, record);
  });
  const machineWeek = new Map<number, number>();
  for (const row of rows) machineWeek.set(row.machineId, (machineWeek.get(row.machineId) ?? 0) + row.forecast.week);
  const onList = new Map(
    (
      await db
        .select({ machineId: purchaseListItems.machineId, productId: purchaseListItems.productId, quantity: purchaseListItems.quantity })
        .from(purchaseListItems)
        .where(eq(purchaseListItems.userId, userId))
    ).map((item) => [`${item.machineId}:${item.productId}`, item.quantity]),
  );

  const predictions = rows.map((row): Prediction & { unitCost: string | null; earlierWeekly: number } => {
    const key = `${row.machineId}:${row.productId}`;
    const ratio = unitsPerVote(intervalsByMachine.get(row.machineId) ?? [], settings.assumedUnitsPerVote);
    const record = latest.get(key);
    const machinePredictedWeek = machineWeek.get(row.machineId) ?? 0;
    const demandShare = machinePredictedWeek === 0 ? 0 : row.forecast.week / machinePredictedWeek;
    const figures = stockFigures({
      dailyForecast: row.forecast.daily,
      demandShare,
      machinePredictedWeek,
      unitsPerVote: ratio.value,
      threshold: settings.autoReorderThreshold,
      lastRestock: record ? { stockAfter: record.unitsLeft + record.unitsFilled, upVotesSince: record.upVotesAfter } : null,
      upVotesSinceFill: upVotesSince(row.forecast, lastFill),
      daysToNextVisit,
    });
    const { week, confidence, trend, seasonal, earlierWeekly, recentUpVotes: _votes, recentEnd: _end, ...explanation } = row.forecast;
    return {
      machineId: row.machineId,
      machineName: row.machineName,
      productId: row.productId,
      productName: row.productName,
      category: row.category,
      currentVotes: currentVotes[key] ?? 0,
      predictedDemand: week,
      demandShare: Math.round(demandShare * 1000) / 1000,
      machinePredictedWeek: Math.round(machinePredictedWeek * 10) / 10,
      recommendedStock: figures.recommendedStock,
      suggestedOrder: Math.max(0, figures.recommendedStock - Math.floor(figures.estimatedStock)),
      stockBasis: figures.stockBasis,
      estimatedStock: figures.estimatedStock,
      lastRestockAt: record ? new Date(record.restockedAt).toISOString() : null,
      unitsPerVote: ratio.value,
      unitsPerVoteMeasured: ratio.measured,
      daysOfCover: figures.daysOfCover,
      urgency: figures.urgency,
      confidence,
      trend,
      seasonal,
      forecast: explanation,
      onPurchaseList: onList.get(key) ?? null,
      unitCost: row.unitCost,
      earlierWeekly,
    };
  });
  return { settings, predictions, daysToNextVisit };
}

/**
 * Up-votes from the fill day `since` up to the computation, from the days the forecast kept. Figures
 * computed before the fill day (or stored before these days were kept) have sold nothing from it.
 */
function upVotesSince(forecast: StoredForecast, since: string): number {
  const recent = forecast.recentUpVotes ?? [];
  let total = 0;
  recent.forEach((votes, index) => {
    if (addDays(forecast.recentEnd, index - (recent.length - 1)) >= since) total += votes;
  });
  return total;
}

const URGENCY_ORDER = { urgent: 0, soon: 1, 'this-week': 2, normal: 3 } as const;

export async function readInventoryAnalytics(db: Database, userId: number, query: { machineId?: number; range: AnalyticsRange }, now: Date): Promise<InventoryAnalytics> {
  if (query.machineId !== undefined) await requireOwnMachine(db, userId, query.machineId);
  const scope = query.machineId === undefined ? 'all' : machineScopeKey(query.machineId);
  const stored = await readView<InventorySnapshot>(db, userId, 'inventory', scope, query.range, now);
  const { settings, predictions, daysToNextVisit } = await predictionsOf(db, userId, query.machineId, now, stored.data.currentVotes);
  predictions.sort(
    (a, b) =>
      URGENCY_ORDER[a.urgency] - URGENCY_ORDER[b.urgency] ||
      (a.daysOfCover ?? Infinity) - (b.daysOfCover ?? Infinity) ||
      b.predictedDemand - a.predictedDemand ||
      a.productName.localeCompare(b.productName),
  );
  const optimization = await stockRecommendations(db, userId, predictions, stored.data.performance);
  return {
    range: query.range,
    machineId: query.machineId ?? null,
    computedAt: stored.computedAt.toISOString(),
    refreshQueued: await refreshQueued(db, userId, now),
    // The zone the stored figures were counted in (a change in settings shows from the next compute).
    timeZone: stored.data.timeZone ?? settings.timeZone,
    currency: settings.currency,
    rule: {
      autoReorderThreshold: settings.autoReorderThreshold,
      fillTargetDays: FILL_TARGET_DAYS,
      restockWeekday: settings.restockWeekday,
      assumedUnitsPerVote: settings.assumedUnitsPerVote,
      daysToNextVisit,
    },
    summary: {
      totalPredictions: predictions.length,
      highConfidence: predictions.filter((prediction) => prediction.confidence >= HIGH_CONFIDENCE).length,
      // Everything the next visit must fill, or sooner: all but Normal.
      needRestocking: predictions.filter((prediction) => prediction.urgency !== 'normal').length,
      seasonalItems: predictions.filter((prediction) => prediction.seasonal).length,
    },
    predictions: predictions.map(({ unitCost: _cost, earlierWeekly: _week, ...prediction }) => prediction),
    voteTrends: stored.data.voteTrends,
    performance: stored.data.performance,
    optimization,
  };
}
