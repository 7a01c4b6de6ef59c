import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from '../../../shared/analytics.schemas.js';

/** Whose figures: every machine, the machines sharing a location name, or one machine. */
export type DemographicsScope = { kind: 'all' } | { kind: 'location'; location: string } | { kind: 'machine'; machineId: number };

export const DEMOGRAPHICS_TABS = {
  age: 'Age Demographics',
  behavior: 'Voting Behavior',
  regional: 'Regional Preferences',
  insights: 'Market Insights',
} as const;
export type DemographicsTab = keyof typeof DEMOGRAPHICS_TABS;
export const DEMOGRAPHICS_TAB_NAMES = Object.keys(DEMOGRAPHICS_TABS) as DemographicsTab[];
const DEFAULT_TAB: DemographicsTab = 'age';

/** The page's choices, as the URL keeps them: `?location=Gym&range=7d&tab=behavior` or `?machineId=12`. */
export interface DemographicsSelection {
  scope: DemographicsScope;
  range: AnalyticsRange;
  tab: DemographicsTab;
}

const isRange = (value: string | null): value is AnalyticsRange => (ANALYTICS_RANGES as readonly (string | null)[]).includes(value);
const isTab = (value: string | null): value is DemographicsTab => (DEMOGRAPHICS_TAB_NAMES as readonly (string | null)[]).includes(value);

/** What a link asks for; anything unknown falls back to the defaults rather than failing. */
export function selectionFromSearch(search: URLSearchParams): DemographicsSelection {
  const range = search.get('range');
  const tab = search.get('tab');
  const machineId = Number(search.get('machineId'));
  const location = search.get('location')?.trim();
  const scope: DemographicsScope =
    Number.isSafeInteger(machineId) && machineId > 0 ? { kind: 'machine', machineId } : location ? { kind: 'location', location } : { kind: 'all' };
  return { scope, range: isRange(range) ? range : DEFAULT_ANALYTICS_RANGE, tab: isTab(tab) ? tab : DEFAULT_TAB };
}

/** The scope and range as the API's query (and the URL's), leaving out what is the default. */
export function scopeParams(scope: DemographicsScope, range: AnalyticsRange): URLSearchParams {
  const params = new URLSearchParams();
  if (scope.kind === 'machine') params.set('machineId', String(scope.machineId));
  if (scope.kind === 'location') params.set('location', scope.location);
  if (range !== DEFAULT_ANALYTICS_RANGE) params.set('range', range);
  return params;
}

/** The page's search string for a selection; the first tab and the defaults need no parameter. */
export function searchForSelection({ scope, range, tab }: DemographicsSelection): URLSearchParams {
  const params = scopeParams(scope, range);
  if (tab !== DEFAULT_TAB) params.set('tab', tab);
  return params;
}

/** The scope as one select value: 'all', 'location:{name}' or 'machine:{id}'. */
export function scopeValue(scope: DemographicsScope): string {
  if (scope.kind === 'machine') return `machine:${scope.machineId}`;
  if (scope.kind === 'location') return `location:${scope.location}`;
  return 'all';
}

export function scopeFromValue(value: string): DemographicsScope {
  if (value.startsWith('machine:')) return { kind: 'machine', machineId: Number(value.slice('machine:'.length)) };
  if (value.startsWith('location:')) return { kind: 'location', location: value.slice('location:'.length) };
  return { kind: 'all' };
}
