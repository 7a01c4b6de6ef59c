import { toast } from '../components/ui/use-toast.js';
import { isUnauthorizedError } from './api.js';
import { paths } from './paths.js';

/** Spec 9: wait this long after the notice before sending the browser to sign in. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/**
 * Spec 8 unauthorized handling for a failed call: when the error means the session has ended,
 * tell the user and send the browser to /api/login after 500 ms. Returns true when it handled
 * the error, so callers can skip their own failure message:
 *
 *   onError: (error) => { if (handleUnauthorized(error)) return; toast({ ... }); }
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => {
    window.location.href = paths.apiLogin;
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
  return true;
}
