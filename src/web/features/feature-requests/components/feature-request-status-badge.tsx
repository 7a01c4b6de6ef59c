import { FEATURE_REQUEST_STATUS_LABELS, type FeatureRequestStatus } from '../../../../shared/feature-requests.schemas.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';

const variants: Record<FeatureRequestStatus, BadgeVariant> = { proposed: 'secondary', 'in-progress': 'info', completed: 'success' };

export function FeatureRequestStatusBadge({ status }: { status: FeatureRequestStatus }) {
  return <Badge variant={variants[status]}>{FEATURE_REQUEST_STATUS_LABELS[status]}</Badge>;
}
