import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RecordPayoutSchema, type AdminAffiliate, type RecordPayoutInput } from '../../../../shared/affiliates.schemas.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { FormButtons } from '../../../components/ui/form-buttons.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { formatCents } from '../../affiliates/affiliate-format.js';
import { useRecordPayout } from '../../affiliates/api.js';
import { nameOf } from './affiliate-table.js';

interface RecordPayoutDialogProps {
  /** The affiliate being paid; null while the dialog is closed. */
  affiliate: AdminAffiliate | null;
  onClose: () => void;
}

/**
 * Records a payout made outside the app (a bank transfer, say) of the approved balance shown. The
 * server computes the amount itself and refuses when the balance changed since it was shown.
 */
export function RecordPayoutDialog({ affiliate, onClose }: RecordPayoutDialogProps) {
  return (
    <Dialog open={affiliate !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{affiliate ? <RecordPayoutForm key={affiliate.userId} affiliate={affiliate} onClose={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function RecordPayoutForm({ affiliate, onClose }: { affiliate: AdminAffiliate; onClose: () => void }) {
  const recordPayout = useRecordPayout();
  const name = nameOf(affiliate);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecordPayoutInput, unknown, z.output<typeof RecordPayoutSchema>>({
    resolver: zodResolver(RecordPayoutSchema),
    defaultValues: { affiliateUserId: affiliate.userId, expectedAmountCents: affiliate.approvedBalanceCents, reference: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const payout = await recordPayout.mutateAsync(values);
      toast({ title: 'Payout recorded', description: `${formatCents(payout.amountCents)} to ${name} (${payout.reference}).` });
      onClose();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, ['reference'], setError);
      toast({ title: 'Payout not recorded', description: details.message ?? 'Please try again.', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Record payout to {name}</DialogTitle>
        <DialogDescription>
          Pay {formatCents(affiliate.approvedBalanceCents)} (the approved balance) outside the app first, then record it here. If the
          balance changes meanwhile (a commission approved, a refund), nothing is recorded and you are told to check the new amount.
        </DialogDescription>
      </DialogHeader>
      <TextField
        label="Payment reference"
        hint="For example the transfer number, so you and the affiliate can find the payment."
        autoComplete="off"
        aria-required="true"
        error={errors.reference?.message}
        {...register('reference')}
      />
      <FormButtons submitLabel="Record payout" busy={isSubmitting} onCancel={onClose} />
    </form>
  );
}
