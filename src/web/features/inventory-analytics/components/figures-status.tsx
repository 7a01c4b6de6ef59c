import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { InventoryAnalytics } from '../../../../shared/analytics.schemas.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { cn } from '../../../lib/cn.js';
import { formatClockTime, formatMoment } from '../analytics-format.js';
import { inventoryKeys, useRefreshFigures } from '../api.js';
import { refreshOutcome, refreshStatus, type PendingRefresh } from '../../../lib/figures-refresh.js';
import { BusyButton } from './busy-button.js';

/** What a press that queued nothing came to: none may be queued before `until`, or the figures are current. */
type Answer = { kind: 'wait'; until: string } | { kind: 'current' };

interface FiguresStatusProps {
  figures: InventoryAnalytics | undefined;
  /** When the figures shown were read from the server (the query's dataUpdatedAt). */
  readAt: number;
}

/**
 * When the figures were computed (nightly, or on the first visit), and Refresh: it queues a recompute,
 * and the figures are read again every few seconds while the server says one is on its way. A press
 * within a few minutes of the last queues nothing; the server says when another may, and so does this.
 */
export function FiguresStatus({ figures, readAt }: FiguresStatusProps) {
  const queryClient = useQueryClient();
  const refresh = useRefreshFigures();
  const [pending, setPending] = useState<PendingRefresh | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const status = refreshStatus(pending, figures, readAt);

  // New figures: every other machine and range cached before is old now; each is read again when shown.
  useEffect(() => {
    if (status === 'done') void queryClient.invalidateQueries({ queryKey: inventoryKeys.all, refetchType: 'none' });
  }, [status, queryClient]);

  // 'You can refresh again at …' holds only until then.
  useEffect(() => {
    if (answer?.kind !== 'wait') return;
    const timer = setTimeout(() => setAnswer(null), Math.max(0, Date.parse(answer.until) - Date.now()));
    return () => clearTimeout(timer);
  }, [answer]);

  if (!figures) return <Skeleton className="h-9 w-72" />;

  const refreshing = refresh.isPending || status === 'refreshing';

  const onRefresh = () => {
    const shown = figures.computedAt;
    setPending(null);
    setAnswer(null);
    refresh.mutate(undefined, {
      onSuccess: (result) => {
        const outcome = refreshOutcome(result, shown, Date.now());
        if (outcome.kind === 'queued' || outcome.kind === 'newer') {
          // Read the figures again after the answer: they say the recompute is waiting (and are polled), or carry the new time.
          setPending({ from: shown, answeredAt: Date.now() });
          void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
        } else {
          setAnswer(outcome);
        }
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({ title: 'Could not refresh the figures', description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      },
    });
  };

  let message = '';
  if (pending && status === 'done') message = 'Figures updated.';
  else if (pending && status === 'failed') message = 'The refresh did not finish, so these are still the earlier figures. Please try again in a few minutes.';
  else if (answer?.kind === 'wait') message = `Figures were refreshed recently; you can refresh again at ${formatClockTime(answer.until, figures.timeZone)}.`;
  else if (answer?.kind === 'current') message = 'Figures are up to date.';

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <p className="text-muted-foreground" data-testid="computed-at">
        Figures computed {formatMoment(figures.computedAt, figures.timeZone)}
      </p>
      {/* Busy rather than disabled while it works, so the focus of whoever pressed it stays on it. */}
      <BusyButton variant="outline" size="sm" busy={refreshing} onClick={onRefresh} icon={<RefreshCw className="size-4" aria-hidden="true" />}>
        {refreshing ? 'Refreshing…' : 'Refresh figures'}
      </BusyButton>
      <span role="status" className={cn('max-w-prose', status === 'done' ? 'text-success-soft-foreground' : 'text-muted-foreground')} data-testid="refresh-status">
        {refreshing ? <span className="sr-only">Refreshing the figures…</span> : message}
      </span>
    </div>
  );
}
