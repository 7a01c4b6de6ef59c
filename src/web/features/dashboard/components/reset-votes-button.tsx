import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { statsQuery, useResetVotes } from '../api.js';

/**
 * Spec 2.3 'Reset All Votes': confirmed first, then every count of the operator goes to zero. With
 * no vote since the last reset there is nothing to undo, so the button is quiet and disabled, and
 * says why.
 */
export function ResetVotesButton() {
  const resetVotes = useResetVotes();
  // Every machine's figures, whichever machine the dashboard shows: the reset covers them all.
  const stats = useQuery(statsQuery('all'));
  const nothingToReset = stats.data?.totalVotes === 0 && !resetVotes.isPending;
  const reasonId = useId();

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

  if (nothingToReset) {
    return (
      <div className="flex flex-col gap-1 sm:items-end">
        <Button variant="outline" disabled aria-describedby={reasonId} className="w-full sm:w-auto">
          <RotateCcw className="size-4" aria-hidden="true" />
          Reset All Votes
        </Button>
        <p id={reasonId} className="text-sm text-muted-foreground">
          No votes since the last reset.
        </p>
      </div>
    );
  }

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
