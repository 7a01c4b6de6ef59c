import { MapPin } from 'lucide-react';
import { useState } from 'react';
import type { VoteType } from '../../../shared/products.schemas.js';
import type { VotePageProduct } from '../../../shared/vote-page.js';
import { en } from '../../../shared/vote-page-messages/en.js';
import { nounFor } from '../../../shared/wording.js';
import { ProductRow } from '../../vote/components/product-row.js';
import { I18nProvider, type Catalogue } from '../../vote/lib/i18n.js';
import { todayShareOf } from '../../vote/lib/product-view.js';
import { EXAMPLE_MACHINE, EXAMPLE_VOTE_PRODUCTS, EXAMPLE_VOTE_STATS } from './example-data.js';

/** The vote page's rows read their texts from its language context; the site is in English. */
const ENGLISH: Catalogue = { locale: 'en', messages: en };

/** The example's votes stay in this page: one per product, as on the real page, and nothing is sent. */
function useExampleVotes() {
  const [products, setProducts] = useState(EXAMPLE_VOTE_PRODUCTS);
  const [myVotes, setMyVotes] = useState<Record<number, VoteType>>({});
  const [votesToday, setVotesToday] = useState(EXAMPLE_VOTE_STATS.votesToday);
  const [note, setNote] = useState('');

  const vote = (product: VotePageProduct, voteType: VoteType) => {
    if (myVotes[product.id]) {
      setNote(`You already voted on ${product.name}. On a real machine page, too, each product takes one vote per customer.`);
      return;
    }
    const change = voteType === 'up' ? 1 : -1;
    setProducts((list) =>
      list.map((item) =>
        item.id === product.id ? { ...item, votes: Math.max(0, item.votes + change), votesToday: item.votesToday + 1 } : item,
      ),
    );
    setMyVotes((votes) => ({ ...votes, [product.id]: voteType }));
    setVotesToday((count) => count + 1);
    setNote(`Vote counted in this example only; nothing was sent.`);
  };
  return { products, myVotes, votesToday, note, vote };
}

/**
 * The vote page's product list, the app's own rows, in a phone-sized frame with example data.
 * The buttons work on the example, so a visitor feels what a customer does after scanning.
 */
export function VotePageExample() {
  const { products, myVotes, votesToday, note, vote } = useExampleVotes();
  const counters: [string, number][] = [
    [`${nounFor(votesToday, 'vote')} today`, votesToday],
    [nounFor(EXAMPLE_VOTE_STATS.products, 'product'), EXAMPLE_VOTE_STATS.products],
    [`${nounFor(EXAMPLE_VOTE_STATS.votersToday, 'voter')} today`, EXAMPLE_VOTE_STATS.votersToday],
  ];
  return (
    <div className="mx-auto w-full max-w-sm overflow-hidden rounded-[1.75rem] border-4 border-foreground/80 bg-muted shadow-xl">
      <div className="bg-primary px-4 pt-4 pb-5 text-primary-foreground">
        <p className="text-sm font-bold tracking-tight">VendVote</p>
        <p className="mt-2 text-xl font-bold">{EXAMPLE_MACHINE.name}</p>
        <p className="mt-1 flex items-center gap-1 text-sm">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          {EXAMPLE_MACHINE.location}
        </p>
        <ul className="mt-4 grid grid-cols-3 gap-2 text-center" aria-label="Today at a glance">
          {counters.map(([label, value]) => (
            <li key={label} className="rounded-lg bg-primary-foreground/15 px-1 py-2">
              <span className="block text-lg font-bold tabular-nums">{value}</span>
              <span className="text-xs">{label}</span>
            </li>
          ))}
        </ul>
      </div>
      <I18nProvider initial={ENGLISH}>
        <ul className="space-y-2 p-3" aria-label="Example products">
          {products.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              todayShare={todayShareOf(product, votesToday)}
              busy={false}
              myVote={myVotes[product.id]}
              onVote={vote}
            />
          ))}
        </ul>
      </I18nProvider>
      <p className="min-h-10 px-4 pb-4 text-sm text-muted-foreground" aria-live="polite">
        {note}
      </p>
    </div>
  );
}
