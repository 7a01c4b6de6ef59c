import { History } from 'lucide-react';
import { AuditActionLabels, type SecurityEvent } from '../../../../shared/audit.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useSecurityEvents } from '../security-events-api.js';

/** A fact worth a second glance beside the event's name; everything else the name already says. */
function detailOf(event: SecurityEvent): string | null {
  const details = event.details ?? {};
  if (event.action === 'user.plan_changed' && typeof details.plan === 'string') return `Now on the ${details.plan} plan`;
  if (event.action === 'api_token.created' && typeof details.name === 'string') return `“${details.name}”`;
  if (event.action === 'webhook.created' && typeof details.host === 'string') return `To ${details.host}`;
  return null;
}

/**
 * Recent activity on the account from the audit trail: sign-ins, password and email changes,
 * two-factor, tokens and webhooks, and what an administrator changed on it. Only this account's.
 */
export function SecurityEventsCard() {
  const events = useSecurityEvents();
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];

  let content;
  if (events.isPending) {
    content = (
      <div className="grid gap-3" role="status" aria-label="Loading recent activity">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (events.isError) {
    content = <LoadError what="your recent activity" error={events.error} onRetry={() => void events.refetch()} retrying={events.isRefetching} />;
  } else if (rows.length === 0) {
    content = <EmptyState icon={History} level={3} title="Nothing recorded yet" hint="Sign-ins and changes to your account's security appear here." />;
  } else {
    content = (
      <>
        <ul className="grid divide-y divide-border" aria-label="Recent security activity" aria-busy={events.isFetching}>
          {rows.map((event) => {
            const detail = detailOf(event);
            return (
              <li key={event.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="security-event">
                <div className="grid gap-1">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {AuditActionLabels[event.action]}
                    {event.byAdministrator ? <Badge variant="secondary">By an administrator</Badge> : null}
                  </span>
                  {detail ? <span className="text-sm text-muted-foreground">{detail}</span> : null}
                </div>
                <time dateTime={event.occurredAt} className="text-sm whitespace-nowrap text-muted-foreground">
                  {formatDateTime(event.occurredAt)}
                </time>
              </li>
            );
          })}
        </ul>
        {events.hasNextPage ? (
          <Button variant="outline" className="w-full sm:w-fit" loading={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
            Show older activity
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent activity</CardTitle>
        <CardDescription>Sign-ins and security changes on your account, kept for 400 days. Something you don't recognise? Change your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{content}</CardContent>
    </Card>
  );
}
