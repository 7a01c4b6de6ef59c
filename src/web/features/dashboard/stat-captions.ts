import { countOf } from '../../../shared/wording.js';

/**
 * The captions under the dashboard cards, computed from real activity (DECISIONS 4) instead of
 * the original's fixed '+12% from yesterday', '+3 new this week' and '+8% this week'.
 */
export type Trend = 'up' | 'down' | 'flat';

export interface Caption {
  text: string;
  trend: Trend;
}


/** Whole-percent change from `before` to `now`, with its sign ('+12%', '-40%'). */
export function percentChange(now: number, before: number): { text: string; trend: Trend } {
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return { text: '0%', trend: 'flat' };
  return percent > 0 ? { text: `+${percent}%`, trend: 'up' } : { text: `${percent}%`, trend: 'down' };
}

/** Total Votes: today against yesterday; with no votes yesterday a percentage means nothing. */
export function votesTodayCaption(votesToday: number, votesYesterday: number): Caption {
  if (votesYesterday === 0) {
    return { text: `${countOf(votesToday, 'vote')} today`, trend: votesToday > 0 ? 'up' : 'flat' };
  }
  if (votesToday === votesYesterday) return { text: 'Same as yesterday', trend: 'flat' };
  const change = percentChange(votesToday, votesYesterday);
  return { text: `${change.text} from yesterday`, trend: change.trend };
}

/** Active Products: products added in the last seven days. */
export function newProductsCaption(newProductsThisWeek: number): Caption {
  return { text: `+${newProductsThisWeek} new this week`, trend: newProductsThisWeek > 0 ? 'up' : 'flat' };
}

/** Unique Voters: distinct voters in the last seven days against the seven before. */
export function votersThisWeekCaption(votersThisWeek: number, votersLastWeek: number): Caption {
  if (votersLastWeek === 0) {
    return { text: `${countOf(votersThisWeek, 'voter')} this week`, trend: votersThisWeek > 0 ? 'up' : 'flat' };
  }
  if (votersThisWeek === votersLastWeek) return { text: 'Same as last week', trend: 'flat' };
  const change = percentChange(votersThisWeek, votersLastWeek);
  return { text: `${change.text} this week`, trend: change.trend };
}
