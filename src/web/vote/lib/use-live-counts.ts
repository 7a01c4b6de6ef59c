import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { VotePageData } from '../../../shared/vote-page.js';
import { fetchVotePage, type PageTarget } from './api.js';

/**
 * Other customers' votes at the same machine: the page reads its counts again, at most every few
 * seconds (and a little apart from the other phones there), only while it is on screen, and never
 * over a vote of this customer's still on its way.
 */
const MIN_GAP_MS = 5_000;
const SPREAD_MS = 2_000;

export function useLiveCounts(target: PageTarget, setData: Dispatch<SetStateAction<VotePageData>>, busy: boolean, onCountsMoved: () => void) {
  const busyNow = useRef(busy);
  const movedNow = useRef(onCountsMoved);
  useEffect(() => {
    busyNow.current = busy;
    movedNow.current = onCountsMoved;
  });

  useEffect(() => {
    // The demo page has no machine to listen to.
    if (target === 'demo' || typeof EventSource === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waiting = false;
    let lastRead = 0;

    const read = async () => {
      timer = undefined;
      if (document.hidden || busyNow.current) {
        waiting = true;
        if (!document.hidden) timer = setTimeout(read, 1_000);
        return;
      }
      waiting = false;
      lastRead = Date.now();
      try {
        const fresh = await fetchVotePage(target);
        // The leaderboard keeps its own period; only the counts are taken.
        setData((data) => ({ ...data, products: fresh.products, stats: fresh.stats, myVotes: fresh.myVotes }));
        movedNow.current();
      } catch {
        // The next vote event tries again.
      }
    };
    const schedule = () => {
      if (timer) return;
      const wait = Math.max(0, lastRead + MIN_GAP_MS - Date.now()) + Math.random() * SPREAD_MS;
      timer = setTimeout(read, wait);
    };
    const onVisible = () => {
      if (!document.hidden && waiting) schedule();
    };

    const source = new EventSource(`/api/vote-page/${target}/live`);
    source.addEventListener('vote', schedule);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      source.close();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [target, setData]);
}
