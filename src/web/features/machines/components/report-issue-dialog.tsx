import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { IssueReportSchema } from '../../../../shared/feedback.schemas.js';
import type { Machine } from '../../../../shared/machines.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Label } from '../../../components/ui/label.js';
import { TextField } from '../../../components/ui/text-field.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useReportIssue } from '../api.js';

/** Spec 4 and 9: the success view closes the dialog by itself after 3 seconds. */
export const ISSUE_SUCCESS_CLOSE_MS = 3000;

// The machine is preset by the dialog, so the form asks for the rest.
const IssueFormSchema = IssueReportSchema.omit({ machineId: true });
type IssueFormInput = z.input<typeof IssueFormSchema>;
type IssueFormOutput = z.output<typeof IssueFormSchema>;

interface ReportIssueDialogProps {
  /** The machine the issue is about; null when the dialog is closed. */
  machine: Machine | null;
  onClose: () => void;
}

/** Report Vending Issue (spec 2.7): the operator records a problem a customer told them about. */
export function ReportIssueDialog({ machine, onClose }: ReportIssueDialogProps) {
  return (
    <Dialog open={machine !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{machine ? <ReportIssueBody machine={machine} onClose={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function ReportIssueBody({ machine, onClose }: { machine: Machine; onClose: () => void }) {
  const reportIssue = useReportIssue();
  const [reported, setReported] = useState(false);
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<IssueFormInput, unknown, IssueFormOutput>({
    resolver: zodResolver(IssueFormSchema),
    defaultValues: { customerName: '', customerEmail: '', productName: '', issueDescription: '' },
  });

  useEffect(() => {
    if (!reported) return;
    const timer = setTimeout(onClose, ISSUE_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [reported, onClose]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reportIssue.mutateAsync({ ...values, machineId: machine.id });
      setReported(true);
      toast({ title: 'Issue reported successfully', description: 'It is listed under Vending Issues.' });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = readApiError(error);
      for (const [field, message] of Object.entries(details.errors ?? {})) {
        if (field in IssueFormSchema.shape) setError(field as keyof IssueFormInput, { type: 'server', message });
      }
      toast({ title: 'Failed to report issue', description: details.message ?? 'Please try again later.', variant: 'destructive' });
    }
  });

  if (reported) {
    return (
      <div role="status" className="grid justify-items-center gap-3 py-6 text-center">
        <CheckCircle2 className="size-12 text-success-soft-foreground" aria-hidden="true" />
        <DialogTitle>Issue reported</DialogTitle>
        <DialogDescription>Thank you. The issue at {machine.name} is now listed under Vending Issues.</DialogDescription>
      </div>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Report Vending Issue</DialogTitle>
        <DialogDescription>
          {machine.name} · {machine.location}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField label="Customer Name" autoComplete="off" error={errors.customerName?.message} {...register('customerName')} />
        <TextField
          label="Customer Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          error={errors.customerEmail?.message}
          {...register('customerEmail')}
        />
        <TextField label="Product Name" autoComplete="off" error={errors.productName?.message} {...register('productName')} />
        <div className="grid gap-2">
          <Label htmlFor={descriptionId}>What happened? (optional)</Label>
          <Textarea
            id={descriptionId}
            placeholder="e.g. The machine took the money but the product got stuck."
            aria-invalid={errors.issueDescription ? true : undefined}
            aria-describedby={errors.issueDescription ? `${descriptionId}-error` : undefined}
            {...register('issueDescription')}
          />
          {errors.issueDescription ? (
            <p id={`${descriptionId}-error`} className="text-sm font-medium text-destructive-text">
              {errors.issueDescription.message}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Report Issue
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
