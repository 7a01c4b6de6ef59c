import { Check, Lightbulb, X } from 'lucide-react';
import { Link } from 'react-router';
import type { Suggestion } from '../../../../shared/feedback.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { useUpdateSuggestionStatus } from '../api.js';
import { formatDate } from '../../../lib/dates.js';
import { Panel } from './panel.js';

/** Spec 9: the dashboard previews the first two pending suggestions. */
export const DASHBOARD_SUGGESTION_PREVIEW = 2;

function SuggestionRow({ suggestion }: { suggestion: Suggestion }) {
  const update = useUpdateSuggestionStatus();
  // mutateAsync, not mutate's callbacks: a processed suggestion leaves the preview (and unmounts this row).
  const setStatus = async (status: 'approved' | 'declined') => {
    try {
      await update.mutateAsync({ id: suggestion.id, status });
      toast({ title: 'Suggestion updated', description: 'The suggestion status has been updated successfully.' });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({
        title: 'Update failed',
        description: readApiError(error).message ?? 'Failed to update suggestion',
        variant: 'destructive',
      });
    }
  };
  const pendingStatus = update.isPending ? update.variables.status : null;

  return (
    <li className="grid grid-cols-1 gap-2 rounded-lg border border-border p-4" aria-label={`Suggestion: ${suggestion.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold break-words">{suggestion.name}</h3>
        <Badge variant="secondary">{suggestion.category}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {suggestion.brand ? `${suggestion.brand} · ` : ''}
        Suggested by {suggestion.suggestedBy ?? 'a customer'} on{' '}
        <time dateTime={suggestion.createdAt}>{formatDate(suggestion.createdAt)}</time>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          loading={pendingStatus === 'approved'}
          disabled={update.isPending}
          onClick={() => void setStatus('approved')}
          aria-label={`Approve ${suggestion.name}`}
        >
          {pendingStatus === 'approved' ? null : <Check className="size-4" aria-hidden="true" />}
          Approve
        </Button>
        <Button
          variant="outline"
          size="sm"
          loading={pendingStatus === 'declined'}
          disabled={update.isPending}
          onClick={() => void setStatus('declined')}
          aria-label={`Decline ${suggestion.name}`}
        >
          {pendingStatus === 'declined' ? null : <X className="size-4" aria-hidden="true" />}
          Decline
        </Button>
      </div>
    </li>
  );
}

/** Spec 2.3: a preview of the suggestions waiting for a decision; the full review is on its own page. */
export function PendingSuggestionsPanel({ suggestions }: { suggestions: Suggestion[] }) {
  const pending = suggestions.filter((suggestion) => suggestion.status === 'pending');
  const preview = pending.slice(0, DASHBOARD_SUGGESTION_PREVIEW);
  return (
    <Panel
      title="Pending Suggestions"
      action={
        <Link to={paths.adminSuggestions} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          {pending.length > 0 ? `Review All (${pending.length})` : 'View Suggestions'}
        </Link>
      }
    >
      {preview.length === 0 ? (
        <div className="grid grid-cols-1 justify-items-center gap-1 py-6 text-center">
          <Lightbulb className="mb-1 size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No pending suggestions</p>
          <p className="text-sm text-muted-foreground">Product ideas from your customers will wait for you here.</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {preview.map((suggestion) => (
            <SuggestionRow key={suggestion.id} suggestion={suggestion} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
