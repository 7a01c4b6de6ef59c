import {
  VOTE_PAGE_PERIOD_LABELS,
  VOTE_PAGE_PERIODS,
  type VotePageLeaderboard,
  type VotePagePeriod,
} from '../../../shared/vote-page.js';
import { Icon } from './icons.js';
import { buttonClass, cardClass, cn } from './ui.js';
import { FIGURE_LABELS } from '../../../shared/wording.js';

interface LeaderboardTabProps {
  leaderboard: VotePageLeaderboard;
  period: VotePagePeriod;
  loading: boolean;
  failed: boolean;
  onPeriodChange: (period: VotePagePeriod) => void;
  onBack: () => void;
}

const timeAgo = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

function describeWhen(iso: string): string {
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return timeAgo.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

const section = cn(cardClass, 'p-4');
const empty = 'text-sm text-muted-foreground';

/** Spec 2.4's leaderboard with DECISIONS 4: every panel is real and follows the period. */
export function LeaderboardTab({ leaderboard, period, loading, failed, onPeriodChange, onBack }: LeaderboardTabProps) {
  const { top, categories, recent } = leaderboard;
  return (
    <div className="space-y-4" aria-busy={loading}>
      <button type="button" onClick={onBack} className={buttonClass.outline}>
        <Icon name="back" className="size-4" />
        Back to Voting
      </button>

      <section className={section} aria-labelledby="period-heading">
        <h2 id="period-heading" className="mb-3 font-semibold">
          Time Period
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
              {VOTE_PAGE_PERIOD_LABELS[value]}
            </button>
          ))}
        </div>
        <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
          {loading ? 'Loading…' : failed ? 'Could not load this period. Please try again.' : `Showing ${VOTE_PAGE_PERIOD_LABELS[leaderboard.period].toLowerCase()}`}
        </p>
      </section>

      <section className={section} aria-labelledby="top-heading">
        <h2 id="top-heading" className="mb-3 font-semibold">
          Top Requested Products
        </h2>
        {top.length === 0 ? (
          <p className={empty}>No votes in this period yet.</p>
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
                  {FIGURE_LABELS.score} <span className="font-bold tabular-nums">{entry.votes}</span>
                  <span className="block text-xs text-muted-foreground">
                    {entry.upVotes} up · {entry.downVotes} down
                  </span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className={section} aria-labelledby="distribution-heading">
        <h2 id="distribution-heading" className="mb-3 font-semibold">
          Vote Distribution
        </h2>
        {categories.length === 0 ? (
          <p className={empty}>No votes in this period yet.</p>
        ) : (
          <ul className="space-y-3">
            {categories.map((category) => (
              <li key={category.category}>
                <div className="flex justify-between text-sm">
                  <span>{category.category}</span>
                  <span className="tabular-nums">
                    {category.share}% <span className="text-muted-foreground">({category.votes})</span>
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
          Recent Activity
        </h2>
        {recent.length === 0 ? (
          <p className={empty}>No votes yet.</p>
        ) : (
          <ul className="divide-y">
            {recent.map((vote, index) => (
              <li key={`${vote.at}-${index}`} className="flex items-center gap-2 py-2 text-sm">
                <Icon
                  name={vote.voteType === 'up' ? 'thumbsUp' : 'thumbsDown'}
                  className={cn('size-4 shrink-0', vote.voteType === 'up' ? 'text-primary' : 'text-destructive-text')}
                />
                <span className="min-w-0 flex-1 truncate">
                  {vote.voteType === 'up' ? 'Up vote' : 'Down vote'} for {vote.productName}
                </span>
                <time dateTime={vote.at} className="shrink-0 text-muted-foreground">
                  {describeWhen(vote.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
