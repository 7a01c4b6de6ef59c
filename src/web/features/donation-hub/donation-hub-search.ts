import { DEFAULT_RADIUS, SEARCH_RADII } from '../../../shared/donation-hub.schemas.js';

/**
 * The page's choices in the URL (`?tab=tax&year=2025`, `?zip=78701&radius=25`), so a reload or a
 * shared link opens the same tab, search and year. Defaults are left out.
 */
export const DONATION_HUB_TABS = {
  find: 'Find Charities',
  history: 'Donation History',
  tax: 'Tax Summary',
} as const;
export type DonationHubTab = keyof typeof DONATION_HUB_TABS;
export const DONATION_HUB_TAB_NAMES = Object.keys(DONATION_HUB_TABS) as DonationHubTab[];
export const DEFAULT_DONATION_HUB_TAB: DonationHubTab = 'find';

export type SearchRadius = (typeof SEARCH_RADII)[number];

export interface DonationHubSearch {
  tab: DonationHubTab;
  /** The ZIP code searched, exactly 5 digits; null before the first search. */
  zip: string | null;
  radius: SearchRadius;
  /** The tax year asked for; null for the server's default (the current year). */
  year: number | null;
}

export const isDonationHubTab = (value: unknown): value is DonationHubTab =>
  typeof value === 'string' && (DONATION_HUB_TAB_NAMES as readonly string[]).includes(value);

export const isSearchRadius = (value: unknown): value is SearchRadius => (SEARCH_RADII as readonly unknown[]).includes(value);

/** Exactly five digits, as the server checks it. */
export const isZipCode = (value: string) => /^\d{5}$/.test(value);

export function readDonationHubSearch(search: URLSearchParams): DonationHubSearch {
  const tab = search.get('tab');
  const zip = search.get('zip') ?? '';
  const radius = Number(search.get('radius'));
  const year = search.get('year') ?? '';
  return {
    tab: isDonationHubTab(tab) ? tab : DEFAULT_DONATION_HUB_TAB,
    zip: isZipCode(zip) ? zip : null,
    radius: isSearchRadius(radius) ? radius : (DEFAULT_RADIUS as SearchRadius),
    year: /^\d{4}$/.test(year) && Number(year) >= 2000 && Number(year) <= 2100 ? Number(year) : null,
  };
}

/** The search string with the changes made, keeping other parameters; defaults are removed. */
export function writeDonationHubSearch(search: URLSearchParams, changes: Partial<DonationHubSearch>): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
  if (changes.tab !== undefined) set('tab', changes.tab === DEFAULT_DONATION_HUB_TAB ? null : changes.tab);
  if (changes.zip !== undefined) set('zip', changes.zip);
  if (changes.radius !== undefined) set('radius', changes.radius === DEFAULT_RADIUS ? null : String(changes.radius));
  if (changes.year !== undefined) set('year', changes.year === null ? null : String(changes.year));
  return next;
}
