import { Trash2 } from 'lucide-react';
import {
  FEATURE_REQUEST_STATUSES,
  FEATURE_REQUEST_STATUS_LABELS,
  type FeatureRequest,
  type FeatureRequestStatus,
} from '../../../../shared/feature-requests.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useChangeFeatureRequestStatus } from '../api.js';

const statusOf = (value: string) => FEATURE_REQUEST_STATUSES.find((status) => status === value);

interface AdminRequestActionsProps {
  request: FeatureRequest;
  /** Asks to delete the request; the page confirms it first. */
  onDelete: (request: FeatureRequest) => void;
}

/** An admin's controls on one request: its status, saved on change (set freely, spec extended 5), and Delete. */
export function AdminRequestActions({ request, onDelete }: AdminRequestActionsProps) {
  const changeStatus = useChangeFeatureRequestStatus();
  // The chosen status shows while it saves; the list's own afterwards.
  const shown = changeStatus.isPending ? changeStatus.variables.status : request.status;

  const save = async (status: FeatureRequestStatus) => {
    if (status === request.status) return;
    try {
      await changeStatus.mutateAsync({ id: request.id, status });
      toast({ title: 'Status updated', description: `${request.title} is now ${FEATURE_REQUEST_STATUS_LABELS[status]}.` });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Error', description: readApiError(error).message ?? 'Failed to update the status', variant: 'destructive' });
    }
  };

  return (
    <>
      <Select value={shown} onValueChange={(value) => void save(statusOf(value) ?? request.status)}>
        <SelectTrigger className="w-36" aria-label={`Status of ${request.title}`} aria-busy={changeStatus.isPending || undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {FEATURE_REQUEST_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {FEATURE_REQUEST_STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button variant="outline" size="sm" aria-label={`Delete ${request.title}`} onClick={() => onDelete(request)}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
    </>
  );
}
