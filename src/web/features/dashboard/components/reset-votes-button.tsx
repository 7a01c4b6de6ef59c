import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useResetVotes } from '../api.js';

/** Spec 2.3 'Reset All Votes': confirmed first, then every count of the operator goes to zero. */
export function ResetVotesButton() {
  const resetVotes = useResetVotes();

  const reset = () =>
    resetVotes.mutate(undefined, {
      onSuccess: () => toast({ title: 'Votes Reset', description: 'All vote counts have been reset to zero.' }),
      onError: (error) => {
        // A lost session has already been reported by the query client.
        if (isUnauthorizedError(error)) return;
        toast({
          title: 'Reset failed',
          description: readApiError(error).message ?? 'Failed to reset vote counts',
          variant: 'destructive',
        });
      },
    });

  return (
    <ConfirmAction
      trigger={
        <Button variant="destructive" loading={resetVotes.isPending} className="w-full sm:w-auto">
          {resetVotes.isPending ? null : <RotateCcw className="size-4" aria-hidden="true" />}
          {resetVotes.isPending ? 'Resetting...' : 'Reset All Votes'}
        </Button>
      }
      title="You sure you want those changes?"
      description="Every product's vote count goes back to zero and customers can vote again. Past votes stay in your analytics history."
      confirmLabel="OK"
      onConfirm={reset}
    />
  );
}
