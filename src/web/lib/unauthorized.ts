import { toast } from '../components/ui/use-toast.js';
import { isUnauthorizedError } from './api.js';
import { paths } from './paths.js';

/** Spec 9: wait this long after the notice before sending the browser to sign in. */
const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

let signingInAgain = false;

/**
 * Spec 8 unauthorized handling, registered once on the query client's caches: when a failed load or
 * change means the session has ended, tell the user and send the browser to /api/login after 500 ms.
 * Several calls may fail together (a bulk delete, a page of queries); the user hears it once.
 * Components skip their own failure message for such errors with `isUnauthorizedError`.
 */
export function handleUnauthorized(error: unknown): void {
  if (!isUnauthorizedError(error) || signingInAgain) return;
  signingInAgain = true;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => {
    window.location.href = paths.apiLogin;
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}
