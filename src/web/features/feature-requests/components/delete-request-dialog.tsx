import type { FeatureRequest } from '../../../../shared/feature-requests.schemas.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useDeleteFeatureRequest } from '../api.js';

interface DeleteRequestDialogProps {
  /** The request awaiting confirmation; null when the dialog is closed. */
  request: FeatureRequest | null;
  onClose: () => void;
}

export function DeleteRequestDialog({ request, onClose }: DeleteRequestDialogProps) {
  const deleteRequest = useDeleteFeatureRequest();

  const confirm = async () => {
    if (!request) return;
    try {
      await deleteRequest.mutateAsync(request.id);
      toast({ title: 'Request deleted', description: request.title });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Error', description: readApiError(error).message ?? 'Failed to delete the request', variant: 'destructive' });
    }
  };

  return (
    <ConfirmAction
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${request?.title ?? ''}?`}
      description="The request and all its votes will be removed for everyone. This cannot be undone."
      confirmLabel="Delete Request"
      onConfirm={confirm}
      // The request stays on screen until the server answers, so the dialog waits with it.
      waitForAction
    />
  );
}
