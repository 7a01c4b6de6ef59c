import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditListInput, AuditPage } from '../../../shared/audit.schemas.js';
import { apiJson } from '../../lib/api.js';

export const ADMIN_AUDIT_URL = '/api/admin/audit-events';

/** The filters the Audit tab sends; empty ones are left out of the query string. */
export type AuditFilter = Omit<AuditListInput, 'cursor'>;

// Keys start with the URL, as the default loader expects.
export const auditKeys = {
  all: [ADMIN_AUDIT_URL] as const,
  list: (filter: AuditFilter) => [...auditKeys.all, filter] as const,
};

function queryString(values: Record<string, string | undefined>) {
  return new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
}

/** GET /api/admin/audit-events: newest first, a page at a time by the cursor each page hands on. */
export const auditEventsQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ pageParam }) => apiJson<AuditPage>('GET', `${ADMIN_AUDIT_URL}?${queryString({ ...filter, cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useAuditEvents(filter: AuditFilter) {
  return useInfiniteQuery(auditEventsQuery(filter));
}
