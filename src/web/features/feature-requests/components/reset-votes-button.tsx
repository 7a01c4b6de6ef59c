import { RotateCcw } from 'lucide-react';
import { FeatureRequestMessages } from '../../../../shared/feature-requests.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useResetFeatureRequestVotes } from '../api.js';

/** 'Reset all votes' (spec extended 3, 'reset all'): every request back to 0, after a confirmation. */
export function ResetVotesButton() {
  const resetVotes = useResetFeatureRequestVotes();

  const confirm = async () => {
    try {
      await resetVotes.mutateAsync();
      toast({ title: FeatureRequestMessages.votesReset });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Error', description: readApiError(error).message ?? 'Failed to reset the votes', variant: 'destructive' });
    }
  };

  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" className="w-full sm:w-fit">
          <RotateCcw className="size-4" aria-hidden="true" />
          Reset all votes
        </Button>
      }
      title="Reset all votes?"
      description="Every request's count goes back to 0 and every vote, by visitors and operators alike, is removed. This cannot be undone."
      confirmLabel="Reset Votes"
      onConfirm={confirm}
      waitForAction
    />
  );
}
