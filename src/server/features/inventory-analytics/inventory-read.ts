import { eq, sql } from 'drizzle-orm';
import {
  FILL_TARGET_DAYS,
  HIGH_CONFIDENCE,
  type AnalyticsRange,
  type InventoryAnalytics,
  type Prediction,
} from '../../../shared/analytics.schemas.js';
import { queryRows, type Database } from '../../db/client.js';
import { purchaseListItems } from '../../db/schema.js';
import { addDays, localClock } from '../notifications/local-time.js';
import { machineScopeKey } from './analytics-source.js';
import { ownerSettings, readView, refreshQueued, requireOwnMachine } from './analytics-store.js';
import type { StoredForecast } from './compute-analytics.js';
import type { InventorySnapshot } from './inventory-snapshot.js';
import { stockRecommendations } from './stock-recommendations.js';
import { daysToNextFill, stockFigures } from './restock-model.js';
import { latestVisits, ratioChain, restockHistory, restockMeasures } from './units-per-vote-source.js';
import { NOT_STOCKED, productSlots, slotFigures } from './slot-figures.js';

interface ForecastWithNames {
  machineId: number;
  machineName: string;
  productId: number;
  productName: string;
  category: string;
  unitCost: string | null;
  forecast: CardForecast;
}

/**
 * What the stock figures and recommendations read of a stored forecast. How it was made (method,
 * back-test, history) stays in the database until a card's explanation asks (forecast-detail.ts):
 * for a fleet it was most of what this query carried and more than half of the answer.
 */
const CARD_FORECAST_KEYS = ['week', 'confidence', 'trend', 'seasonal', 'earlierWeekly', 'daily', 'recentUpVotes', 'recentEnd', 'basis', 'unitsPerVote'] as const;
type CardForecast = Pick<StoredForecast, (typeof CARD_FORECAST_KEYS)[number]>;
// One column per key: cheaper for the database than building an object of them, and for the driver than parsing one.
const cardForecastColumns = sql.raw(CARD_FORECAST_KEYS.map((key) => `f.forecast->'${key}' as "${key}"`).join(', '));

async function cardForecasts(db: Database, userId: number, machineId: number | undefined): Promise<ForecastWithNames[]> {
  const rows = await queryRows<Omit<ForecastWithNames, 'forecast'> & CardForecast>(
    db,
    sql`
      select f.machine_id as "machineId", m.name as "machineName", f.product_id as "productId", p.name as "productName", p.category, p.your_price::text as "unitCost",
        ${cardForecastColumns}
      from demand_forecasts f
      join vending_machines m on m.id = f.machine_id
      join products p on p.id = f.product_id
      where f.user_id = ${userId} ${machineId === undefined ? sql`` : sql`and f.machine_id = ${machineId}`}`,
  );
  return rows.map((row) => ({
    machineId: row.machineId,
    machineName: row.machineName,
    productId: row.productId,
    productName: row.productName,
    category: row.category,
    unitCost: row.unitCost,
    forecast: {
      week: row.week,
      confidence: row.confidence,
      trend: row.trend,
      seasonal: row.seasonal,
      earlierWeekly: row.earlierWeekly,
      daily: row.daily,
      recentUpVotes: row.recentUpVotes,
      recentEnd: row.recentEnd,
      basis: row.basis,
      unitsPerVote: row.unitsPerVote,
    },
  }));
}

