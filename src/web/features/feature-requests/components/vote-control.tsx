import { ChevronDown, ChevronUp } from 'lucide-react';
import { useState } from 'react';
import type { FeatureRequest } from '../../../../shared/feature-requests.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { cn } from '../../../lib/cn.js';
import { useVoteOnFeatureRequest } from '../api.js';
import type { VoteDirection } from '../vote-math.js';

const votesText = (votes: number) => `${votes} ${votes === 1 ? 'vote' : 'votes'}`;

const pressedClass: Record<VoteDirection, string> = {
  up: 'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft',
  down: 'bg-destructive-soft text-destructive-soft-foreground hover:bg-destructive-soft',
};

/**
 * Up, the count, down. The visitor's own vote shows as a pressed button; pressing it again takes
 * the vote back. The count changes at once and goes back, with a notice, if the vote fails.
 */
export function VoteControl({ request }: { request: FeatureRequest }) {
  const vote = useVoteOnFeatureRequest();
  // Read out after this visitor's own vote only, not whenever the list reloads (a reset changes every count).
  const [announcement, setAnnouncement] = useState('');

  const cast = (direction: VoteDirection) => {
    // One vote at a time per request; the button stays focusable (no `disabled`) for keyboard users.
    if (vote.isPending) return;
    vote.mutate(
      { id: request.id, direction },
      {
        onSuccess: (updated) => setAnnouncement(`${updated.title}: ${votesText(updated.votes)}`),
        onError: (error) => {
          // A lost session has already been reported by the query client.
          if (isUnauthorizedError(error)) return;
          toast({
            title: 'Vote not counted',
            description: readApiError(error).message ?? 'Your vote could not be saved. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const button = (direction: VoteDirection) => {
    const pressed = request.myVote === direction;
    const Icon = direction === 'up' ? ChevronUp : ChevronDown;
    return (
      <Button
        variant="ghost"
        size="icon"
        aria-pressed={pressed}
        aria-label={`Vote ${direction}: ${request.title}`}
        aria-disabled={vote.isPending || undefined}
        className={cn('size-10 aria-disabled:opacity-100', pressed && pressedClass[direction])}
        onClick={() => cast(direction)}
      >
        <Icon className="size-5" aria-hidden="true" />
      </Button>
    );
  };

  return (
    <div role="group" aria-label={`Votes for ${request.title}`} className="flex w-10 shrink-0 flex-col items-center">
      {button('up')}
      <p className="py-0.5 text-center leading-none">
        <span className="text-lg font-bold tabular-nums" data-testid="vote-count">
          {request.votes}
        </span>
        <span className="sr-only">{request.votes === 1 ? ' vote' : ' votes'}</span>
      </p>
      {button('down')}
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}
