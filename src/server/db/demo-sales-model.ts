import type { SlotFill } from './demo-restocks.js';
import { seededRandom } from './vote-history.js';

/**
 * What happens inside a demo machine, slot by slot: customers buy what they vote for (each up-vote
 * stands for its product's units per up-vote, out of the slot holding most of it), a slot that is
 * empty sells nothing, the driver fills every slot to par at each visit, and the controller counts
 * every vend by selection and notes when each last sold out, as a DEX audit reads it. Each draw is keyed by the vote it belongs to,
 * so a later start that replays part of the history gets the same figures the first start wrote.
 */

export interface SimSpell {
  code: string;
  position: number;
  productId: number;
  par: number;
  priceCents: number;
  from: Date;
  to: Date | null;
}

export interface SimVote {
  id: number;
  productId: number;
  at: Date;
}

export interface Counter {
  code: string;
  vends: number;
  value: number;
}

export interface SimAudit {
  at: Date;
  selections: { code: string; price: number; vends: number; value: number; vendsSinceRead: number; valueSinceRead: number; soldOutAt: Date | null }[];
}

export interface SimInput {
  spells: SimSpell[];
  /** Where the run starts: the levels and counters below are the machine's then. */
  start: Date;
  /** Up-votes at the machine, oldest first. */
  votes: SimVote[];
  visits: Date[];
  audits: Date[];
  /** When the controller was replaced: every counter starts again from zero. */
  reset: Date | null;
  /** Each slot's level at the start, by code. */
  levels: Map<string, number>;
  /** The controller's counters at the start, by code. */
  counters: Map<string, Counter>;
  /** Visits already recorded: their levels are taken as written rather than made again. */
  recordedLevels: Map<number, Map<string, number>>;
  /** The last audit imported: the counters it read are the controller's then. */
  lastAudit: { at: Date; counters: Counter[] } | null;
  unitsPerUpVote: (productId: number) => number;
}

const activeAt = (spells: SimSpell[], at: Date) => spells.filter((spell) => spell.from <= at && (spell.to === null || at < spell.to)).sort((a, b) => a.position - b.position);

/** Units an up-vote stands for: the ratio's whole part, and one more as often as its fraction. */
function unitsOf(vote: SimVote, ratio: number): number {
  const whole = Math.floor(ratio);
  return whole + (seededRandom(vote.id * 7919 + 17)() < ratio - whole ? 1 : 0);
}

export function simulateMachine(input: SimInput): { visits: { at: Date; lines: SlotFill[] }[]; audits: SimAudit[] } {
  const levels = new Map(input.levels);
  const counters = new Map(input.counters);
  const atLastRead = new Map(counters);
  /** When each slot last sold its last unit, as the controller notes it for PA5. */
  const soldOutAt = new Map<string, Date>();
  const held = new Map<string, number>(activeAt(input.spells, input.start).map((spell) => [spell.code, spell.productId]));
  const visits: { at: Date; lines: SlotFill[] }[] = [];
  const audits: SimAudit[] = [];
  type Event = { at: number; order: number; run: () => void };
  const events: Event[] = [];

  for (const vote of input.votes) events.push({ at: vote.at.getTime(), order: 1, run: () => sell(vote) });
  for (const at of input.visits) events.push({ at: at.getTime(), order: 0, run: () => visit(at) });
  for (const at of input.audits) events.push({ at: at.getTime(), order: 2, run: () => audit(at) });
  if (input.reset) events.push({ at: input.reset.getTime(), order: 3, run: () => counters.clear() });
  const { lastAudit } = input;
  if (lastAudit) events.push({ at: lastAudit.at.getTime(), order: 2, run: () => takeCounters(lastAudit.counters) });
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const event of events) event.run();
  return { visits, audits };

  /** What the last stored audit read: the controller's counters then, whatever the replay counted before. */
  function takeCounters(read: Counter[]) {
    for (const counter of read) {
      counters.set(counter.code, counter);
      atLastRead.set(counter.code, counter);
    }
  }

  function sell(vote: SimVote) {
    let wanted = unitsOf(vote, input.unitsPerUpVote(vote.productId));
    const slots = activeAt(input.spells, vote.at).filter((spell) => spell.productId === vote.productId && held.get(spell.code) === spell.productId);
    while (wanted > 0) {
      const fullest = slots.reduce<SimSpell | null>((best, spell) => ((levels.get(spell.code) ?? 0) > (best ? (levels.get(best.code) ?? 0) : 0) ? spell : best), null);
      if (!fullest) return;
      levels.set(fullest.code, levels.get(fullest.code)! - 1);
      if (levels.get(fullest.code) === 0) soldOutAt.set(fullest.code, vote.at);
      const counter = counters.get(fullest.code) ?? { code: fullest.code, vends: 0, value: 0 };
      counters.set(fullest.code, { code: fullest.code, vends: counter.vends + 1, value: counter.value + fullest.priceCents });
      wanted -= 1;
    }
  }

  function visit(at: Date) {
    const active = activeAt(input.spells, at);
    const recorded = input.recordedLevels.get(at.getTime());
    const lines = active.map((spell) => {
      // A slot that took another product was emptied of the old one first.
      const left = held.get(spell.code) === spell.productId ? Math.max(0, levels.get(spell.code) ?? 0) : 0;
      held.set(spell.code, spell.productId);
      levels.set(spell.code, recorded?.get(spell.code) ?? Math.max(left, spell.par));
      return { code: spell.code, productId: spell.productId, unitsLeft: left, unitsFilled: Math.max(0, spell.par - left) };
    });
    if (!recorded) visits.push({ at, lines });
  }

  function audit(at: Date) {
    const selections = activeAt(input.spells, at).map((spell) => {
      const counter = counters.get(spell.code) ?? { code: spell.code, vends: 0, value: 0 };
      const before = atLastRead.get(spell.code);
      const since = before && before.vends <= counter.vends ? { vends: counter.vends - before.vends, value: counter.value - before.value } : counter;
      atLastRead.set(spell.code, counter);
      return { code: spell.code, price: spell.priceCents, vends: counter.vends, value: counter.value, vendsSinceRead: since.vends, valueSinceRead: since.value, soldOutAt: soldOutAt.get(spell.code) ?? null };
    });
    audits.push({ at, selections });
  }
}
