/** The admin panel's tabs in the spec's order (then Charities, the donation hub's directory, Messages from the contact page, and the Audit trail), and the URL's `tab` parameter (as the settings page keeps its own). */
export const ADMIN_TABS = {
  users: 'User Database',
  affiliates: 'Affiliate Program',
  'affiliate-setup': 'Affiliate Setup',
  educators: 'Educators',
  resources: 'Resources',
  charities: 'Charities',
  messages: 'Messages',
  audit: 'Audit',
} as const;
export type AdminTab = keyof typeof ADMIN_TABS;
export const ADMIN_TAB_NAMES = Object.keys(ADMIN_TABS) as AdminTab[];
export const DEFAULT_ADMIN_TAB: AdminTab = 'users';
export const TAB_PARAM = 'tab';

export const isAdminTab = (value: unknown): value is AdminTab => typeof value === 'string' && (ADMIN_TAB_NAMES as readonly string[]).includes(value);

/** The tab a link asks for; an unknown or missing one opens the User Database. */
export function adminTabFromSearch(search: URLSearchParams): AdminTab {
  const tab = search.get(TAB_PARAM);
  return isAdminTab(tab) ? tab : DEFAULT_ADMIN_TAB;
}

/** The search string for a tab, keeping any other parameters; the first tab needs none. */
export function searchForAdminTab(search: URLSearchParams, tab: AdminTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === DEFAULT_ADMIN_TAB) next.delete(TAB_PARAM);
  else next.set(TAB_PARAM, tab);
  return next;
}
