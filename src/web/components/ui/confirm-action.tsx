import { useState, type ReactElement, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog.js';
import { Button, type ButtonVariant } from './button.js';

export interface ConfirmActionProps {
  /** The button that asks; left out when the caller opens the dialog itself through `open`. */
  trigger?: ReactElement;
  /** Controlled opening, for a dialog that one page shares between many rows. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  confirmVariant?: ButtonVariant;
  /** The action. It reports its own success and failure; the dialog only asks and waits. */
  onConfirm: () => unknown;
  /**
   * Keep the dialog open, its confirm button busy and Cancel disabled, until the action settles.
   * Otherwise the dialog closes at once and the trigger shows the progress.
   */
  waitForAction?: boolean;
}

/**
 * Confirm-then-act: an alert dialog that must be answered (no closing by clicking outside), with the
 * focus on Cancel so that Enter never destroys by accident, and Escape as Cancel.
 */
export function ConfirmAction({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'destructive',
  onConfirm,
  waitForAction = false,
}: ConfirmActionProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const isOpen = open ?? ownOpen;

  const changeOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    if (!waitForAction) {
      changeOpen(false);
      await onConfirm();
      return;
    }
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
      changeOpen(false);
    }
  };

  return (
    <AlertDialog open={isOpen} onOpenChange={(next) => !running && changeOpen(next)}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={running}>{cancelLabel}</AlertDialogCancel>
          <Button variant={confirmVariant} loading={running} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
