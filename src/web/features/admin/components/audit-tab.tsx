import { ScrollText, SearchX } from 'lucide-react';
import { useState } from 'react';
import { AuditActionLabels, type AuditEvent } from '../../../../shared/audit.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useAuditEvents, type AuditFilter } from '../audit-api.js';
import { adminCell as cell, AdminTableFrame, AdminTableSkeleton, type AdminTableShape } from './admin-table.js';
import { AuditFilters, TARGET_LABELS } from './audit-filters.js';

const TABLE: AdminTableShape = {
  label: 'Audit trail',
  columns: ['When', 'Actor', 'Action', 'Target', 'Details', 'Address'],
  minWidth: 'min-w-[60rem]',
};

const detailsText = (details: AuditEvent['details']) =>
  details ? Object.entries(details).map(([key, value]) => `${key}: ${String(value)}`).join(', ') : '';

function actorText(event: AuditEvent) {
  if (!event.actor) return 'System';
  return event.actor.email ?? `Erased account #${event.actor.id}`;
}

/**
 * The audit trail (read only: no one changes or removes an entry). Filters apply together; older
 * entries load a page at a time below, each page following on from the last by its cursor.
 */
export function AuditTab() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const list = useAuditEvents(filter);
  const events = list.data?.pages.flatMap((page) => page.events) ?? [];
  const filtered = Object.values(filter).some(Boolean);

  let content;
  if (list.isPending) {
    content = <AdminTableSkeleton {...TABLE} loadingLabel="Loading the audit trail" rowTestId="audit-skeleton-row" />;
  } else if (list.isError) {
    content = (
      <div className="p-4">
        <LoadError what="the audit trail" error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />
      </div>
    );
  } else if (events.length === 0) {
    content = filtered ? (
      <EmptyState icon={SearchX} level={3} title="No entries match these filters" hint="Try a wider date range, or clear a filter." />
    ) : (
      <EmptyState icon={ScrollText} level={3} title="Nothing recorded yet" hint="Admin actions and account security changes appear here as they happen." />
    );
  } else {
    content = (
      <>
        <AdminTableFrame {...TABLE} busy={list.isFetching}>
          <tbody className="divide-y divide-border">
            {events.map((event) => (
              <tr key={event.id} data-testid="audit-row">
                <td className={`${cell} whitespace-nowrap`}>
                  <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
                </td>
                <td className={`${cell} break-all`}>{actorText(event)}</td>
                <td className={cell}>{AuditActionLabels[event.action]}</td>
                <td className={cell}>
                  {TARGET_LABELS[event.targetType]}
                  {event.targetId ? ` #${event.targetId}` : ''}
                </td>
                <td className={`${cell} break-words text-muted-foreground`}>{detailsText(event.details)}</td>
                <td className={`${cell} font-mono text-xs text-muted-foreground`} title="The address, hashed: the same address shows the same text">
                  {event.addressTag ?? '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTableFrame>
        {list.hasNextPage ? (
          <div className="border-t border-border p-4">
            <Button variant="outline" className="w-full sm:w-fit" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              Show older entries
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <Card className="min-w-0 overflow-hidden">
      <div className="border-b border-border p-4">
        <h2 className="text-lg font-semibold">Audit trail</h2>
        <p className="text-sm text-muted-foreground">Who did what, to what and when: admin actions and account security changes, kept for 400 days. Entries cannot be changed.</p>
      </div>
      <AuditFilters onApply={setFilter} />
      {content}
    </Card>
  );
}
