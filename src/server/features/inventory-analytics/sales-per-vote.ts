import { UNITS_PER_VOTE_RANGE } from '../../../shared/settings.schemas.js';
import type { AnalyticsSource } from './analytics-source.js';
import { MIN_VOTES_FOR_RATIO } from './restock-model.js';

/**
 * Units sold per up-vote, measured for each product from what the machines reported: the units it
 * sold over the days a machine's reports cover, against its up-votes at that machine on those
 * days, summed over the machines that reported it. A product with fewer than MIN_VOTES_FOR_RATIO
 * up-votes on covered days, or no units, has no measure: the caller falls back as before.
 */
export function unitsPerVoteByProduct(source: AnalyticsSource, fromDay: number): Map<number, number> {
  const totals = new Map<number, { units: number; votes: number }>();
  for (const [key, sales] of source.sales.series) {
    const covered = source.sales.coverage.get(sales.machineId);
    if (!covered) continue;
    const from = Math.max(fromDay, covered.from);
    const votes = source.daily.get(key)?.up;
    let units = 0;
    let upVotes = 0;
    for (let day = from; day <= covered.to; day++) {
      units += sales.units[day]!;
      upVotes += votes?.[day] ?? 0;
    }
    const total = totals.get(sales.productId) ?? { units: 0, votes: 0 };
    total.units += units;
    total.votes += upVotes;
    totals.set(sales.productId, total);
  }
  const measured = new Map<number, number>();
  for (const [productId, total] of totals) {
    if (total.votes < MIN_VOTES_FOR_RATIO || total.units <= 0) continue;
    const ratio = Math.min(UNITS_PER_VOTE_RANGE.max, Math.max(UNITS_PER_VOTE_RANGE.min, total.units / total.votes));
    measured.set(productId, Math.round(ratio * 100) / 100);
  }
  return measured;
}
