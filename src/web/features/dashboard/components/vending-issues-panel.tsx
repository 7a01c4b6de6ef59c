import { CheckCircle2, Search } from 'lucide-react';
import { Link } from 'react-router';
import { ISSUE_STATUS_LABELS, type IssueStatus, type VendingIssue } from '../../../../shared/feedback.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { useUpdateIssueStatus } from '../api.js';
import { formatDate } from '../../../lib/dates.js';
import { Panel } from './panel.js';

/** Spec 9: the dashboard lists at most this many unresolved issues. */
export const DASHBOARD_ISSUE_LIMIT = 10;

/** Open and investigating issues, in the server's order (newest first), at most ten. */
export function unresolvedIssues(issues: VendingIssue[]): VendingIssue[] {
  return issues.filter((issue) => issue.status !== 'resolved').slice(0, DASHBOARD_ISSUE_LIMIT);
}

function IssueRow({ issue }: { issue: VendingIssue }) {
  const updateStatus = useUpdateIssueStatus();
  // mutateAsync, not mutate's callbacks: a resolved issue leaves the list (and unmounts this row).
  const changeStatus = async (status: IssueStatus) => {
    try {
      await updateStatus.mutateAsync({ id: issue.id, status });
      toast({ title: 'Issue status updated', description: 'The vending issue status has been updated successfully.' });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Error', description: 'Failed to update issue status. Please try again.', variant: 'destructive' });
    }
  };
  const pendingStatus = updateStatus.isPending ? updateStatus.variables.status : null;

  return (
    <li className="grid grid-cols-1 gap-2 rounded-lg border border-border p-4" aria-label={`${issue.productName} issue`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold break-words">{issue.productName}</h3>
        <Badge variant={issue.status === 'open' ? 'destructive' : 'info'}>{ISSUE_STATUS_LABELS[issue.status]}</Badge>
      </div>
      <p className="text-sm break-words">
        {issue.customerName} <span className="text-muted-foreground">({issue.customerEmail})</span>
      </p>
      {issue.issueDescription ? (
        <p className="text-sm break-words text-muted-foreground italic">&ldquo;{issue.issueDescription}&rdquo;</p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {issue.machineName ? `${issue.machineName} · ` : ''}
        Reported <time dateTime={issue.createdAt}>{formatDate(issue.createdAt)}</time>
      </p>
      <div className="flex flex-wrap gap-2">
        {issue.status === 'open' ? (
          <Button
            variant="outline"
            size="sm"
            loading={pendingStatus === 'investigating'}
            disabled={updateStatus.isPending}
            onClick={() => void changeStatus('investigating')}
          >
            {pendingStatus === 'investigating' ? null : <Search className="size-4" aria-hidden="true" />}
            Investigate
          </Button>
        ) : null}
        <Button
          size="sm"
          loading={pendingStatus === 'resolved'}
          disabled={updateStatus.isPending}
          onClick={() => void changeStatus('resolved')}
        >
          {pendingStatus === 'resolved' ? null : <CheckCircle2 className="size-4" aria-hidden="true" />}
          Mark Resolved
        </Button>
      </div>
    </li>
  );
}

/** Spec 2.3 Vending Issues: what customers reported that still needs the operator. */
export function VendingIssuesPanel({ issues }: { issues: VendingIssue[] }) {
  const shown = unresolvedIssues(issues);
  return (
    <Panel
      title="Vending Issues"
      action={
        <Link to={paths.vendingIssues} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          View All Issues
        </Link>
      }
    >
      {shown.length === 0 ? (
        <div className="grid grid-cols-1 justify-items-center gap-1 py-6 text-center">
          <CheckCircle2 className="mb-1 size-8 text-success-soft-foreground" aria-hidden="true" />
          <p className="font-medium">No open vending issues</p>
          <p className="text-sm text-muted-foreground">All machines are working smoothly!</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {shown.map((issue) => (
            <IssueRow key={issue.id} issue={issue} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