/** Forecasts with stock figures: the stock rule (restock-model.ts) applied to each stored forecast. */
export async function predictionsOf(db: Database, userId: number, machineId: number | undefined, now: Date, currentVotes: Record<string, number> = {}) {
  const settings = await ownerSettings(db, userId);
  const rows = await cardForecasts(db, userId, machineId);

  const localToday = localClock(now, settings.timeZone).date;
  const todayWeekday = new Date(`${localToday}T00:00:00Z`).getUTCDay();
  const daysToNextVisit = daysToNextFill(todayWeekday, settings.restockWeekday);
  // The last fill day, today included: the assumed fill happened then, and what sold since counts.
  const lastFill = addDays(localToday, daysToNextVisit - 7);
  // Each basis is its own unit (units sold, up-votes): a share is of the machine's demand in the same unit.
  const machineWeek = new Map<string, number>();
  const weekKey = (row: ForecastWithNames) => `${row.machineId}:${row.forecast.basis ?? 'votes'}`;
  for (const row of rows) machineWeek.set(weekKey(row), (machineWeek.get(weekKey(row)) ?? 0) + row.forecast.week);
  const onList = new Map(
    (
      await db
        .select({ machineId: purchaseListItems.machineId, productId: purchaseListItems.productId, quantity: purchaseListItems.quantity })
        .from(purchaseListItems)
        .where(eq(purchaseListItems.userId, userId))
    ).map((item) => [`${item.machineId}:${item.productId}`, item.quantity]),
  );
  const measuredRatios = new Map(rows.filter((row) => row.forecast.unitsPerVote != null).map((row) => [row.productId, row.forecast.unitsPerVote!]));
  const ratioOf = ratioChain(measuredRatios, await restockMeasures(db, userId, machineId, now), settings.assumedUnitsPerVote);
  const { slots: slotsOf, planogramMachines } = await productSlots(db, userId, machineId, now, ratioOf);
  // A machine's last visit and what went since count only where no planogram gives its slots' stock.
  const unplanned = [...new Set(rows.map((row) => row.machineId))].filter((id) => !planogramMachines.has(id));
  const latest = latestVisits(unplanned.length > 0 ? await restockHistory(db, userId, unplanned, now) : []);

  const predictions = rows.map((row): Prediction & { unitCost: string | null; earlierWeekly: number } => {
    const key = `${row.machineId}:${row.productId}`;
    const demandBasis = row.forecast.basis ?? 'votes';
    const ratio = ratioOf(row.machineId, row.productId);
    // Units one unit of the forecast stands for: a sale is a unit; an up-vote is `ratio` of one.
    const unitsPerDemand = demandBasis === 'sales' ? 1 : ratio.value;
    const record = latest.get(key);
    const machinePredictedWeek = machineWeek.get(weekKey(row)) ?? 0;
    const demandShare = machinePredictedWeek === 0 ? 0 : row.forecast.week / machinePredictedWeek;
    const slots = slotsOf.get(key);
    const figures = slots
      ? slotFigures(slots, row.forecast.daily, unitsPerDemand, daysToNextVisit)
      : planogramMachines.has(row.machineId)
        ? NOT_STOCKED
        : {
          ...stockFigures({
            dailyForecast: row.forecast.daily,
            demandShare,
            machinePredictedWeek,
            unitsPerVote: unitsPerDemand,
            threshold: settings.autoReorderThreshold,
            // Since the last visit, up-votes are what is known to have gone: in units, at the product's ratio.
            lastRestock: record ? { stockAfter: record.latest.unitsLeft + record.latest.unitsFilled, upVotesSince: (record.upVotesAfter * ratio.value) / unitsPerDemand } : null,
            upVotesSinceFill: (upVotesSince(row.forecast, lastFill) * ratio.value) / unitsPerDemand,
            daysToNextVisit,
          }),
          suggestedOrder: null,
          slots: 0,
          lastFillAt: null,
        };
    const { week, confidence, trend, seasonal, earlierWeekly } = row.forecast;
    const restockedAt = figures.lastFillAt ?? (record ? record.latest.restockedAt.toISOString() : null);
    return {
      machineId: row.machineId,
      machineName: row.machineName,
      productId: row.productId,
      productName: row.productName,
      category: row.category,
      currentVotes: currentVotes[key] ?? 0,
      demandBasis,
      predictedDemand: week,
      demandShare: Math.round(demandShare * 1000) / 1000,
      machinePredictedWeek: Math.round(machinePredictedWeek * 10) / 10,
      recommendedStock: figures.recommendedStock,
      suggestedOrder: Math.max(0, figures.suggestedOrder ?? figures.recommendedStock - Math.floor(figures.estimatedStock)),
      stockBasis: figures.stockBasis,
      slots: figures.slots,
      estimatedStock: figures.estimatedStock,
      lastRestockAt: restockedAt,
      unitsPerVote: ratio.value,
      unitsPerVoteMeasured: ratio.basis !== 'assumed',
      unitsPerVoteBasis: ratio.basis,
      daysOfCover: figures.daysOfCover,
      urgency: figures.urgency,
      confidence,
      trend,
      seasonal,
      onPurchaseList: onList.get(key) ?? null,
      unitCost: row.unitCost,
      earlierWeekly,
    };
  });
  return { settings, predictions, daysToNextVisit, planogramMachines };
}

/**
 * Up-votes from the fill day `since` up to the computation, from the days the forecast kept. Figures
 * computed before the fill day (or stored before these days were kept) have sold nothing from it.
 */
function upVotesSince(forecast: CardForecast, since: string): number {
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
  const { settings, predictions, daysToNextVisit, planogramMachines } = await predictionsOf(db, userId, query.machineId, now, stored.data.currentVotes);
  predictions.sort(
    (a, b) =>
      URGENCY_ORDER[a.urgency] - URGENCY_ORDER[b.urgency] ||
      (a.daysOfCover ?? Infinity) - (b.daysOfCover ?? Infinity) ||
      b.predictedDemand - a.predictedDemand ||
      a.productName.localeCompare(b.productName),
  );
  const optimization = await stockRecommendations(db, userId, predictions, stored.data.performance, planogramMachines);
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
    // The unit cost and earlier weekly level the recommendations read ride along; the response schema leaves them out.
    predictions,
    voteTrends: stored.data.voteTrends,
    performance: stored.data.performance,
    optimization,
  };
}
