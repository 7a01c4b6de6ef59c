import { MIN_REGIONAL_SAMPLE, type AnalyticsRange, type Demographics, type PlacePreferences } from '../../../shared/analytics.schemas.js';
import { regionNameInAddress } from '../../../shared/postal-regions.js';
import { addDays } from '../notifications/local-time.js';
import { HISTORY_DAYS, rangeStart, type AnalyticsSource, type SourceMachine } from './analytics-source.js';
import { sum, votingPattern, weekdayOf } from './inventory-snapshot.js';

/** What the job stores for one demographics view; the read adds the revenue opportunities. */
export type DemographicsSnapshot = Pick<Demographics, 'behavior' | 'regional' | 'timeZone'> & {
  insights: Pick<Demographics['insights'], 'notes' | 'seasonal'>;
};

/** A season counts once it holds this many days of history; multipliers need two such seasons. */
export const SEASON_MIN_DAYS = 28;
const SEASONS = [
  { name: 'Winter', months: [12, 1, 2] },
  { name: 'Spring', months: [3, 4, 5] },
  { name: 'Summer', months: [6, 7, 8] },
  { name: 'Fall', months: [9, 10, 11] },
] as const;

const roundTo = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
/** Whole percents of the parts that add up to 100 (largest remainders get the leftover points). */
export function wholePercents(parts: number[]): number[] {
  const total = parts.reduce((a, b) => a + b, 0);
  if (total === 0) return parts.map(() => 0);
  const exact = parts.map((part) => (part / total) * 100);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - floors[index]! })).sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors;
}
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function regionOf(machine: Pick<SourceMachine, 'address'>): string | null {
  return regionNameInAddress(machine.address);
}

/**
 * Category shares of up-votes at one place, each with the 95 % margin of a proportion: high within
 * 5 points, medium within 10, low beyond; below the minimum sample no score at all.
 */
export function placePreferences(name: string, region: string | null, upVotesByCategory: Map<string, number>): PlacePreferences {
  const sample = [...upVotesByCategory.values()].reduce((a, b) => a + b, 0);
  const enoughData = sample >= MIN_REGIONAL_SAMPLE;
  const categories = [...upVotesByCategory.entries()]
    .filter(([, upVotes]) => upVotes > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([category, upVotes]) => {
      if (!enoughData) return { category, upVotes, score: null, margin: null, confidence: null };
      const share = upVotes / sample;
      const margin = 1.96 * Math.sqrt((share * (1 - share)) / sample) * 100;
      const confidence = margin <= 5 ? 'high' : margin <= 10 ? 'medium' : 'low';
      return { category, upVotes, score: roundTo(share * 100, 1), margin: roundTo(margin, 1), confidence } as const;
    });
  return { name, region, sample, enoughData, categories };
}

function upVotesByCategory(source: AnalyticsSource, machineIds: Set<number>, from: number): Map<string, number> {
  const byCategory = new Map<string, number>();
  for (const series of source.daily.values()) {
    if (!machineIds.has(series.machineId)) continue;
    const category = source.products.get(series.productId)?.category ?? 'other';
    byCategory.set(category, (byCategory.get(category) ?? 0) + sum(series.up, from, HISTORY_DAYS - 1));
  }
  return byCategory;
}

/** Average votes a day per season against the average over the seasons with enough days. */
export function seasonalMultipliers(source: AnalyticsSource, machineIds: Set<number>): Demographics['insights']['seasonal'] {
  const totals = new Float64Array(HISTORY_DAYS);
  let first = HISTORY_DAYS;
  for (const series of source.daily.values()) {
    if (!machineIds.has(series.machineId)) continue;
    for (let day = 0; day < HISTORY_DAYS; day++) {
      const votes = series.up[day]! + series.down[day]!;
      if (votes > 0 && day < first) first = day;
      totals[day]! += votes;
    }
  }
  // Whole days only: today is still going on.
  const lastDay = HISTORY_DAYS - 2;
  const historyDays = Math.max(0, lastDay - first + 1);
  const perSeason = SEASONS.map((season) => ({ season: season.name, days: 0, votes: 0 }));
  for (let day = first; day <= lastDay; day++) {
    const month = Number(addDays(source.dayZero, day).slice(5, 7));
    const season = perSeason[SEASONS.findIndex((candidate) => (candidate.months as readonly number[]).includes(month))]!;
    season.days += 1;
    season.votes += totals[day]!;
  }
  const counted = perSeason.filter((season) => season.days >= SEASON_MIN_DAYS);
  const requirement = `Needs at least ${SEASON_MIN_DAYS} days of votes in each of two seasons`;
  if (counted.length < 2) return { enoughHistory: false, historyDays, multipliers: [], requirement };
  const mean = counted.reduce((total, season) => total + season.votes / season.days, 0) / counted.length;
  return {
    enoughHistory: true,
    historyDays,
    multipliers: counted.map((season) => ({ season: season.season, days: season.days, multiplier: mean === 0 ? 0 : roundTo(season.votes / season.days / mean, 2) })),
    requirement,
  };
}

