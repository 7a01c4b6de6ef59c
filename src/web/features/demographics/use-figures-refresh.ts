import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AnalyticsRange } from '../../../shared/analytics.schemas.js';
import { refreshOutcome, refreshStatus, type PendingRefresh } from '../../lib/figures-refresh.js';
import { demographicsKeys, useDemographics, useRefreshFigures } from './api.js';
import type { DemographicsScope } from './demographics-search.js';

/** What the last press of 'Refresh figures' came to, when it needs saying. */
export type RefreshNotice =
  | { kind: 'refreshed' }
  | { kind: 'failed' }
  | { kind: 'request-failed' }
  /** Nothing queued: a refresh ran or was asked for minutes ago, and another may be queued at `until`. */
  | { kind: 'recently-refreshed'; until: string }
  | { kind: 'up-to-date' }
  | null;

type Answer = Extract<RefreshNotice, { kind: 'recently-refreshed' | 'up-to-date' | 'request-failed' }>;

/**
 * The figures of the chosen scope and range, and the 'Refresh figures' button's state. A press asks
 * the server to compute again; the figures are then read every few seconds until their time changes.
 * The server queues at most one recompute in a few minutes, and says when the next may be.
 */
export function useDemographicsFigures(scope: DemographicsScope, range: AnalyticsRange) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingRefresh | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const figures = useDemographics(scope, range, pending);
  const request = useRefreshFigures();
  const status = refreshStatus(pending, figures.data, figures.dataUpdatedAt);

  // New figures: every other scope and range cached before is old now; each is read again when shown.
  useEffect(() => {
    if (status === 'done') void queryClient.invalidateQueries({ queryKey: demographicsKeys.all, refetchType: 'none' });
  }, [status, queryClient]);

  // 'You can refresh again at …' holds only until then.
  useEffect(() => {
    if (answer?.kind !== 'recently-refreshed') return;
    const timer = setTimeout(() => setAnswer(null), Math.max(0, Date.parse(answer.until) - Date.now()));
    return () => clearTimeout(timer);
  }, [answer]);

  const refresh = () => {
    const shown = figures.data?.computedAt;
    if (!shown) return;
    setAnswer(null);
    setPending(null);
    request.mutate(undefined, {
      onSuccess: (result) => {
        const outcome = refreshOutcome(result, shown, Date.now());
        if (outcome.kind === 'queued') {
          setPending({ from: shown, answeredAt: Date.now() });
          void figures.refetch();
        } else if (outcome.kind === 'newer') {
          // A refresh finished between the press and the answer: its figures are there to read.
          setPending({ from: shown, answeredAt: Date.now() });
          void queryClient.invalidateQueries({ queryKey: demographicsKeys.all });
        } else if (outcome.kind === 'wait') {
          setAnswer({ kind: 'recently-refreshed', until: outcome.until });
        } else {
          setAnswer({ kind: 'up-to-date' });
        }
      },
      onError: () => setAnswer({ kind: 'request-failed' }),
    });
  };

  let notice: RefreshNotice = answer;
  if (pending && status === 'done') notice = { kind: 'refreshed' };
  if (pending && status === 'failed') notice = { kind: 'failed' };
  return { figures, refresh, refreshing: status === 'refreshing' || request.isPending, notice, requestError: request.error };
}
