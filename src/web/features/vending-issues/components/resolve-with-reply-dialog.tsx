import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { IssueReplyFormSchema, PUBLIC_REPLY_MAX_LENGTH, type IssueReplyForm, type VendingIssue } from '../../../../shared/feedback.schemas.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { FormButtons } from '../../../components/ui/form-buttons.js';
import { FormError } from '../../../components/ui/form-error.js';
import { TextareaField } from '../../../components/ui/textarea-field.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError } from '../../../lib/api.js';
import { showServerFieldErrors } from '../../../lib/server-field-errors.js';
import { useChangeIssueStatus } from '../api.js';

interface ResolveWithReplyDialogProps {
  /** The issue being resolved; null while the dialog is closed. */
  issue: VendingIssue | null;
  onClose: () => void;
}

/**
 * Resolves an issue with a short public reply that the customer who reported it receives by mail.
 * The mail comes from VendVote, so the operator's own address stays private.
 */
export function ResolveWithReplyDialog({ issue, onClose }: ResolveWithReplyDialogProps) {
  return (
    <Dialog open={issue !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{issue ? <ResolveWithReplyForm key={issue.id} issue={issue} onClose={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function ResolveWithReplyForm({ issue, onClose }: { issue: VendingIssue; onClose: () => void }) {
  const changeStatus = useChangeIssueStatus();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<IssueReplyForm>({ resolver: zodResolver(IssueReplyFormSchema), defaultValues: { publicReply: '' } });
  const length = useWatch({ control, name: 'publicReply' }).length;

  const onSubmit = handleSubmit(async ({ publicReply }) => {
    try {
      await changeStatus.mutateAsync({ id: issue.id, status: 'resolved', publicReply });
      toast({ title: 'Issue Resolved', description: `${issue.productName} is resolved. Your reply is on its way to ${issue.customerName}.` });
      onClose();
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      const details = showServerFieldErrors(error, ['publicReply'], setError);
      // Not a problem with the reply (the issue changed elsewhere, say): say so on the form itself.
      if (!details.errors?.publicReply) setError('root', { type: 'server', message: details.message ?? 'Failed to update issue status' });
      toast({ title: 'Error', description: details.message ?? 'Failed to update issue status', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Resolve with a reply</DialogTitle>
        <DialogDescription>
          {issue.productName}
          {issue.machineName ? ` at ${issue.machineName}` : ''}. {issue.customerName} gets your reply by email at {issue.customerEmail}; it comes from
          VendVote, so your own email address is not shown.
        </DialogDescription>
      </DialogHeader>
      <TextareaField
        label="Reply to the customer"
        hint={`${length} of ${PUBLIC_REPLY_MAX_LENGTH} characters`}
        placeholder="e.g. Thanks for telling us. We fixed the coil and refunded your card."
        maxLength={PUBLIC_REPLY_MAX_LENGTH}
        rows={4}
        aria-required="true"
        error={errors.publicReply?.message}
        {...register('publicReply')}
      />
      <FormError message={errors.root?.message} />
      <FormButtons submitLabel="Resolve and send reply" busy={isSubmitting} onCancel={onClose} submitIcon={<Send className="size-4" aria-hidden="true" />} />
    </form>
  );
}
