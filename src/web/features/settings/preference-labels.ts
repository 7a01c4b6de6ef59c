import type { CURRENCIES, REPORT_FREQUENCIES, THEMES, TIME_ZONES } from '../../../shared/settings.schemas.js';

/** How the preferences tab names each stored value; the values themselves are the shared lists. */
export const TIME_ZONE_LABELS: Record<(typeof TIME_ZONES)[number], string> = {
  'America/New_York': 'Eastern Time (New York)',
  'America/Chicago': 'Central Time (Chicago)',
  'America/Denver': 'Mountain Time (Denver)',
  'America/Los_Angeles': 'Pacific Time (Los Angeles)',
  UTC: 'Coordinated Universal Time (UTC)',
};

export const CURRENCY_LABELS: Record<(typeof CURRENCIES)[number], string> = {
  USD: 'USD – US dollar',
  EUR: 'EUR – Euro',
  GBP: 'GBP – British pound',
  CAD: 'CAD – Canadian dollar',
};

export const REPORT_FREQUENCY_LABELS: Record<(typeof REPORT_FREQUENCIES)[number], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

export const THEME_LABELS: Record<(typeof THEMES)[number], string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Auto (follow the system)',
};
