import { CheckCircle2, Mail, MessageSquareReply, Refrigerator, Search } from 'lucide-react';
import { useState } from 'react';
import { ISSUE_STATUS_LABELS, ISSUE_TRANSITIONS, type IssueStatus, type VendingIssue } from '../../../../shared/feedback.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useChangeIssueStatus } from '../api.js';
import { IssueStatusBadge } from './issue-status-badge.js';
import { ResolveWithReplyDialog } from './resolve-with-reply-dialog.js';
import { formatDateTime } from '../../../lib/dates.js';


/**
 * One issue with the actions its state allows (spec 4): Investigate on new ones, Mark Resolved until
 * resolved, or Resolve with reply, whose reply is mailed to the customer and shown here afterwards.
 */
export function IssueRow({ issue }: { issue: VendingIssue }) {
  const changeStatus = useChangeIssueStatus();
  const [replying, setReplying] = useState(false);
  const allowed = ISSUE_TRANSITIONS[issue.status];
  const titleId = `issue-${issue.id}-title`;

  const moveTo = async (status: IssueStatus) => {
    try {
      await changeStatus.mutateAsync({ id: issue.id, status });
      toast({ title: 'Issue Updated', description: `${issue.productName} is now ${ISSUE_STATUS_LABELS[status]}.` });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Error', description: readApiError(error).message ?? 'Failed to update issue status', variant: 'destructive' });
    }
  };
  const pendingStatus = changeStatus.isPending ? changeStatus.variables.status : null;

  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="issue-row">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold break-words">
            {issue.productName}
          </h3>
          <IssueStatusBadge status={issue.status} />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Refrigerator className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{issue.machineName ?? 'No machine (demo page or a deleted machine)'}</span>
        </p>
        {issue.reportedBy ? (
          <p className="text-sm">
            Noted at the machine by <span className="font-medium">{issue.reportedBy}</span>
          </p>
        ) : (
          <p className="flex flex-wrap items-center gap-x-1.5 text-sm">
            <span className="font-medium">{issue.customerName}</span>
            <span aria-hidden="true">·</span>
            <a href={`mailto:${issue.customerEmail}`} className="inline-flex items-center gap-1 break-all text-primary hover:underline">
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              {issue.customerEmail}
            </a>
          </p>
        )}
        {issue.issueDescription ? <p className="text-sm break-words italic">&ldquo;{issue.issueDescription}&rdquo;</p> : null}
        {issue.publicReply ? (
          <div className="rounded-md border border-border bg-muted/50 px-3 py-2 text-sm">
            <p className="flex items-center gap-1.5 font-medium">
              <MessageSquareReply className="size-4 shrink-0" aria-hidden="true" />
              Your reply, emailed to the customer
            </p>
            <p className="mt-1 break-words whitespace-pre-line">{issue.publicReply}</p>
          </div>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Reported <time dateTime={issue.createdAt}>{formatDateTime(issue.createdAt)}</time>
          {issue.resolvedAt ? (
            <>
              {' · '}Resolved <time dateTime={issue.resolvedAt}>{formatDateTime(issue.resolvedAt)}</time>
              {issue.changedBy ? ` by ${issue.changedBy}` : null}
            </>
          ) : issue.status === 'investigating' && issue.changedBy ? (
            <>{` · Investigated by ${issue.changedBy}`}</>
          ) : null}
        </p>
      </div>
      {allowed.length > 0 ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          {allowed.includes('investigating') ? (
            <Button
              variant="outline"
              size="sm"
              loading={pendingStatus === 'investigating'}
              disabled={changeStatus.isPending}
              onClick={() => moveTo('investigating')}
            >
              <Search className="size-4" aria-hidden="true" />
              Investigate
            </Button>
          ) : null}
          {allowed.includes('resolved') ? (
            <Button size="sm" loading={pendingStatus === 'resolved'} disabled={changeStatus.isPending} onClick={() => moveTo('resolved')}>
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Mark Resolved
            </Button>
          ) : null}
          {allowed.includes('resolved') ? (
            <Button variant="outline" size="sm" disabled={changeStatus.isPending} onClick={() => setReplying(true)}>
              <MessageSquareReply className="size-4" aria-hidden="true" />
              Resolve with reply…
            </Button>
          ) : null}
        </div>
      ) : null}
      <ResolveWithReplyDialog issue={replying ? issue : null} onClose={() => setReplying(false)} />
    </li>
  );
}
