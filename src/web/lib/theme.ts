import { useEffect, useSyncExternalStore } from 'react';

/** Theme setting (spec 2.2): stored locally under 'theme'; 'auto' follows the system colour scheme. */
export type Theme = 'light' | 'dark' | 'auto';

export const THEME_STORAGE_KEY = 'theme';
export const THEMES: readonly Theme[] = ['light', 'dark', 'auto'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'auto';
  } catch {
    return 'auto';
  }
}

function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

/** Puts the `dark` class on <html> when the setting (or, for auto, the system) asks for it. */
export function applyTheme(theme: Theme = readStoredTheme()): void {
  const dark = theme === 'dark' || (theme === 'auto' && systemPrefersDark());
  document.documentElement.classList.toggle('dark', dark);
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage unavailable: the choice still applies for this page view.
  }
  applyTheme(theme);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the setting.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) {
      applyTheme();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keeps the page in step with the system colour scheme while the setting is auto. */
export function useSystemThemeSync(): void {
  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    const onChange = () => {
      if (readStoredTheme() === 'auto') applyTheme('auto');
    };
    applyTheme();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
}

/** The current setting and a setter; every component using it re-renders on change. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, readStoredTheme, () => 'auto' as Theme);
  return [theme, setTheme];
}
