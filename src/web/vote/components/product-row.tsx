import type { VoteType } from '../../../shared/products.schemas.js';
import type { VotePageProduct } from '../../../shared/vote-page.js';
import { categoryLabelOf, useI18n } from '../lib/i18n.js';
import { Icon } from './icons.js';
import { cardClass, cn } from './ui.js';

interface ProductRowProps {
  product: VotePageProduct;
  todayShare: number;
  /** A vote on this product is in flight: both buttons wait for it (spec 4). */
  busy: boolean;
  /** The voter's own live vote on it here, which its button shows pressed. */
  myVote: VoteType | undefined;
  onVote: (product: VotePageProduct, voteType: VoteType) => void;
  rank?: number;
}

const voteButton =
  'inline-flex size-11 items-center justify-center rounded-full border transition-colors disabled:cursor-not-allowed disabled:opacity-50';
const idle = 'border-input bg-card';
// Filled, not only tinted: the voter's choice must read at a glance, in either colour scheme.
const pressedDown = 'border-destructive bg-destructive text-destructive-foreground';
const pressedUp = 'border-primary bg-primary text-primary-foreground';

export function ProductRow({ product, todayShare, busy, myVote, onVote, rank }: ProductRowProps) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <li className={cn(cardClass, 'flex items-center gap-3 p-3 sm:p-4')} aria-busy={busy || undefined}>
      {rank !== undefined && (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-primary-soft-foreground">
          {rank}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words">{product.name}</h3>
        <p className="text-sm break-words text-muted-foreground">
          {product.brand} · {categoryLabelOf(i18n, product.category)}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          <span>{t('product.todayShare', { share: i18n.percent(todayShare) })}</span>
          <span aria-hidden="true"> · </span>
          <span>{t('product.voters', { count: product.voters })}</span>
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <button
          type="button"
          className={cn(voteButton, myVote === 'down' ? pressedDown : cn(idle, 'hover:border-destructive-text hover:text-destructive-text'))}
          onClick={() => onVote(product, 'down')}
          disabled={busy}
          aria-pressed={myVote === 'down'}
          aria-label={t('product.voteDown', { name: product.name })}
        >
          <Icon name="thumbsDown" />
        </button>
        <p className="w-10 text-center" data-testid="vote-count">
          <span className="block text-lg leading-none font-bold tabular-nums">{product.votes}</span>
          <span className="text-[11px] text-muted-foreground">{t('product.score')}</span>
        </p>
        <button
          type="button"
          className={cn(voteButton, myVote === 'up' ? pressedUp : cn(idle, 'hover:border-primary hover:text-primary'))}
          onClick={() => onVote(product, 'up')}
          disabled={busy}
          aria-pressed={myVote === 'up'}
          aria-label={t('product.voteUp', { name: product.name })}
        >
          <Icon name="thumbsUp" />
        </button>
      </div>
    </li>
  );
}

export function ProductRowSkeleton() {
  return (
    <li className={cn(cardClass, 'flex items-center gap-3 p-4')} aria-hidden="true">
      <div className="flex-1 space-y-2">
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
      </div>
      <div className="h-11 w-32 animate-pulse rounded-full bg-muted" />
    </li>
  );
}
