import { AlertTriangle, Clock, Eye, LinkIcon, MapPin, MessageSquarePlus, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ISSUE_STATUS_LABELS, ISSUE_STATUSES } from '../../../../shared/feedback.schemas.js';
import { ShareLinkMessages, type ShareView } from '../../../../shared/share-links.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { Brand } from '../../../components/brand.js';
import { PageTitle } from '../../../components/page-title.js';
import { StatCard } from '../../../components/stat-card.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';
import { AuthLayout } from '../../auth/components/auth-layout.js';
import { useSharedMachine } from '../api.js';
import { durationText } from '../duration-text.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat();

/**
 * /share/:token: one machine's read-only view for the manager of the place where it stands. Counts
 * only; nothing that names a customer, nothing of the operator's other machines.
 */
export function SharedMachinePage() {
  const { token = '' } = useParams();
  const shared = useSharedMachine(token);

  if (shared.isError && readApiError(shared.error).status === 404) {
    return (
      <AuthLayout title={ShareLinkMessages.inactive} description={ShareLinkMessages.inactiveHint} icon={<LinkIcon className="size-6" aria-hidden="true" />}>
        <CardContent>
          <p className="text-center text-sm text-muted-foreground">A link stops working when the operator revokes it or makes a new one.</p>
        </CardContent>
      </AuthLayout>
    );
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <meta name="robots" content="noindex" />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <Brand />
          {shared.data ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Eye className="size-4 shrink-0" aria-hidden="true" />
              Read-only view shared by {shared.data.sharedBy}
            </p>
          ) : null}
        </div>
      </header>
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
        {shared.isPending ? (
          <SharedSkeleton />
        ) : shared.isError ? (
          <LoadError what="this machine's figures" error={shared.error} onRetry={() => void shared.refetch()} retrying={shared.isRefetching} />
        ) : (
          <SharedFigures view={shared.data} />
        )}
      </main>
    </div>
  );
}

function SharedSkeleton() {
  return (
    <div role="status" aria-label="Loading the machine's figures" className="grid gap-6">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function SharedFigures({ view }: { view: ShareView }) {
  const { issues } = view;
  return (
    <>
      <PageTitle title={`${view.machine.name} · shared view`} />
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight break-words">{view.machine.name}</h1>
        <p className="flex items-start gap-1 text-muted-foreground">
          <MapPin className="mt-1 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{view.machine.location}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          The last {view.periodDays} days: <time dateTime={view.from}>{dateFormat.format(new Date(view.from))}</time> to{' '}
          <time dateTime={view.to}>{dateFormat.format(new Date(view.to))}</time>.
        </p>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <RankedCard
          title="Most wanted products"
          description="Up-votes customers gave at this machine."
          icon={<ThumbsUp className="size-5" aria-hidden="true" />}
          empty="No votes at this machine in this period."
          rows={view.topProducts.map((product) => ({
            key: `${product.name}|${product.brand}`,
            name: product.name,
            detail: [product.brand, product.category].filter(Boolean).join(' · '),
            figure: countOf(product.upVotes, 'up-vote'),
          }))}
        />
        <RankedCard
          title="Products customers asked for"
          description="Suggestions sent from this machine, by how many asked."
          icon={<MessageSquarePlus className="size-5" aria-hidden="true" />}
          empty="No suggestions from this machine in this period."
          rows={view.topSuggestions.map((suggestion) => ({
            key: suggestion.name,
            name: suggestion.name,
            detail: suggestion.category,
            figure: countOf(suggestion.requests, 'request'),
          }))}
        />
      </div>

      <section aria-labelledby="shared-issues-heading" className="grid gap-4">
        <div className="flex items-center gap-2">
          <AlertTriangle className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2 id="shared-issues-heading" className="text-xl font-semibold tracking-tight">
            Reported issues
          </h2>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <StatCard label="Reported" value={numberFormat.format(issues.reported)} />
          {ISSUE_STATUSES.map((status) => (
            <StatCard key={status} label={ISSUE_STATUS_LABELS[status]} value={numberFormat.format(issues.byStatus[status])} />
          ))}
        </div>
        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <Clock className="size-5 text-muted-foreground" aria-hidden="true" />
              <CardTitle as="h3" className="text-lg">
                Time to fix
              </CardTitle>
            </div>
            <CardDescription>From a customer's report to the issue being resolved.</CardDescription>
          </CardHeader>
          <CardContent>
            {issues.timeToFix ? (
              <div className="grid gap-4">
                <dl className="grid gap-4 sm:grid-cols-2">
                  <div className="grid gap-1">
                    <dt className="text-sm text-muted-foreground">Typical (median)</dt>
                    <dd className="text-2xl font-bold">{durationText(issues.timeToFix.medianHours)}</dd>
                  </div>
                  <div className="grid gap-1">
                    <dt className="text-sm text-muted-foreground">9 in 10 fixed within</dt>
                    <dd className="text-2xl font-bold">{durationText(issues.timeToFix.p90Hours)}</dd>
                  </div>
                </dl>
                <p className="text-sm text-muted-foreground">
                  From the {countOf(issues.timeToFix.resolved, 'issue')} reported in this period and since resolved.
                </p>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">No issue reported in this period has been resolved yet.</p>
            )}
          </CardContent>
        </Card>
      </section>

      <p className="text-sm text-muted-foreground">
        Counts only: this page shows no customer's name, email or message. Figures as of{' '}
        <time dateTime={view.to}>{dateTimeFormat.format(new Date(view.to))}</time>; reload for the latest.
      </p>
    </>
  );
}

interface RankedRow {
  key: string;
  name: string;
  detail: string;
  figure: string;
}

function RankedCard({ title, description, icon, empty, rows }: { title: string; description: string; icon: ReactNode; empty: string; rows: RankedRow[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <div className="flex items-center gap-2 text-muted-foreground">
          {icon}
          <CardTitle className="text-lg text-foreground">{title}</CardTitle>
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ol className="grid divide-y divide-border" aria-label={title}>
            {rows.map((row, index) => (
              <li key={row.key} className="flex items-start justify-between gap-3 py-2 first:pt-0 last:pb-0">
                <div className="flex min-w-0 gap-3">
                  <span className="w-5 shrink-0 text-right text-sm font-semibold text-muted-foreground tabular-nums" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div className="grid min-w-0">
                    <span className="font-medium break-words">{row.name}</span>
                    {row.detail ? <span className="text-sm break-words text-muted-foreground">{row.detail}</span> : null}
                  </div>
                </div>
                <span className="shrink-0 text-sm font-semibold tabular-nums">{row.figure}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
