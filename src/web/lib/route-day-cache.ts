/** Where the route's service worker keeps the day's last answers (the day, the session, the teams). */
export const ROUTE_DAY_CACHE = 'route-day';

/**
 * Forgets those answers: after signing out, a phone shared with someone else must not show the
 * last person's route, even with no network.
 */
export async function forgetRouteDay(): Promise<void> {
  if ('caches' in window) await caches.delete(ROUTE_DAY_CACHE).catch(() => false);
}
