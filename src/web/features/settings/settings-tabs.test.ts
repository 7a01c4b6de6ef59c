import { describe, expect, it } from 'vitest';
import { SETTINGS_TAB_NAMES, searchForTab, tabFromSearch } from './settings-tabs.js';

describe('the settings tab in the URL', () => {
  it('lists profile, notifications, security, preferences and team, in that order', () => {
    expect(SETTINGS_TAB_NAMES).toEqual(['profile', 'notifications', 'security', 'preferences', 'team']);
  });

  it('opens the tab a link names', () => {
    expect(tabFromSearch(new URLSearchParams('tab=notifications'))).toBe('notifications');
    expect(tabFromSearch(new URLSearchParams('tab=preferences'))).toBe('preferences');
    // The login-alert mail links here.
    expect(tabFromSearch(new URLSearchParams('tab=security'))).toBe('security');
  });

  it('opens the profile tab without a tab, or with one it does not know', () => {
    expect(tabFromSearch(new URLSearchParams(''))).toBe('profile');
    expect(tabFromSearch(new URLSearchParams('tab=2fa'))).toBe('profile');
    expect(tabFromSearch(new URLSearchParams('tab=__proto__'))).toBe('profile');
  });

  it('writes the tab, keeping other parameters, and leaves it out for the first tab', () => {
    expect(searchForTab(new URLSearchParams('a=1'), 'notifications').toString()).toBe('a=1&tab=notifications');
    expect(searchForTab(new URLSearchParams('tab=preferences&a=1'), 'profile').toString()).toBe('a=1');
  });

  it('does not change the parameters it was given', () => {
    const search = new URLSearchParams('tab=preferences');
    searchForTab(search, 'notifications');
    expect(search.toString()).toBe('tab=preferences');
  });
});
