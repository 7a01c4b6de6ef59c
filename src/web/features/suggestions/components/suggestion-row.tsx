import { Check, Mail, PackageCheck, X } from 'lucide-react';
import type { Suggestion } from '../../../../shared/feedback.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useApproveSuggestion, useDeclineSuggestion, useMarkSuggestionStocked } from '../api.js';
import { formatDate } from '../../../lib/dates.js';


interface SuggestionRowProps {
  suggestion: Suggestion;
  /** Machine id to name; undefined while the machines load. */
  machineNames: Map<number, string> | undefined;
}

function machineLabel(machineId: number | null, machineNames: Map<number, string> | undefined): string {
  if (machineId === null) return 'No machine';
  return machineNames?.get(machineId) ?? `Machine #${machineId}`;
}

/** One suggestion: its details, and Approve / Decline while it is pending (processed ones are read-only). */
export function SuggestionRow({ suggestion, machineNames }: SuggestionRowProps) {
  const approve = useApproveSuggestion();
  const decline = useDeclineSuggestion();
  const markStocked = useMarkSuggestionStocked();
  const busy = approve.isPending || decline.isPending;
  const machineName = machineLabel(suggestion.machineId, machineNames);
  // Only a product that is on the list and was asked for at a machine can be stocked there.
  const canMarkStocked = suggestion.status === 'approved' && suggestion.productId !== null && suggestion.machineId !== null && !suggestion.stockedAt;
  const titleId = `suggestion-${suggestion.id}-name`;

  const onApprove = async () => {
    try {
      const { product } = await approve.mutateAsync(suggestion.id);
      // The server mails a customer who left an address, when the suggestion names the machine to stock it at.
      const mailed = suggestion.notifyOnStock && suggestion.machineId !== null;
      const description = `${product.name} was added to your products.${
        mailed ? ' The customer who suggested it is emailed that it was accepted, and again once you stock it at the machine.' : ''
      }`;
      toast({ title: 'Suggestion approved', description });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Approval failed', description: readApiError(error).message ?? 'Failed to approve suggestion', variant: 'destructive' });
    }
  };
  const onMarkStocked = async () => {
    try {
      await markStocked.mutateAsync(suggestion.id);
      const description = `${suggestion.name} is shown as now stocked on ${machineName}'s vote page.${
        suggestion.notifyOnStock ? ' The customer who suggested it is emailed.' : ''
      }`;
      toast({ title: 'Marked stocked', description });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Could not mark stocked', description: readApiError(error).message ?? 'Failed to mark the suggestion stocked', variant: 'destructive' });
    }
  };
  const onDecline = async () => {
    try {
      await decline.mutateAsync(suggestion.id);
      toast({ title: 'Suggestion declined', description: suggestion.name });
    } catch (error) {
      // A lost session has already been reported by the query client.
      if (isUnauthorizedError(error)) return;
      toast({ title: 'Decline failed', description: readApiError(error).message ?? 'Failed to decline suggestion', variant: 'destructive' });
    }
  };

  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="suggestion-row">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold break-words">
            {suggestion.name}
          </h3>
          <Badge variant="outline">{suggestion.category}</Badge>
          {suggestion.status === 'approved' ? <Badge variant="success">Approved</Badge> : null}
          {suggestion.status === 'declined' ? <Badge variant="secondary">Declined</Badge> : null}
          {suggestion.notifyOnStock ? (
            <Badge variant="info" className="gap-1">
              <Mail className="size-3" aria-hidden="true" />
              Customer asks to hear when stocked
            </Badge>
          ) : null}
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">Brand</dt>
          <dd className="break-words">{suggestion.brand || 'Not given'}</dd>
          <dt className="text-muted-foreground">Suggested by</dt>
          <dd className="break-words">{suggestion.suggestedBy || 'Anonymous'}</dd>
          <dt className="text-muted-foreground">Machine</dt>
          <dd className="break-words">{machineName}</dd>
          <dt className="text-muted-foreground">Suggested</dt>
          <dd>
            <time dateTime={suggestion.createdAt}>{formatDate(suggestion.createdAt)}</time>
          </dd>
          {suggestion.processedAt ? (
            <>
              <dt className="text-muted-foreground">{suggestion.status === 'approved' ? 'Approved' : 'Declined'}</dt>
              <dd>
                <time dateTime={suggestion.processedAt}>{formatDate(suggestion.processedAt)}</time>
              </dd>
            </>
          ) : null}
          {suggestion.stockedAt ? (
            <>
              <dt className="text-muted-foreground">Stocked</dt>
              <dd>
                <time dateTime={suggestion.stockedAt}>{formatDate(suggestion.stockedAt)}</time>
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      {suggestion.status === 'pending' ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" loading={approve.isPending} disabled={busy} onClick={onApprove} aria-label={`Approve ${suggestion.name}`}>
            <Check className="size-4" aria-hidden="true" />
            Approve
          </Button>
          <Button variant="outline" size="sm" loading={decline.isPending} disabled={busy} onClick={onDecline} aria-label={`Decline ${suggestion.name}`}>
            <X className="size-4" aria-hidden="true" />
            Decline
          </Button>
        </div>
      ) : null}
      {canMarkStocked ? (
        <div className="grid shrink-0 gap-1 sm:max-w-56 sm:justify-items-end">
          <Button variant="outline" size="sm" loading={markStocked.isPending} onClick={onMarkStocked}>
            <PackageCheck className="size-4" aria-hidden="true" />
            Mark stocked at {machineName}
          </Button>
          <p className="text-xs text-muted-foreground sm:text-right">Or record a restock of it there.</p>
        </div>
      ) : null}
    </li>
  );
}
