import { useState } from 'react';
import type { VoteType } from '../../../shared/products.schemas.js';
import type { VotePageData, VotePageProduct } from '../../../shared/vote-page.js';
import { categoryLabelOf, useI18n } from '../lib/i18n.js';
import { ALL_CATEGORIES, filterProducts, PAGE_SIZE, todayShareOf, topPicks, type ProductFilter } from '../lib/product-view.js';
import { Icon } from './icons.js';
import { ProductFilters } from './product-filters.js';
import { ProductRow } from './product-row.js';
import { buttonClass, cardClass, cn } from './ui.js';

interface VotingTabProps {
  data: VotePageData;
  isOwner: boolean;
  pending: ReadonlySet<number>;
  onVote: (product: VotePageProduct, voteType: VoteType) => void;
  onShowLeaderboard: () => void;
  onSuggest: () => void;
}

const INITIAL_FILTER: ProductFilter = { search: '', category: ALL_CATEGORIES, sort: 'votes' };

export function VotingTab({ data, isOwner, pending, onVote, onShowLeaderboard, onSuggest }: VotingTabProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const [filter, setFilter] = useState(INITIAL_FILTER);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [showTopPicks, setShowTopPicks] = useState(false);
  const { stats } = data;
  const list = showTopPicks ? topPicks(data.products) : filterProducts(data.products, filter, (category) => categoryLabelOf(i18n, category));
  const visible = showTopPicks ? list : list.slice(0, shown);

  const changeFilter = (next: ProductFilter) => {
    setFilter(next);
    setShown(PAGE_SIZE);
  };

  if (data.products.length === 0) return <EmptyCatalogue isOwner={isOwner} onSuggest={onSuggest} />;

  return (
    <div className="space-y-4">
      {data.nowStocked.length > 0 ? (
        <section className={cn(cardClass, 'border-emerald-500/40 bg-emerald-50 p-3 dark:bg-emerald-950/40')}>
          <ul className="space-y-1">
            {data.nowStocked.map((item) => (
              <li key={item.productId} className="flex items-center gap-2 font-medium">
                <Icon name="check" className="size-4 shrink-0 text-emerald-600" />
                {t('voting.nowStocked', { product: item.name })}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-muted-foreground">{t('voting.nowStockedNote')}</p>
        </section>
      ) : null}
      {/* On a phone the header's counters are the page's one row of figures; the list comes next. */}
      <dl className="hidden grid-cols-3 gap-2 sm:grid">
        {(
          [
            [t('stats.totalVotes'), stats.totalVotes],
            [t('stats.products'), stats.products],
            [t('stats.activeVoters'), stats.activeVoters],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className={cn(cardClass, 'p-3 text-center')}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{i18n.number(value)}</dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          aria-pressed={showTopPicks}
          onClick={() => setShowTopPicks(!showTopPicks)}
          className={showTopPicks ? buttonClass.primary : buttonClass.outline}
        >
          <Icon name="star" className="size-4" />
          {t('voting.topPicks')}
        </button>
        <button type="button" onClick={onShowLeaderboard} className={buttonClass.ghost}>
          <Icon name="chart" className="size-4" />
          {t('voting.viewLeaderboard')}
        </button>
      </div>

      {showTopPicks ? (
        <h2 className="text-lg font-semibold">{t('voting.topPicks')}</h2>
      ) : (
        <>
          <h2 className="sr-only">{t('voting.allProducts')}</h2>
          <ProductFilters filter={filter} onChange={changeFilter} />
        </>
      )}

      {visible.length === 0 ? (
        <p className={cn(cardClass, 'p-6 text-center text-muted-foreground')}>{t('voting.noMatch')}</p>
      ) : (
        <ul className="space-y-2" aria-label={showTopPicks ? t('voting.topPicksList') : t('voting.productsList')}>
          {visible.map((product, index) => (
            <ProductRow
              key={product.id}
              product={product}
              todayShare={todayShareOf(product, stats.votesToday)}
              busy={pending.has(product.id)}
              myVote={data.myVotes[product.id]}
              onVote={onVote}
              // A place is earned by a positive score, as on the operator's catalogue.
              rank={showTopPicks && product.votes > 0 ? index + 1 : undefined}
            />
          ))}
        </ul>
      )}

      {!showTopPicks && list.length > 0 && (
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('voting.showing', { shown: visible.length, count: list.length })}
          </p>
          {visible.length < list.length && (
            <button type="button" onClick={() => setShown(shown + PAGE_SIZE)} className={buttonClass.outline}>
              {t('voting.loadMore')}
            </button>
          )}
        </div>
      )}

      <div className={cn(cardClass, 'flex items-center gap-3 p-4')}>
        <Icon name="bulb" className="size-6 shrink-0 text-primary" />
        <p className="flex-1 text-sm">{t('voting.suggestPrompt')}</p>
        <button type="button" onClick={onSuggest} className={buttonClass.outline}>
          {t('action.suggest')}
        </button>
      </div>
    </div>
  );
}

/** A machine whose operator has no products yet: say so, and tell its owner what to do. */
function EmptyCatalogue({ isOwner, onSuggest }: { isOwner: boolean; onSuggest: () => void }) {
  const { t } = useI18n();
  return (
    <div className={cn(cardClass, 'space-y-3 p-6 text-center')}>
      <h2 className="text-lg font-semibold">{t('voting.emptyTitle')}</h2>
      {isOwner ? (
        <>
          <p className="text-sm text-muted-foreground">{t('voting.emptyOwner')}</p>
          <a href="/products" className={buttonClass.primary}>
            {t('voting.addProducts')}
          </a>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('voting.emptyCustomer')}</p>
          <button type="button" onClick={onSuggest} className={buttonClass.outline}>
            {t('action.suggest')}
          </button>
        </>
      )}
    </div>
  );
}
