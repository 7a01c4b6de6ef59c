import type { Machine } from '../../../../shared/machines.schemas.js';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { handleUnauthorized } from '../../../lib/unauthorized.js';
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
      onClose();
    } catch (error) {
      onClose();
      if (handleUnauthorized(error)) return;
      toast({ title: 'Error', description: readApiError(error).message ?? 'Failed to delete machine', variant: 'destructive' });
    }
  };

  return (
    <AlertDialog open={machine !== null} onOpenChange={(open) => !open && !deleteMachine.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {machine?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            The machine, its QR code and its vote counts will be removed; printed codes will stop working. Its
            suggestions and vending issues are kept. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteMachine.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open until the server answers. */}
          <Button variant="destructive" loading={deleteMachine.isPending} onClick={confirm}>
            Delete Machine
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
