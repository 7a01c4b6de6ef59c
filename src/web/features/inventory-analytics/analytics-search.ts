import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from '../../../shared/analytics.schemas.js';
import type { MachineFilter } from '../stats/api.js';

/**
 * The page's choices live in the URL (`?machine=12&range=90d&tab=trends`), so a reload, a shared link
 * and the back button all show the same figures. Defaults are left out of the URL.
 */
export const ANALYTICS_TABS = {
  predictions: 'Demand Predictions',
  trends: 'Vote Trends',
  performance: 'Product Performance',
  optimization: 'Stock Optimization',
  unmet: 'Unmet Demand',
} as const;
export type AnalyticsTab = keyof typeof ANALYTICS_TABS;
export const ANALYTICS_TAB_NAMES = Object.keys(ANALYTICS_TABS) as AnalyticsTab[];
export const DEFAULT_ANALYTICS_TAB: AnalyticsTab = 'predictions';

const MACHINE_PARAM = 'machine';
const RANGE_PARAM = 'range';
const TAB_PARAM = 'tab';

export interface AnalyticsSearch {
  machine: MachineFilter;
  range: AnalyticsRange;
  tab: AnalyticsTab;
}

export const isAnalyticsTab = (value: unknown): value is AnalyticsTab =>
  typeof value === 'string' && (ANALYTICS_TAB_NAMES as readonly string[]).includes(value);

export const isAnalyticsRange = (value: unknown): value is AnalyticsRange =>
  typeof value === 'string' && (ANALYTICS_RANGES as readonly string[]).includes(value);

/** A machine id as the URL spells it: digits only, above zero; anything else is All Machines. */
function machineFrom(value: string | null): MachineFilter {
  if (value === null || !/^\d{1,10}$/.test(value)) return 'all';
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : 'all';
}

/** What the URL asks for; unknown or missing values fall back to the defaults. */
export function readAnalyticsSearch(search: URLSearchParams): AnalyticsSearch {
  const range = search.get(RANGE_PARAM);
  const tab = search.get(TAB_PARAM);
  return {
    machine: machineFrom(search.get(MACHINE_PARAM)),
    range: isAnalyticsRange(range) ? range : DEFAULT_ANALYTICS_RANGE,
    tab: isAnalyticsTab(tab) ? tab : DEFAULT_ANALYTICS_TAB,
  };
}

/** The search string with the changes made, keeping any other parameters; defaults are removed. */
export function writeAnalyticsSearch(search: URLSearchParams, changes: Partial<AnalyticsSearch>): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (name: string, value: string, fallback: string) => (value === fallback ? next.delete(name) : next.set(name, value));
  if (changes.machine !== undefined) set(MACHINE_PARAM, String(changes.machine), 'all');
  if (changes.range !== undefined) set(RANGE_PARAM, changes.range, DEFAULT_ANALYTICS_RANGE);
  if (changes.tab !== undefined) set(TAB_PARAM, changes.tab, DEFAULT_ANALYTICS_TAB);
  return next;
}
