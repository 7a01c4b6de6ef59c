import { and, eq, gt, sql } from 'drizzle-orm';
import { ANALYTICS_RANGES, type ForecastExplanation } from '../../../shared/analytics.schemas.js';
import type { Database } from '../../db/client.js';
import { analyticsSnapshots, demandForecasts } from '../../db/schema.js';
import { addDays } from '../notifications/local-time.js';
import {
  HISTORY_DAYS,
  loadAnalyticsSource,
  locationScopeKey,
  machineScopeKey,
  type AnalyticsSource,
  type SourceMachine,
} from './analytics-source.js';
import { buildDemographicsSnapshot } from './demographics-snapshot.js';
import { forecastSeries, METHOD_LABELS } from './forecasting/forecast-series.js';
import { buildInventorySnapshot, sum as sumDays } from './inventory-snapshot.js';

/** Forecasts learn from at most a year of days: older habits say little about next week. */
const FORECAST_HISTORY_DAYS = 365;
/** Products with no up-vote in this many days get no forecast. */
const DEMAND_WINDOW_DAYS = 90;
const YIELD_EVERY_SERIES = 25;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const INSERT_CHUNK = 500;

/** The forecast of one product at one machine as stored (and answered, with stock figures added). */
export interface StoredForecast extends ForecastExplanation {
  week: number;
  confidence: number;
  trend: 'up' | 'down' | 'stable';
  seasonal: boolean;
  /** Average weekly up-votes over the four weeks before the last one: the level a falling product was stocked for. */
  earlierWeekly: number;
  /**
   * Up-votes on each of the last 7 local days up to the computation (the last is that day), so the
   * read can count what sold since the operator's fill day, whichever weekday it is.
   */
  recentUpVotes: number[];
  /** The local day of the last entry of `recentUpVotes`. */
  recentEnd: string;
}

interface ForecastRow {
  machineId: number;
  productId: number;
  forecast: StoredForecast;
}

/**
 * Each (machine, product) pair with up-votes in the last 90 days (a product nobody asked for in a
 * quarter has no demand to forecast), forecast from its daily up-votes (down-votes are not demand)
 * up to yesterday, the last whole day, over at most a year. A series starts when the machine first
 * saw votes or the product was added, whichever is later, so days before it was on sale do not
 * count as days without demand. Yields to the event loop between series: the instance keeps
 * answering requests while a large operator is computed.
 */
export async function forecastAll(source: AnalyticsSource): Promise<ForecastRow[]> {
  const machines = new Map(source.machines.map((machine) => [machine.id, machine]));
  const today = HISTORY_DAYS - 1;
  const lastWholeDay = today - 1;
  const earliest = today - FORECAST_HISTORY_DAYS;
  const rows: ForecastRow[] = [];
  let sinceYield = 0;
  for (const series of source.daily.values()) {
    const machine = machines.get(series.machineId);
    const product = source.products.get(series.productId);
    if (!machine || !product) continue;
    if (sumDays(series.up, today - (DEMAND_WINDOW_DAYS - 1), today) === 0) continue;
    // Votes older than a record's creation come from imported or seeded history: trust the votes.
    const firstOwnVote = series.up.findIndex((votes, day) => votes > 0 || series.down[day]! > 0);
    const start = Math.max(earliest, source.firstVoteDay.get(series.machineId) ?? 0, Math.min(product.createdDay, firstOwnVote));
    if (start > lastWholeDay) continue;
    if (++sinceYield % YIELD_EVERY_SERIES === 0) await yieldToEventLoop();
    const history = Array.from(series.up.subarray(start, lastWholeDay + 1));
    const firstWeekday = new Date(`${addDays(source.dayZero, start)}T00:00:00Z`).getUTCDay();
    const result = forecastSeries(history, firstWeekday);
    // The four weeks before the last one, or as much of them as the series has.
    const earlierFrom = Math.max(start, lastWholeDay - 34);
    const earlierDays = lastWholeDay - 7 - earlierFrom + 1;
    rows.push({
      machineId: series.machineId,
      productId: series.productId,
      forecast: {
        method: result.method,
        methodLabel: METHOD_LABELS[result.method],
        folds: result.backtest.folds,
        weeklyError: result.backtest.weeklyError,
        dailyMae: result.backtest.dailyMae,
        baselineWeeklyError: result.backtest.baselineWeeklyError,
        candidates: result.backtest.candidates.map((candidate) => ({ ...candidate, methodLabel: METHOD_LABELS[candidate.method] })),
        historyDays: result.historyDays,
        zeroDayShare: result.zeroDayShare,
        seasonalStrength: result.seasonalStrength,
        daily: result.daily,
        week: result.week,
        confidence: result.confidence,
        trend: result.trend,
        seasonal: result.seasonal,
        earlierWeekly: earlierDays < 7 ? 0 : Math.round(((sumDays(series.up, earlierFrom, lastWholeDay - 7) * 7) / earlierDays) * 10) / 10,
        recentUpVotes: Array.from(series.up.subarray(today - 6, today + 1)),
        recentEnd: source.today,
      },
    });
  }
  return rows;
}

