import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Theme } from '../../lib/theme.js';
import { readStoredTheme, setTheme, useTheme } from '../../lib/theme.js';
import { useAuth } from '../../lib/auth.js';
import { savePreferences, settingsKeys, settingsQuery } from './api.js';

/**
 * The theme is one setting in two places: the shell's switcher (stored in the browser) and the
 * preferences tab (stored on the server). This keeps them in step.
 */

/**
 * The switcher's setter: applies the theme at once and, for a signed-in operator, saves it with the
 * other preferences in the background (read first when the settings are not loaded yet). A failed
 * save is not worth interrupting anyone for: the browser keeps the choice.
 */
export function useThemeSetting(): [Theme, (theme: Theme) => void] {
  const [theme] = useTheme();
  const { isOperator } = useAuth();
  const queryClient = useQueryClient();
  const choose = useCallback(
    (next: Theme) => {
      setTheme(next);
      if (!isOperator) return;
      void (async () => {
        const settings = await queryClient.fetchQuery(settingsQuery);
        if (settings.preferences.theme === next) return;
        queryClient.setQueryData(settingsKeys.all, await savePreferences({ ...settings.preferences, theme: next }));
      })().catch(() => undefined);
    },
    [isOperator, queryClient],
  );
  return [theme, choose];
}

/** Which theme to apply when the server's setting arrives: the server's, when it differs from the browser's. */
export function themeToApply(serverTheme: Theme, localTheme: Theme): Theme | null {
  return serverTheme === localTheme ? null : serverTheme;
}

/** Applies the stored server theme when the settings load (or change), so every browser follows the account. */
export function useApplyServerTheme(serverTheme: Theme | undefined): void {
  useEffect(() => {
    if (serverTheme === undefined) return;
    const theme = themeToApply(serverTheme, readStoredTheme());
    if (theme) setTheme(theme);
  }, [serverTheme]);
}