export function buildDemographicsSnapshot(source: AnalyticsSource, scopeKey: string, machines: SourceMachine[], range: AnalyticsRange): DemographicsSnapshot {
  const from = rangeStart(range);
  const machineIds = machines.map((machine) => machine.id);
  const inScope = new Set(machineIds);
  const voterCounts = source.voters.get(range)?.get(scopeKey) ?? { voters: 0, returning: 0, votes: 0 };

  const devicesOf = (ids: number[]) => {
    const counts = { phone: 0, tablet: 0, desktop: 0, unknown: 0 };
    for (const id of ids) {
      for (const [day, perDay] of source.devices.get(id) ?? []) {
        if (day < from) continue;
        counts.phone += perDay.phone;
        counts.tablet += perDay.tablet;
        counts.desktop += perDay.desktop;
        counts.unknown += perDay.unknown;
      }
    }
    return counts;
  };
  const byLocation = new Map<string, SourceMachine[]>();
  for (const machine of machines) byLocation.set(machine.location, [...(byLocation.get(machine.location) ?? []), machine]);
  const byRegion = new Map<string, SourceMachine[]>();
  for (const machine of machines) {
    const region = regionOf(machine);
    if (region) byRegion.set(region, [...(byRegion.get(region) ?? []), machine]);
  }
  const pattern = votingPattern(source, machineIds, from);
  const devices = devicesOf(machineIds);
  const totalVotes = pattern.hourly.reduce((total, hour) => total + hour.votes, 0);
  const behavior: Demographics['behavior'] = {
    totalVotes,
    totalVoters: voterCounts.voters,
    returningVoters: voterCounts.returning,
    votesPerVoter: voterCounts.voters === 0 ? 0 : roundTo(voterCounts.votes / voterCounts.voters, 1),
    peakHour: pattern.peakHour,
    hourly: pattern.hourly,
    daily: pattern.weekly,
    devices,
    devicesByLocation: [...byLocation.entries()].map(([location, list]) => ({ location, ...devicesOf(list.map((machine) => machine.id)) })),
  };

  const placeOf = (name: string, list: SourceMachine[], region: string | null) =>
    placePreferences(name, region, upVotesByCategory(source, new Set(list.map((machine) => machine.id)), from));
  const regional: Demographics['regional'] = {
    minimumSample: MIN_REGIONAL_SAMPLE,
    locations: [...byLocation.entries()].map(([name, list]) => {
      const regions = [...new Set(list.map(regionOf).filter((region): region is string => region !== null))];
      return placeOf(name, list, regions.length === 1 ? regions[0]! : null);
    }),
    regions: [...byRegion.entries()].map(([name, list]) => placeOf(name, list, name)),
  };

  const seasonal = seasonalMultipliers(source, inScope);
  return { timeZone: source.timeZone, behavior, regional, insights: { notes: insightNotes(source, behavior, regional, from), seasonal } };
}

/** Plain sentences from the figures above; each says only what the data supports. */
function insightNotes(source: AnalyticsSource, behavior: Demographics['behavior'], regional: Demographics['regional'], from: number) {
  const notes: Demographics['insights']['notes'] = [];
  if (behavior.totalVotes < MIN_REGIONAL_SAMPLE) {
    notes.push({ kind: 'not-enough-data', text: `Only ${behavior.totalVotes} votes in this period: not enough data for insights yet.` });
    return notes;
  }
  const { phone, tablet, desktop } = behavior.devices;
  const known = phone + tablet + desktop;
  if (known >= MIN_REGIONAL_SAMPLE) {
    const [phones, tablets, desktops] = wholePercents([phone, tablet, desktop]);
    notes.push({ kind: 'devices', text: `${phones}% of votes with a known device came from phones, ${tablets}% from tablets and ${desktops}% from desktops.` });
  }
  if (behavior.peakHour !== null) {
    const peakVotes = behavior.hourly[behavior.peakHour]!.votes;
    notes.push({
      kind: 'peak-hour',
      text: `Votes peak between ${hourLabel(behavior.peakHour)} and ${hourLabel((behavior.peakHour + 1) % 24)} (${percent(peakVotes, behavior.totalVotes)}% of the period's votes).`,
    });
  }
  // Weekend against weekday votes, per day of each kind actually in the range.
  let weekdayDays = 0;
  let weekendDays = 0;
  for (let day = from; day < HISTORY_DAYS; day++) {
    if (weekdayOf(source, day) >= 5) weekendDays += 1;
    else weekdayDays += 1;
  }
  const weekendVotes = behavior.daily[5]!.votes + behavior.daily[6]!.votes;
  const weekdayVotes = behavior.totalVotes - weekendVotes;
  if (weekdayDays > 0 && weekendDays > 0 && weekdayVotes > 0) {
    const ratio = weekendVotes / weekendDays / (weekdayVotes / weekdayDays);
    const difference = Math.round(Math.abs(1 - ratio) * 100);
    if (difference >= 10) {
      notes.push({ kind: 'weekend', text: `A weekend day brings ${difference}% ${ratio < 1 ? 'fewer' : 'more'} votes than a weekday.` });
    }
  }
  if (behavior.totalVoters > 0) {
    notes.push({ kind: 'returning', text: `${percent(behavior.returningVoters, behavior.totalVoters)}% of voters came back and voted on another day.` });
  }
  for (const place of regional.locations) {
    const top = place.categories[0];
    if (place.enoughData && top && top.confidence !== 'low') {
      notes.push({ kind: 'regional', text: `${top.category} leads at ${place.name} with ${top.score}% of up-votes (±${top.margin} points, ${place.sample} up-votes).` });
    }
  }
  return notes;
}
