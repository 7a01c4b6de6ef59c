import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn.js';
import { Card } from './ui/card.js';
import { Skeleton } from './ui/skeleton.js';

interface StatCardProps {
  label: string;
  /** The figure as shown ('1,204', '$8.00'); undefined while it loads, which shows a placeholder. */
  value: string | undefined;
  caption?: ReactNode;
  icon?: LucideIcon;
  className?: string;
  'data-testid'?: string;
}

/**
 * One figure with its name and a line of explanation. A labelled group rather than a heading: a row
 * of figures sits under a page's or a section's heading and is no section of its own.
 */
export function StatCard({ label, value, caption, icon: Icon, className, 'data-testid': testId }: StatCardProps) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId} className={cn('grid content-start gap-1 p-4', className)} data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <p id={titleId} className="text-sm font-medium text-muted-foreground">
          {label}
        </p>
        {Icon ? <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" /> : null}
      </div>
      {value === undefined ? <Skeleton className="h-8 w-16" /> : <p className="text-2xl font-bold tabular-nums">{value}</p>}
      {caption ? <p className="text-xs text-muted-foreground">{caption}</p> : null}
    </Card>
  );
}
