import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { VoteType } from '../../../shared/products.schemas.js';
import type { Translator } from '../../../shared/vote-page-messages/translate.js';
import type { VotePageData, VotePageProduct } from '../../../shared/vote-page.js';
import type { ToastMessage } from '../components/toast.js';
import { ApiError, castVote, type PageTarget } from './api.js';
import { serverErrorText } from './server-messages.js';

function withProduct(data: VotePageData, productId: number, change: (product: VotePageProduct) => VotePageProduct): VotePageData {
  return { ...data, products: data.products.map((product) => (product.id === productId ? change(product) : product)) };
}

/**
 * Spec 4's vote: the count moves at once (+1, or -1 never below 0), both buttons of the product
 * wait while the call is in flight, and a failed call puts the count back. A recorded vote shows
 * as the voter's own (its button pressed). A second vote on the same product is the special
 * 'Already Voted!' message (spec 8); any other refusal, such as the hourly limit, says why, in the
 * reader's language.
 */
export function useVoting(
  target: PageTarget,
  setData: Dispatch<SetStateAction<VotePageData>>,
  notify: (message: ToastMessage) => void,
  onVoted: () => void,
  i18n: Translator,
) {
  const inFlight = useRef(new Set<number>());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const track = useCallback((productId: number, busy: boolean) => {
    if (busy) inFlight.current.add(productId);
    else inFlight.current.delete(productId);
    setPending(new Set(inFlight.current));
  }, []);

  const vote = useCallback(
    async (product: VotePageProduct, voteType: VoteType) => {
      if (inFlight.current.has(product.id)) return;
      track(product.id, true);
      const before = product.votes;
      const optimistic = voteType === 'up' ? before + 1 : Math.max(before - 1, 0);
      setData((data) => withProduct(data, product.id, (current) => ({ ...current, votes: optimistic })));
      try {
        const result = await castVote(target, product.id, voteType);
        setData((data) => ({
          ...withProduct(data, product.id, (current) => ({
            ...current,
            votes: result.votes,
            votesToday: current.votesToday + 1,
            voters: current.voters + 1,
          })),
          stats: { ...data.stats, totalVotes: data.stats.totalVotes + 1, votesToday: data.stats.votesToday + 1 },
          myVotes: { ...data.myVotes, [product.id]: voteType },
        }));
        notify({ title: i18n.t('vote.recorded'), description: i18n.t('vote.thanks') });
        onVoted();
      } catch (error) {
        setData((data) => withProduct(data, product.id, (current) => ({ ...current, votes: before })));
        const message = error instanceof ApiError ? error.message : '';
        if (/already voted/i.test(message)) {
          notify({ variant: 'info', title: i18n.t('vote.already'), description: i18n.t('vote.alreadyDetail') });
        } else {
          notify({ variant: 'destructive', title: i18n.t('vote.failed'), description: serverErrorText(error, i18n, 'vote.failedDetail') });
        }
      } finally {
        track(product.id, false);
      }
    },
    [target, setData, notify, onVoted, track, i18n],
  );

  return { pending, vote };
}
