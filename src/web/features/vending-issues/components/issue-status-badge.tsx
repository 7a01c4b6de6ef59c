import { ISSUE_STATUS_LABELS, type IssueStatus } from '../../../../shared/feedback.schemas.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';

const variants: Record<IssueStatus, BadgeVariant> = { open: 'destructive', investigating: 'info', resolved: 'success' };

/** Spec 2.8 labels: open 'New', investigating 'Investigating', resolved 'Resolved'. */
export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  return <Badge variant={variants[status]}>{ISSUE_STATUS_LABELS[status]}</Badge>;
}
