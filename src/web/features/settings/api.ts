import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NotificationPreferences, TestNotificationResultSchema } from '../../../shared/notifications.schemas.js';
import type { ChangePassword, Security, SignedOutSchema } from '../../../shared/security.schemas.js';
import type { Preferences, Settings, UpdateProfile } from '../../../shared/settings.schemas.js';
import type {
  ConfirmTwoFactorSetup,
  RecoveryCodes,
  StartTwoFactorSetup,
  TwoFactorDisabledSchema,
  TwoFactorProof,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../shared/two-factor.schemas.js';
import { apiJson } from '../../lib/api.js';
import { CURRENT_USER_QUERY_KEY } from '../../lib/auth.js';
import { securityEventKeys } from './security-events-api.js';

export const SETTINGS_URL = '/api/settings';
export const NOTIFICATION_PREFERENCES_URL = '/api/notifications/preferences';
export const SECURITY_URL = `${SETTINGS_URL}/security`;
export const TWO_FACTOR_URL = `${SETTINGS_URL}/two-factor`;

// Keys start with the URL (spec 7: the default load joins the key parts with '/').
export const settingsKeys = {
  all: [SETTINGS_URL] as const,
  notificationPreferences: [NOTIFICATION_PREFERENCES_URL] as const,
  security: [SECURITY_URL] as const,
  twoFactor: [TWO_FACTOR_URL] as const,
};

/** GET /api/settings: the profile and preferences tabs. */
export const settingsQuery = queryOptions<Settings>({ queryKey: settingsKeys.all });

/** GET /api/notifications/preferences (spec extended 7: no retry, the client's default). */
export const notificationPreferencesQuery = queryOptions<NotificationPreferences>({ queryKey: settingsKeys.notificationPreferences });

export const saveProfile = (profile: UpdateProfile) => apiJson<Settings>('PATCH', `${SETTINGS_URL}/profile`, profile);
export const savePreferences = (preferences: Preferences) => apiJson<Settings>('PATCH', `${SETTINGS_URL}/preferences`, preferences);

export function useSettings() {
  return useQuery(settingsQuery);
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.all, settings);
      // The shell shows the first name.
      return queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.all, settings);
      // The time zone every date is shown in comes with the current user.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery);
}

/**
 * PATCH /api/notifications/preferences with the whole object, on every toggle (spec extended 8).
 * The switch moves at once; a refusal puts it back, and the caller tells the user.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const queryKey = settingsKeys.notificationPreferences;
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) => apiJson<NotificationPreferences>('PATCH', NOTIFICATION_PREFERENCES_URL, preferences),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(queryKey);
      queryClient.setQueryData(queryKey, preferences);
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}

/** POST /api/notifications/test: a test email to the operator's own address (202 with a message). */
export function useSendTestNotification() {
  return useMutation({ mutationFn: () => apiJson<z.infer<typeof TestNotificationResultSchema>>('POST', '/api/notifications/test') });
}

/** GET /api/settings/security: the password's date, login alerts and the signed-in devices. */
export const securityQuery = queryOptions<Security>({ queryKey: settingsKeys.security });

type SignedOut = z.infer<typeof SignedOutSchema>;

export function useSecurity() {
  return useQuery(securityQuery);
}

/** PATCH /api/settings/security on each toggle: the switch moves at once, a refusal puts it back. */
export function useUpdateLoginAlerts() {
  const queryClient = useQueryClient();
  const queryKey = settingsKeys.security;
  return useMutation({
    mutationFn: (loginAlerts: boolean) => apiJson<Security>('PATCH', SECURITY_URL, { loginAlerts }),
    onMutate: async (loginAlerts) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Security>(queryKey);
      if (previous) queryClient.setQueryData<Security>(queryKey, { ...previous, loginAlerts });
      return { previous };
    },
    onError: (_error, _loginAlerts, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}

/** POST /api/settings/password; the other devices are signed out, so the list and the date are reloaded. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePassword) => apiJson<{ message: string }>('POST', `${SETTINGS_URL}/password`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: securityEventKeys.all });
      return queryClient.invalidateQueries({ queryKey: settingsKeys.security });
    },
  });
}

/** DELETE /api/settings/sessions/:id: signs one other device out. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<SignedOut>('DELETE', `${SETTINGS_URL}/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.security }),
  });
}

/** POST /api/settings/sessions/sign-out-others: every device but this one. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SignedOut>('POST', `${SETTINGS_URL}/sessions/sign-out-others`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.security }),
  });
}

/** POST /api/settings/email (202): the change happens when the link mailed to the new address is used. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: { newEmail: string; password: string }) => apiJson<{ message: string }>('POST', `${SETTINGS_URL}/email`, body),
  });
}

/** GET /api/settings/two-factor: on or off, since when, and how many recovery codes are left. */
export const twoFactorQuery = queryOptions<TwoFactorStatus>({ queryKey: settingsKeys.twoFactor });

export function useTwoFactorStatus() {
  return useQuery(twoFactorQuery);
}

/** POST /api/settings/two-factor/setup: the password; answers the QR code, the key and a setup token. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: (body: StartTwoFactorSetup) => apiJson<TwoFactorSetup>('POST', `${TWO_FACTOR_URL}/setup`, body) });
}

/** Answers with the recovery codes (shown once) and the new status, which the card reads at once. */
function useRecoveryCodesMutation<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiJson<RecoveryCodes>('POST', `${TWO_FACTOR_URL}/${path}`, body),
    onSuccess: (result) => {
      queryClient.setQueryData(settingsKeys.twoFactor, result.status);
      // The change is on the account's recent activity now.
      void queryClient.invalidateQueries({ queryKey: securityEventKeys.all });
    },
  });
}

/** POST /api/settings/two-factor/confirm: the setup token and the app's first code turn it on. */
export const useConfirmTwoFactorSetup = () => useRecoveryCodesMutation<ConfirmTwoFactorSetup>('confirm');

/** POST /api/settings/two-factor/recovery-codes: the password and a code; the old codes stop working. */
export const useRegenerateRecoveryCodes = () => useRecoveryCodesMutation<TwoFactorProof>('recovery-codes');

/** POST /api/settings/two-factor/disable: the password and a code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorProof) => apiJson<z.infer<typeof TwoFactorDisabledSchema>>('POST', `${TWO_FACTOR_URL}/disable`, body),
    onSuccess: (result) => {
      queryClient.setQueryData(settingsKeys.twoFactor, result.status);
      // The change is on the account's recent activity now.
      void queryClient.invalidateQueries({ queryKey: securityEventKeys.all });
    },
  });
}
