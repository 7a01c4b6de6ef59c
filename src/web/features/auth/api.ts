import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CurrentUser, LoginResult } from '../../../shared/auth.schemas.js';
import type { SubscriptionStatus } from '../../../shared/billing.schemas.js';
import { apiJson } from '../../lib/api.js';

// The signed-in state lives in lib/auth.ts (the shell and every feature read it); re-exported for pages here.
export { useAuth, useRefreshCurrentUser } from '../../lib/auth.js';
import { useRefreshCurrentUser } from '../../lib/auth.js';

interface MessageResponse {
  message: string;
}

export interface LoginPayload {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface RegisterPayload {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface ResetPasswordPayload {
  token: string;
  password: string;
  confirmPassword: string;
}

/** The browser's own time zone: the only hint of where a sign-in came from that the security tab shows. */
const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/** Signed in, or (two-factor on) asked for the second step; its challenge rides in an HttpOnly cookie. */
export const login = (payload: LoginPayload) =>
  apiJson<LoginResult>('POST', '/api/auth/login', { ...payload, timeZone: browserTimeZone() });

/** The second step: a 6-digit code from the app, or a recovery code. */
export const loginWithCode = (code: string) =>
  apiJson<MessageResponse & { user: CurrentUser }>('POST', '/api/auth/login/two-factor', { code });

export const registerAccount = (payload: RegisterPayload) =>
  apiJson<MessageResponse & { email: string }>('POST', '/api/auth/register', payload);

export const verifyEmail = (token: string) =>
  apiJson<MessageResponse & { user: { id: number; email: string } }>(
    'GET',
    `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  );

/** The one click after verifying; `replaceSession` confirms signing out another account first. */
export const continueAfterVerifying = (replaceSession: boolean) =>
  apiJson<MessageResponse & { user: CurrentUser }>('POST', '/api/auth/verify-email/continue', { replaceSession });

export const resendVerification = (email: string) =>
  apiJson<MessageResponse>('POST', '/api/auth/resend-verification', { email });

export const requestPasswordReset = (email: string) =>
  apiJson<MessageResponse>('POST', '/api/auth/forgot-password', { email });

export const resetPassword = (payload: ResetPasswordPayload) =>
  apiJson<MessageResponse>('POST', '/api/auth/reset-password', payload);

/** GET /api/auth/subscription-status through the default query function (key parts joined by '/'). */
export const subscriptionStatusQuery = queryOptions<SubscriptionStatus>({
  queryKey: ['/api/auth/subscription-status'],
});

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

export function useContinueAfterVerifying() {
  return useMutation({ mutationFn: continueAfterVerifying });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/**
 * DELETE /api/account/deletion: keeps an account whose deletion waits out its grace period. The
 * session probe is read again, which opens the app.
 */
export function useKeepAccount() {
  const refresh = useRefreshCurrentUser();
  return useMutation({
    mutationFn: () => apiJson<MessageResponse>('DELETE', '/api/account/deletion'),
    onSuccess: () => refresh(),
  });
}
