import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { formatClockTime, formatComputedAt } from '../format.js';
import type { RefreshNotice } from '../use-figures-refresh.js';

interface FiguresFreshnessProps {
  computedAt: string;
  timeZone: string;
  refreshing: boolean;
  notice: RefreshNotice;
  requestError: unknown;
  onRefresh: () => void;
}

function noticeText(notice: RefreshNotice, requestError: unknown, timeZone: string): string | null {
  switch (notice?.kind) {
    case 'refreshed':
      return 'Figures refreshed.';
    case 'recently-refreshed':
      return `Figures were refreshed recently; you can refresh again at ${formatClockTime(notice.until, timeZone)}.`;
    case 'up-to-date':
      return 'Figures are up to date.';
    case 'failed':
      return 'The refresh did not finish, so these are still the earlier figures. Please try again in a few minutes.';
    case 'request-failed':
      return isUnauthorizedError(requestError)
        ? null
        : `The refresh could not be asked for. ${readApiError(requestError).message ?? 'Please try again.'}`;
    default:
      return null;
  }
}

/**
 * When the figures were computed (nightly, on the first visit, or on request), in the operator's time
 * zone, and the button that asks for them now. The line is a live region, so the change is read out.
 */
export function FiguresFreshness({ computedAt, timeZone, refreshing, notice, requestError, onRefresh }: FiguresFreshnessProps) {
  const text = noticeText(notice, requestError, timeZone);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div role="status" className="grid gap-0.5">
        <p data-testid="figures-computed">Figures computed {formatComputedAt(computedAt, timeZone)}</p>
        <p className="text-xs text-muted-foreground" data-testid="refresh-notice">
          {refreshing ? 'Computing your figures again…' : (text ?? 'Figures are computed again every night from your stored votes.')}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="w-fit shrink-0"
        // aria-disabled rather than disabled: the button keeps the focus of whoever pressed it.
        onClick={refreshing ? undefined : onRefresh}
        aria-disabled={refreshing || undefined}
        icon={<RefreshCw className={refreshing ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'} aria-hidden="true" />}
      >
        {refreshing ? 'Refreshing…' : 'Refresh figures'}
      </Button>
    </div>
  );
}
