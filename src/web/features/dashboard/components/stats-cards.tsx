import { Activity, Package, TrendingDown, TrendingUp, Users, Vote, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { PERIODS } from '../../../../shared/figure-definitions.js';
import { FigureInfo } from '../../../components/figure-info.js';
import type { Stats } from '../../../../shared/products.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { cn } from '../../../lib/cn.js';
import { newProductsCaption, votersThisWeekCaption, votesTodayCaption, type Caption } from '../stat-captions.js';

const formatCount = (value: number) => value.toLocaleString('en-US');

interface StatCardProps {
  title: string;
  value: string;
  icon: LucideIcon;
  caption: Caption | string;
  /** What the figure means and what it is counted over. */
  info?: ReactNode;
}

function StatCard({ title, value, icon: Icon, caption, info }: StatCardProps) {
  const titleId = useId();
  const { text, trend } = typeof caption === 'string' ? { text: caption, trend: 'flat' as const } : caption;
  const TrendIcon = trend === 'up' ? TrendingUp : trend === 'down' ? TrendingDown : null;
  return (
    <Card role="group" aria-labelledby={titleId} className="grid grid-cols-1 gap-2 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <p id={titleId} className="text-sm font-medium text-muted-foreground">
            {title}
          </p>
          {info}
        </div>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </div>
      <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid="stat-value">
        {value}
      </p>
      <p
        className={cn(
          'flex items-center gap-1 text-xs',
          trend === 'up' && 'text-success-soft-foreground',
          trend === 'down' && 'text-destructive-text',
          trend === 'flat' && 'text-muted-foreground',
        )}
      >
        {TrendIcon ? <TrendIcon className="size-3.5" aria-hidden="true" /> : null}
        {text}
      </p>
    </Card>
  );
}

/** The four summary cards of spec 2.3 in the chosen machine scope. */
export function StatsCards({ stats, updating }: { stats: Stats; updating: boolean }) {
  return (
    <section
      aria-label="Summary"
      aria-busy={updating || undefined}
      className={cn('grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4', updating && 'opacity-60 transition-opacity')}
    >
      <StatCard
        title="Total Votes"
        value={formatCount(stats.totalVotes)}
        icon={Vote}
        caption={votesTodayCaption(stats.votesToday, stats.votesYesterday)}
        info={<FigureInfo figure="votes" label="Total Votes" period={PERIODS.sinceReset} />}
      />
      <StatCard
        title="Active Products"
        value={formatCount(stats.totalProducts)}
        icon={Package}
        caption={newProductsCaption(stats.newProductsThisWeek)}
      />
      <StatCard
        title="Unique Voters"
        value={formatCount(stats.activeVoters)}
        icon={Users}
        caption={votersThisWeekCaption(stats.votersThisWeek, stats.votersLastWeek)}
        info={<FigureInfo figure="voters" label="Unique Voters" period={PERIODS.sinceReset} />}
      />
      <StatCard
        title="Avg. Engagement"
        value={stats.avgEngagement.toLocaleString('en-US', { maximumFractionDigits: 1 })}
        icon={Activity}
        caption="votes per user"
        info={<FigureInfo figure="engagement" period={PERIODS.sinceReset} />}
      />
    </section>
  );
}
