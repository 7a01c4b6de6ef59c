import type { Machine } from '../../../../shared/machines.schemas.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { MachineForm } from './machine-form.js';

interface MachineFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The machine to edit; absent to add one. */
  machine?: Machine;
}

export function MachineFormDialog({ open, onOpenChange, machine }: MachineFormDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{machine ? 'Edit Machine' : 'Add Machine'}</DialogTitle>
          <DialogDescription>
            {machine
              ? 'Change the details of this machine. Its QR code stays the same.'
              : 'Add a vending machine to get its QR code and start collecting votes.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted afresh at every opening, so the fields start from the machine (or empty). */}
        <MachineForm machine={machine} onSaved={close} onCancel={close} />
      </DialogContent>
    </Dialog>
  );
}
