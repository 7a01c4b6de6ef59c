import type { Database } from '../../db/client.js';
import { loadDemandInputs } from './demand-inputs.js';
import { unmetDemandOf } from './unmet-demand.js';

/** Products a mail names: the three that would sell most. */
const LISTED = 3;

export interface UnmetDemandSummary {
  missingCount: number;
  missing: { productName: string; machineName: string; upVotes: number; expectedWeeklyUnits: number | null }[];
  stockOuts: number;
  lostValue: string;
  currency: string;
}

/** Unmet demand as the periodic report tells it; null for an operator with no planogram, of whom nothing can be said. */
export async function unmetDemandSummary(db: Database, userId: number, now: Date): Promise<UnmetDemandSummary | null> {
  const inputs = await loadDemandInputs(db, userId, undefined, now);
  if (![...inputs.slots.values()].some((slots) => slots.length > 0)) return null;
  const unmet = unmetDemandOf(inputs);
  return {
    missingCount: unmet.totals.missingProducts,
    missing: unmet.missing.slice(0, LISTED).map(({ productName, machineName, upVotes, expectedWeeklyUnits }) => ({ productName, machineName, upVotes, expectedWeeklyUnits })),
    stockOuts: unmet.totals.stockOuts,
    lostValue: unmet.totals.lostValue,
    currency: unmet.currency,
  };
}
