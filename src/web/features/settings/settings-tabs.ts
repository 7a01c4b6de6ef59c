/** The settings page's tabs in order (spec extended 3: security after notifications; the team last), and the URL's `tab` parameter. */
export const SETTINGS_TABS = { profile: 'Profile', notifications: 'Notifications', security: 'Security', preferences: 'Preferences', team: 'Team' } as const;
export type SettingsTab = keyof typeof SETTINGS_TABS;
export const SETTINGS_TAB_NAMES = Object.keys(SETTINGS_TABS) as SettingsTab[];
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'profile';
export const TAB_PARAM = 'tab';

export const isSettingsTab = (value: unknown): value is SettingsTab =>
  typeof value === 'string' && (SETTINGS_TAB_NAMES as readonly string[]).includes(value);

/** The tab a link asks for; an unknown or missing one opens the first. */
export function tabFromSearch(search: URLSearchParams): SettingsTab {
  const tab = search.get(TAB_PARAM);
  return isSettingsTab(tab) ? tab : DEFAULT_SETTINGS_TAB;
}

/** The search string for a tab, keeping any other parameters; the first tab needs none. */
export function searchForTab(search: URLSearchParams, tab: SettingsTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === DEFAULT_SETTINGS_TAB) next.delete(TAB_PARAM);
  else next.set(TAB_PARAM, tab);
  return next;
}