/** The scopes each view is stored for: all machines and each machine; demographics also each location. */
function scopesOf(machines: SourceMachine[]) {
  const inventory = [{ key: 'all', machines }, ...machines.map((machine) => ({ key: machineScopeKey(machine.id), machines: [machine] }))];
  const locations = [...new Set(machines.map((machine) => machine.location))].map((location) => ({
    key: locationScopeKey(location),
    machines: machines.filter((machine) => machine.location === location),
  }));
  return { inventory, demographics: [...inventory, ...locations] };
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) await insert(rows.slice(start, start + INSERT_CHUNK));
}

/**
 * Computes one operator's forecasts and every analytics view from their stored votes as of `now`,
 * and replaces what was stored before in one transaction (a reader sees the old figures or the new,
 * never a mix). Two computes of one operator wait for each other instead of colliding.
 */
/** Answers what was stored, or null when there is no such operator or newer figures were already stored. */
export async function computeAnalytics(db: Database, userId: number, now: Date): Promise<{ forecasts: number; views: number } | null> {
  const source = await loadAnalyticsSource(db, userId, now);
  if (!source) return null;
  const forecasts = await forecastAll(source);
  const scopes = scopesOf(source.machines);
  const views: (typeof analyticsSnapshots.$inferInsert)[] = [];
  for (const range of ANALYTICS_RANGES) {
    for (const scope of scopes.inventory) {
      const data = buildInventorySnapshot(source, scope.machines.map((machine) => machine.id), range);
      views.push({ userId, view: 'inventory', scope: scope.key, range, data: data as unknown as Record<string, unknown>, computedAt: now });
    }
    for (const scope of scopes.demographics) {
      const data = buildDemographicsSnapshot(source, scope.key, scope.machines, range);
      views.push({ userId, view: 'demographics', scope: scope.key, range, data: data as unknown as Record<string, unknown>, computedAt: now });
    }
    await yieldToEventLoop();
  }
  const written = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics.compute'), ${userId})`);
    // A compute that started earlier but finished later (a retried nightly job) never replaces newer figures.
    const [newer] = await tx
      .select({ at: analyticsSnapshots.computedAt })
      .from(analyticsSnapshots)
      .where(and(eq(analyticsSnapshots.userId, userId), gt(analyticsSnapshots.computedAt, now)))
      .limit(1);
    if (newer) return false;
    await tx.delete(demandForecasts).where(eq(demandForecasts.userId, userId));
    await tx.delete(analyticsSnapshots).where(eq(analyticsSnapshots.userId, userId));
    await insertInChunks(forecasts, (chunk) =>
      tx.insert(demandForecasts).values(
        chunk.map((row) => ({
          userId,
          machineId: row.machineId,
          productId: row.productId,
          forecast: row.forecast as unknown as Record<string, unknown>,
          predictedWeek: row.forecast.week,
          computedAt: now,
        })),
      ),
    );
    await insertInChunks(views, (chunk) => tx.insert(analyticsSnapshots).values(chunk));
    return true;
  });
  return written ? { forecasts: forecasts.length, views: views.length } : null;
}
