import type { DexSelection } from './dex-audit.js';

/**
 * Sales between two audits of one machine, from the counters a machine keeps since it was set up
 * (PA201 vends, PA202 value): per selection, this audit's counters less the last one's. The first
 * audit of a selection is its baseline and sells nothing. A counter lower than last time (the
 * controller was reset or replaced) starts a new baseline too: said so, and never a negative sale.
 */

export interface SelectionCounters {
  code: string;
  vends: number;
  value: number | null;
}

export interface SelectionSale {
  code: string;
  vends: number;
  /** Money taken in the currency's smallest unit; null when either audit lacks the value counter. */
  value: number | null;
}

export type BaselineReason = 'first-audit' | 'counter-went-back';

export interface NewBaseline {
  code: string;
  reason: BaselineReason;
  /** For a counter that went back: what it was and what it is now. */
  before?: number;
  now?: number;
}

export interface AuditSales {
  sales: SelectionSale[];
  baselines: NewBaseline[];
  /** Selections this audit cannot count (no PA201): they keep their last counters. */
  uncounted: string[];
  /** The counters to remember for the next audit of the machine. */
  counters: SelectionCounters[];
}

/** Compares `selections` of the new audit with the machine's `previous` counters (none before its first audit). */
export function salesSinceLastAudit(previous: readonly SelectionCounters[], selections: readonly DexSelection[]): AuditSales {
  const before = new Map(previous.map((counters) => [counters.code, counters]));
  const sales: SelectionSale[] = [];
  const baselines: NewBaseline[] = [];
  const uncounted: string[] = [];
  const counters = new Map(before);

  for (const selection of selections) {
    const vends = selection.paidVendsSinceInit;
    if (vends === null) {
      uncounted.push(selection.code);
      continue;
    }
    const value = selection.paidValueSinceInit;
    counters.set(selection.code, { code: selection.code, vends, value });
    const last = before.get(selection.code);
    if (!last) {
      baselines.push({ code: selection.code, reason: 'first-audit' });
      continue;
    }
    if (vends < last.vends || (value !== null && last.value !== null && value < last.value)) {
      baselines.push({ code: selection.code, reason: 'counter-went-back', before: last.vends, now: vends });
      continue;
    }
    if (vends === last.vends) continue;
    sales.push({ code: selection.code, vends: vends - last.vends, value: value !== null && last.value !== null ? value - last.value : null });
  }
  return { sales, baselines, uncounted, counters: [...counters.values()] };
}
