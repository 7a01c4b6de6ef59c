import type { Machine } from '../../../../shared/machines.schemas.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useDeleteMachine } from '../api.js';

interface DeleteMachineDialogProps {
  /** The machine awaiting confirmation; null when the dialog is closed. */
  machine: Machine | null;
  onClose: () => void;
}

export function DeleteMachineDialog({ machine, onClose }: DeleteMachineDialogProps) {
  const deleteMachine = useDeleteMachine();

  const confirm = async () => {
    if (!machine) return;
    try {
      await deleteMachine.mutateAsync(machine.id);
      toast({ title: 'Machine deleted', description: machine.name });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Error', description: readApiError(error).message ?? 'Failed to delete machine', variant: 'destructive' });
    }
  };

  return (
    <ConfirmAction
      open={machine !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${machine?.name ?? ''}?`}
      description="The machine, its QR code and its vote counts will be removed; printed codes will stop working. Its suggestions and vending issues are kept. This cannot be undone."
      confirmLabel="Delete Machine"
      onConfirm={confirm}
      // The machine stays on screen until the server answers, so the dialog waits with it.
      waitForAction
    />
  );
}
