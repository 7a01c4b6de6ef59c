import { cn } from '../../../lib/cn.js';

// Gold, silver and bronze for the podium; each pair keeps 4.5:1 contrast in both themes.
const PODIUM = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-700 text-white'] as const;

/** A product's place by votes, e.g. '#1', read out as 'Rank 1'. */
export function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      className={cn(
        'inline-flex h-7 min-w-10 shrink-0 items-center justify-center rounded-full px-2 text-xs font-bold tabular-nums',
        PODIUM[rank - 1] ?? 'bg-muted text-muted-foreground',
      )}
    >
      <span className="sr-only">Rank {rank}</span>
      <span aria-hidden="true">#{rank}</span>
    </span>
  );
}
