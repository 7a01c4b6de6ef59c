import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SecurityEventPage } from '../../../shared/audit.schemas.js';
import { apiJson } from '../../lib/api.js';

export const SECURITY_EVENTS_URL = '/api/settings/security/events';

// Keys start with the URL, as the default loader expects.
export const securityEventKeys = { all: [SECURITY_EVENTS_URL] as const };

/** GET /api/settings/security/events: the signed-in account's own events, newest first, page by page. */
export const securityEventsQuery = () =>
  infiniteQueryOptions({
    queryKey: securityEventKeys.all,
    queryFn: ({ pageParam }) => apiJson<SecurityEventPage>('GET', pageParam ? `${SECURITY_EVENTS_URL}?cursor=${encodeURIComponent(pageParam)}` : SECURITY_EVENTS_URL),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSecurityEvents() {
  return useInfiniteQuery(securityEventsQuery());
}
