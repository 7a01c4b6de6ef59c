import { intlLocaleOf } from '../../../shared/vote-page-locale.js';
import type { Translator } from '../../../shared/vote-page-messages/translate.js';
import { VOTE_PAGE_PERIODS, type VotePageLeaderboard, type VotePagePeriod } from '../../../shared/vote-page.js';
import { categoryLabelOf, useI18n } from '../lib/i18n.js';
import { Icon } from './icons.js';
import { buttonClass, cardClass, cn } from './ui.js';

interface LeaderboardTabProps {
  leaderboard: VotePageLeaderboard;
  period: VotePagePeriod;
  loading: boolean;
  failed: boolean;
  onPeriodChange: (period: VotePagePeriod) => void;
  onBack: () => void;
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

function describeWhen(iso: string, { locale, t }: Translator): string {
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  const timeAgo = new Intl.RelativeTimeFormat(intlLocaleOf(locale), { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return timeAgo.format(Math.round(seconds / size), unit);
  }
  return t('board.justNow');
}

const section = cn(cardClass, 'p-4');
const empty = 'text-sm text-muted-foreground';

/** Spec 2.4's leaderboard with DECISIONS 4: every panel is real and follows the period. */
export function LeaderboardTab({ leaderboard, period, loading, failed, onPeriodChange, onBack }: LeaderboardTabProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const { top, categories, recent } = leaderboard;
  return (
    <div className="space-y-4" aria-busy={loading}>
      <button type="button" onClick={onBack} className={buttonClass.outline}>
        <Icon name="back" className="size-4" />
        {t('board.back')}
      </button>

      <section className={section} aria-labelledby="period-heading">
        <h2 id="period-heading" className="mb-3 font-semibold">
          {t('board.period')}
        </h2>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-labelledby="period-heading">
          {VOTE_PAGE_PERIODS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={value === period}
              onClick={() => onPeriodChange(value)}
              className={value === period ? buttonClass.primary : buttonClass.outline}
            >
              {t(`period.${value}`)}
            </button>
          ))}
        </div>
        <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
          {loading ? t('board.loading') : failed ? t('board.failed') : t(`showing.${leaderboard.period}`)}
        </p>
      </section>

      <section className={section} aria-labelledby="top-heading">
        <h2 id="top-heading" className="mb-3 font-semibold">
          {t('board.top')}
        </h2>
        {top.length === 0 ? (
          <p className={empty}>{t('board.noVotesInPeriod')}</p>
        ) : (
          <ol className="space-y-2">
            {top.map((entry, index) => (
              <li key={entry.id} className="flex items-center gap-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-primary-soft-foreground">
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{entry.name}</p>
                  <p className="truncate text-sm text-muted-foreground">{entry.brand}</p>
                </div>
                <p className="text-right text-sm">
                  {t('board.score')} <span className="font-bold tabular-nums">{i18n.number(entry.votes)}</span>
                  <span className="block text-xs text-muted-foreground">{t('board.upDown', { up: entry.upVotes, down: entry.downVotes })}</span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className={section} aria-labelledby="distribution-heading">
        <h2 id="distribution-heading" className="mb-3 font-semibold">
          {t('board.distribution')}
        </h2>
        {categories.length === 0 ? (
          <p className={empty}>{t('board.noVotesInPeriod')}</p>
        ) : (
          <ul className="space-y-3">
            {categories.map((category) => (
              <li key={category.category}>
                <div className="flex justify-between text-sm">
                  <span>{categoryLabelOf(i18n, category.category)}</span>
                  <span className="tabular-nums">
                    {i18n.percent(category.share)} <span className="text-muted-foreground">({i18n.number(category.votes)})</span>
                  </span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-muted" aria-hidden="true">
                  <div className="h-2 rounded-full bg-primary" style={{ width: `${category.share}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={section} aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="mb-3 font-semibold">
          {t('board.recent')}
        </h2>
        {recent.length === 0 ? (
          <p className={empty}>{t('board.noVotes')}</p>
        ) : (
          <ul className="divide-y">
            {recent.map((vote, index) => (
              <li key={`${vote.at}-${index}`} className="flex items-center gap-2 py-2 text-sm">
                <Icon
                  name={vote.voteType === 'up' ? 'thumbsUp' : 'thumbsDown'}
                  className={cn('size-4 shrink-0', vote.voteType === 'up' ? 'text-primary' : 'text-destructive-text')}
                />
                <span className="min-w-0 flex-1 truncate">
                  {t(vote.voteType === 'up' ? 'board.upVoteFor' : 'board.downVoteFor', { name: vote.productName })}
                </span>
                <time dateTime={vote.at} className="shrink-0 text-muted-foreground">
                  {describeWhen(vote.at, i18n)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
