import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { handleUnauthorized } from '../../../lib/unauthorized.js';
import { useResetVotes } from '../api.js';

/** Spec 2.3 'Reset All Votes': confirmed first, then every count of the operator goes to zero. */
export function ResetVotesButton() {
  const [confirming, setConfirming] = useState(false);
  const resetVotes = useResetVotes();

  const reset = () =>
    resetVotes.mutate(undefined, {
      onSuccess: () => toast({ title: 'Votes Reset', description: 'All vote counts have been reset to zero.' }),
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        toast({
          title: 'Reset failed',
          description: readApiError(error).message ?? 'Failed to reset vote counts',
          variant: 'destructive',
        });
      },
    });

  return (
    <AlertDialog open={confirming} onOpenChange={setConfirming}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive" loading={resetVotes.isPending} className="w-full sm:w-auto">
          {resetVotes.isPending ? null : <RotateCcw className="size-4" aria-hidden="true" />}
          {resetVotes.isPending ? 'Resetting...' : 'Reset All Votes'}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>You sure you want those changes?</AlertDialogTitle>
          <AlertDialogDescription>
            Every product&apos;s vote count goes back to zero and customers can vote again. Past votes stay in your
            analytics history.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={reset}>
            OK
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
