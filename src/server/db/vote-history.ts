import type { ScanSource } from '../../shared/scan-sources.js';
import type { VoteRow } from './factories.js';

/** A small seeded generator (mulberry32), so the same seed always makes the same history. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface HistoryPlan {
  scopes: { machineId: number | null; votesPerDay: number }[];
  products: { id: number; demand: number }[];
  days: number;
  now: Date;
  seed: number;
  /** Only votes after this moment (a top-up continues a history that stops there). */
  after?: Date;
  /** Keeps the voters of a top-up apart from earlier ones, so no voter votes twice on a product. */
  voterTag?: string;
}

/** Busier at lunch and mid-afternoon, quiet at night; weekends see fewer office customers. */
const HOUR_WEIGHTS = [0, 0, 0, 0, 0, 0, 1, 3, 5, 4, 4, 6, 10, 8, 5, 6, 7, 5, 3, 2, 2, 1, 0, 0];
const WEEKDAY_FACTOR = [0.5, 1, 1.1, 1.1, 1.15, 1, 0.55];

/** Most customers vote from a phone at the machine; a voter keeps one device. */
function deviceOfVoter(voter: number): 'phone' | 'tablet' | 'desktop' {
  const bucket = voter % 20;
  return bucket < 16 ? 'phone' : bucket < 18 ? 'tablet' : 'desktop';
}

/**
 * How a voter reached the machine's page: most scan the magnet on the machine, some the printed
 * sheet beside it, a few a code on a screen or a shared link, and the rest came with no source.
 * A voter keeps one way in.
 */
function sourceOfVoter(voter: number): ScanSource {
  const bucket = (voter * 7) % 20;
  if (bucket < 11) return 'magnet';
  if (bucket < 16) return 'sheet';
  if (bucket < 17) return 'screen';
  if (bucket < 18) return 'link';
  return 'direct';
}

function pickWeighted<T>(items: T[], weight: (item: T) => number, random: () => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let target = random() * total;
  for (const item of items) {
    target -= weight(item);
    if (target <= 0) return item;
  }
  return items[items.length - 1]!;
}

/**
 * Weeks of plausible votes: mostly up votes weighted by demand, some down votes, each voter
 * voting at most once per product and scope, and no down vote ever taking a count below zero.
 */
export function generateVoteHistory(plan: HistoryPlan): VoteRow[] {
  const random = seededRandom(plan.seed);
  const rows: VoteRow[] = [];
  const hours = HOUR_WEIGHTS.map((weight, hour) => ({ hour, weight }));
  for (const scope of plan.scopes) {
    const counts = new Map<number, number>();
    const used = new Set<string>();
    const voterPool = Math.max(50, Math.round(scope.votesPerDay * 6));
    // Customers come and go: each day the pool of regulars moves on by a few, so new voters keep
    // arriving and a product's votes do not dry up as its regulars run out of first votes.
    const turnover = Math.max(2, Math.round(scope.votesPerDay / 4));
    const start = plan.now.getTime() - plan.days * 86_400_000;
    const scopeRows: VoteRow[] = [];
    for (let day = 0; day <= plan.days; day++) {
      const dayStart = new Date(start + day * 86_400_000);
      dayStart.setUTCHours(0, 0, 0, 0);
      const factor = WEEKDAY_FACTOR[dayStart.getUTCDay()]! * (0.8 + random() * 0.4);
      const dailyVotes = Math.round(scope.votesPerDay * factor);
      for (let n = 0; n < dailyVotes; n++) {
        const { hour } = pickWeighted(hours, (h) => h.weight, random);
        // Opening hours are in the operator's day (UTC-5/-6); shift so they land there, the
        // evening ones in the next UTC day.
        const at = new Date(dayStart.getTime() + (hour + 5) * 3_600_000 + Math.floor(random() * 3_600_000));
        const product = pickWeighted(plan.products, (p) => p.demand, random);
        const voter = day * turnover + Math.floor(random() * voterPool);
        if (at > plan.now || (plan.after && at <= plan.after)) continue;
        const deviceClass = deviceOfVoter(voter);
        const source = scope.machineId === null ? 'direct' : sourceOfVoter(voter);
        const voterId = `seed-${scope.machineId ?? 'demo'}-${plan.voterTag ? `${plan.voterTag}-` : ''}${voter}`;
        const key = `${voterId}:${product.id}`;
        if (used.has(key)) continue;
        used.add(key);
        const wantsDown = random() < 0.12 + (10 - product.demand) * 0.015;
        scopeRows.push({ productId: product.id, machineId: scope.machineId, voteType: wantsDown ? 'down' : 'up', voterId, createdAt: at, deviceClass, source });
      }
    }
    scopeRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const row of scopeRows) {
      const count = counts.get(row.productId) ?? 0;
      if (row.voteType === 'down' && count === 0) row.voteType = 'up';
      counts.set(row.productId, count + (row.voteType === 'up' ? 1 : -1));
      rows.push(row);
    }
  }
  return rows;
}

export interface PageViewRow {
  machineId: number;
  source: ScanSource;
  /** The operator's calendar day, YYYY-MM-DD. */
  day: string;
  views: number;
}

/**
 * The vote page loads behind a history of votes, so the funnel's first step tells the same story as
 * the votes: every voter loaded the page on each day they voted (some more than once), and about a
 * third of the loads came from customers who looked and did not vote. Days are the operator's
 * calendar days in `timeZone`; the demo page has no machine and no counted views.
 */
export function pageViewsOfHistory(rows: VoteRow[], timeZone: string, seed: number): PageViewRow[] {
  const random = seededRandom(seed);
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const voterDays = new Map<string, { machineId: number; source: ScanSource; day: string; voters: Set<string> }>();
  for (const row of rows) {
    if (row.machineId === null) continue;
    const source = row.source ?? 'direct';
    const day = dayOf.format(row.createdAt);
    const key = `${row.machineId}|${source}|${day}`;
    let entry = voterDays.get(key);
    if (!entry) voterDays.set(key, (entry = { machineId: row.machineId, source, day, voters: new Set() }));
    entry.voters.add(row.voterId);
  }
  return [...voterDays.values()].map(({ machineId, source, day, voters }) => {
    const reloads = Math.round(voters.size * (0.1 + random() * 0.2));
    const lookers = Math.round(voters.size * (0.4 + random() * 0.3));
    return { machineId, source, day, views: voters.size + reloads + lookers };
  });
}
