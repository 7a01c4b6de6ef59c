import { useCallback, useRef, useState } from 'react';
import type { VotePageLeaderboard, VotePagePeriod } from '../../../shared/vote-page.js';
import { fetchVotePage, type PageTarget } from './api.js';

/**
 * The leaderboard and its period filter: choosing a period asks the server again (the latest
 * choice wins). After a vote it is stale and reloads the next time the tab opens.
 */
export function useLeaderboard(target: PageTarget, initial: VotePageLeaderboard) {
  const [leaderboard, setLeaderboard] = useState(initial);
  const [period, setPeriod] = useState<VotePagePeriod>(initial.period);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const stale = useRef(false);
  const latest = useRef<AbortController | null>(null);

  const load = useCallback(
    async (next: VotePagePeriod) => {
      latest.current?.abort();
      const controller = new AbortController();
      latest.current = controller;
      setPeriod(next);
      setLoading(true);
      setFailed(false);
      try {
        const data = await fetchVotePage(target, next, controller.signal);
        setLeaderboard(data.leaderboard);
        stale.current = false;
      } catch {
        if (!controller.signal.aborted) setFailed(true);
      } finally {
        if (latest.current === controller) setLoading(false);
      }
    },
    [target],
  );

  const markStale = useCallback(() => {
    stale.current = true;
  }, []);

  const refreshIfStale = useCallback(() => {
    if (stale.current) void load(period);
  }, [load, period]);

  return { leaderboard, period, loading, failed, choosePeriod: load, markStale, refreshIfStale };
}
