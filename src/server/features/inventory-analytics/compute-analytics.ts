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
  type VoteSeries,
} from './analytics-source.js';
import { buildDemographicsSnapshot } from './demographics-snapshot.js';
import { forecastSeries, METHOD_LABELS } from './forecasting/forecast-series.js';
import { buildInventorySnapshot, sum as sumDays } from './inventory-snapshot.js';
import { unitsPerVoteByProduct } from './sales-per-vote.js';
import type { SalesSeries } from './sales-source.js';

/** Forecasts learn from at most a year of days: older habits say little about next week. */
const FORECAST_HISTORY_DAYS = 365;
/** Products with no up-vote in this many days get no forecast. */
const DEMAND_WINDOW_DAYS = 90;
const YIELD_EVERY_SERIES = 25;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const INSERT_CHUNK = 500;

/** The forecast of one product at one machine as stored (and answered, with stock figures added). */
export interface StoredForecast extends ForecastExplanation {
  /** What was forecast: units the machine reported selling, or up-votes where it reported none. */
  basis: 'sales' | 'votes';
  /** Units sold per up-vote measured for the product from reported sales; null without enough of them. */
  unitsPerVote: number | null;
  week: number;
  confidence: number;
  trend: 'up' | 'down' | 'stable';
  seasonal: boolean;
  /** Average weekly demand over the four weeks before the last one: the level a falling product was stocked for. */
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

/** A product's reported sales at a machine are forecast once they cover two weeks. */
const MIN_SALES_DAYS = 14;

/**
 * Each (machine, product) pair with demand in the last 90 days (a product nobody bought or asked
 * for in a quarter has none to forecast). Where the machine reported the product's sales over at
 * least two weeks, its daily units sold are forecast, over the days the reports cover; otherwise
 * its daily up-votes (down-votes are not demand), up to yesterday, the last whole day, over at most
 * a year. A vote series starts when the machine first saw votes or the product was added,
 * whichever is later, so days before it was on sale do not count as days without demand. Yields to
 * the event loop between series: the instance keeps answering requests while a large operator is computed.
 */
export async function forecastAll(source: AnalyticsSource): Promise<ForecastRow[]> {
  const machines = new Map(source.machines.map((machine) => [machine.id, machine]));
  const today = HISTORY_DAYS - 1;
  const lastWholeDay = today - 1;
  const earliest = today - FORECAST_HISTORY_DAYS;
  const measured = unitsPerVoteByProduct(source, earliest);
  const keys = new Set([...source.daily.keys(), ...source.sales.series.keys()]);
  const rows: ForecastRow[] = [];
  let sinceYield = 0;
  for (const key of keys) {
    const votes = source.daily.get(key);
    const sales = source.sales.series.get(key);
    const machineId = votes?.machineId ?? sales!.machineId;
    const productId = votes?.productId ?? sales!.productId;
    const product = source.products.get(productId);
    if (!machines.has(machineId) || !product) continue;
    const window = salesWindow(source, sales, earliest, lastWholeDay) ?? voteWindow(source, votes, product.createdDay, earliest, lastWholeDay);
    if (!window) continue;
    if (++sinceYield % YIELD_EVERY_SERIES === 0) await yieldToEventLoop();
    rows.push({
      machineId,
      productId,
      forecast: {
        ...explainedForecast(window.series, window.start, window.end, source.dayZero),
        basis: window.basis,
        unitsPerVote: measured.get(productId) ?? null,
        recentUpVotes: votes ? Array.from(votes.up.subarray(today - 6, today + 1)) : [0, 0, 0, 0, 0, 0, 0],
        recentEnd: source.today,
      },
    });
  }
  return rows;
}

interface ForecastWindow {
  basis: 'sales' | 'votes';
  series: ArrayLike<number>;
  start: number;
  end: number;
}

/** The days of reported sales to forecast from, when they cover two weeks and hold sales in the last 90 days. */
function salesWindow(source: AnalyticsSource, sales: SalesSeries | undefined, earliest: number, lastWholeDay: number): ForecastWindow | null {
  const covered = sales && source.sales.coverage.get(sales.machineId);
  if (!sales || !covered) return null;
  const start = Math.max(earliest, covered.from);
  const end = Math.min(lastWholeDay, covered.to);
  if (end - start + 1 < MIN_SALES_DAYS) return null;
  if (sumDays(sales.units, Math.max(start, lastWholeDay + 1 - DEMAND_WINDOW_DAYS), end) <= 0) return null;
  return { basis: 'sales', series: sales.units, start, end };
}

function voteWindow(source: AnalyticsSource, votes: VoteSeries | undefined, createdDay: number, earliest: number, lastWholeDay: number): ForecastWindow | null {
  if (!votes) return null;
  const today = lastWholeDay + 1;
  if (sumDays(votes.up, today - (DEMAND_WINDOW_DAYS - 1), today) === 0) return null;
  // Votes older than a record's creation come from imported or seeded history: trust the votes.
  const firstOwnVote = votes.up.findIndex((count, day) => count > 0 || votes.down[day]! > 0);
  const start = Math.max(earliest, source.firstVoteDay.get(votes.machineId) ?? 0, Math.min(createdDay, firstOwnVote));
  if (start > lastWholeDay) return null;
  return { basis: 'votes', series: votes.up, start, end: lastWholeDay };
}

/** The chosen method's forecast of a series' days `start`..`end`, with its back-test, trend and the level of the weeks before. */
function explainedForecast(series: ArrayLike<number>, start: number, end: number, dayZero: string) {
  const history = Array.from({ length: end - start + 1 }, (_, index) => series[start + index]!);
  const firstWeekday = new Date(`${addDays(dayZero, start)}T00:00:00Z`).getUTCDay();
  const result = forecastSeries(history, firstWeekday);
  // The four weeks before the last one, or as much of them as the series has.
  const earlierFrom = Math.max(start, end - 34);
  const earlierDays = end - 7 - earlierFrom + 1;
  return {
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
    earlierWeekly: earlierDays < 7 ? 0 : Math.round(((sumDays(series, earlierFrom, end - 7) * 7) / earlierDays) * 10) / 10,
  };
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
