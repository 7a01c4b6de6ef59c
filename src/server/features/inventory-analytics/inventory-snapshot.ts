import { RANGE_DAYS, type AnalyticsRange, type InventoryAnalytics, type ProductRank } from '../../../shared/analytics.schemas.js';
import { addDays } from '../notifications/local-time.js';
import { HISTORY_DAYS, rangeStart, type AnalyticsSource } from './analytics-source.js';

/** What the job stores for one inventory view (a scope and a range); the read adds forecasts and stock. */
export interface InventorySnapshot {
  /** The zone the days and hours were counted in. */
  timeZone: string;
  /** `${machineId}:${productId}` → up-votes in the range. */
  currentVotes: Record<string, number>;
  voteTrends: InventoryAnalytics['voteTrends'];
  performance: InventoryAnalytics['performance'];
}

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** Products shown in 'votes over time': more lines than this are unreadable on a phone. */
const SERIES_PRODUCTS = 5;
/** Risers and fallers need this many votes in one of the two periods, so 1 → 3 is not a 200 % rise. */
const MOVER_MIN_VOTES = 5;
const MOVERS = 3;

export function sum(values: ArrayLike<number>, from: number, to: number): number {
  let total = 0;
  for (let day = Math.max(0, from); day <= to && day < values.length; day++) total += values[day]!;
  return total;
}

/** Monday-first weekday (0-6) of a day index. */
export function weekdayOf(source: AnalyticsSource, day: number): number {
  const sunday0 = new Date(`${addDays(source.dayZero, day)}T00:00:00Z`).getUTCDay();
  return (sunday0 + 6) % 7;
}

/** Votes by local hour and Monday-first weekday over the machines and days given. */
export function votingPattern(source: AnalyticsSource, machineIds: number[], from: number) {
  const hours = new Array<number>(24).fill(0);
  const weekdays = new Array<number>(7).fill(0);
  const mondayOffset = weekdayOf(source, 0);
  for (const machineId of machineIds) {
    for (const [slot, votes] of source.hourly.get(machineId) ?? []) {
      const day = Math.floor(slot / 24);
      if (day < from) continue;
      hours[slot % 24]! += votes;
      weekdays[(mondayOffset + day) % 7]! += votes;
    }
  }
  const total = hours.reduce((a, b) => a + b, 0);
  const peakHour = total === 0 ? null : hours.indexOf(Math.max(...hours));
  return {
    hourly: hours.map((votes, hour) => ({ hour, votes })),
    weekly: weekdays.map((votes, index) => ({ day: WEEKDAYS[index]!, votes })),
    peakHour,
  };
}

const roundTo = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function buildInventorySnapshot(source: AnalyticsSource, machineIds: number[], range: AnalyticsRange): InventorySnapshot {
  const inScope = new Set(machineIds);
  const from = rangeStart(range);
  const to = HISTORY_DAYS - 1;
  const days = RANGE_DAYS[range];
  const previousFrom = from - days;
  const currentVotes: Record<string, number> = {};
  const perProduct = new Map<number, { up: number; down: number; previous: number; daily: Int32Array }>();
  for (const [key, series] of source.daily) {
    if (!inScope.has(series.machineId)) continue;
    const up = sum(series.up, from, to);
    const down = sum(series.down, from, to);
    const previous = sum(series.up, previousFrom, from - 1) + sum(series.down, previousFrom, from - 1);
    if (up > 0) currentVotes[key] = up;
    const product = perProduct.get(series.productId) ?? { up: 0, down: 0, previous: 0, daily: new Int32Array(days) };
    product.up += up;
    product.down += down;
    product.previous += previous;
    for (let day = from; day <= to; day++) product.daily[day - from]! += series.up[day]! + series.down[day]!;
    perProduct.set(series.productId, product);
  }

  // The period before is compared only when the history covers all of it: with six weeks of votes,
  // 'Last 30 Days' against a period half before the first vote would show every product rising.
  const firstVoteDay = Math.min(...machineIds.map((id) => source.firstVoteDay.get(id) ?? HISTORY_DAYS));
  const previousCovered = firstVoteDay <= previousFrom;
  const totalVotes = [...perProduct.values()].reduce((total, product) => total + product.up + product.down, 0);
  const ranked: ProductRank[] = [...perProduct.entries()]
    .filter(([, product]) => product.up + product.down > 0 || product.previous > 0)
    .map(([productId, product]) => {
      const votes = product.up + product.down;
      const known = source.products.get(productId);
      return {
        rank: 0,
        productId,
        productName: known?.name ?? 'Deleted product',
        category: known?.category ?? '',
        votes,
        upVotes: product.up,
        downVotes: product.down,
        share: totalVotes === 0 ? 0 : roundTo((votes / totalVotes) * 100, 1),
        previousVotes: product.previous,
        change: !previousCovered || product.previous === 0 ? null : roundTo(((votes - product.previous) / product.previous) * 100, 1),
      };
    })
    .sort((a, b) => b.votes - a.votes || b.upVotes - a.upVotes || a.productName.localeCompare(b.productName));
  ranked.forEach((product, index) => (product.rank = index + 1));
  const movers = ranked.filter((product) => product.change !== null && Math.max(product.votes, product.previousVotes) >= MOVER_MIN_VOTES);
  const risers = movers.filter((product) => product.change! > 0).sort((a, b) => b.change! - a.change!).slice(0, MOVERS);
  const fallers = movers.filter((product) => product.change! < 0).sort((a, b) => a.change! - b.change!).slice(0, MOVERS);

  // Votes over time: days for the short ranges, Monday-first weeks for the long ones.
  const bucket = days <= 30 ? 'day' : 'week';
  const top = ranked.filter((product) => product.votes > 0).slice(0, SERIES_PRODUCTS);
  const buckets = new Map<string, Record<string, number>>();
  for (let day = from; day <= to; day++) {
    const weekStart = bucket === 'day' ? day : day - weekdayOf(source, day);
    const start = addDays(source.dayZero, Math.max(weekStart, from));
    const values = buckets.get(start) ?? Object.fromEntries(top.map((product) => [String(product.productId), 0]));
    for (const product of top) values[String(product.productId)]! += perProduct.get(product.productId)!.daily[day - from]!;
    buckets.set(start, values);
  }

  return {
    timeZone: source.timeZone,
    currentVotes,
    voteTrends: {
      ...votingPattern(source, machineIds, from),
      bucket,
      series: [...buckets.entries()].map(([start, values]) => ({ start, values })),
      seriesProducts: top.map((product) => ({ productId: product.productId, productName: product.productName })),
    },
    performance: { totalVotes, products: ranked, risers, fallers },
  };
}
