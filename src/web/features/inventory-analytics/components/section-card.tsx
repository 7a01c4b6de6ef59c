import { useId, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card.js';
import { cn } from '../../../lib/cn.js';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** A button or link beside the title. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One titled part of a tab; its heading names the region for screen-reader navigation. */
export function SectionCard({ title, description, action, className, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={cn('grid min-w-0 content-start gap-4 p-4 sm:p-6', className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </Card>
  );
}
