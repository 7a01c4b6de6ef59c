import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { cn } from '../../../lib/cn.js';

interface SectionProps {
  title: string;
  /** A sentence on what the figures are and how sure they are. */
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** One titled card of a tab; its heading names the region for screen-reader navigation. */
export function Section({ title, description, children, className, 'data-testid': testId }: SectionProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={cn('min-w-0', className)} data-testid={testId}>
      <CardHeader className="p-5 pb-3 sm:p-6 sm:pb-4">
        <CardTitle id={headingId} className="text-lg">
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 p-5 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** A table that scrolls sideways inside its card on a narrow screen, never the page; focusable so keys scroll it too. */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring">
      <table className={cn('w-full text-left text-sm', minWidth)}>{children}</table>
    </div>
  );
}

export const headCell = 'px-3 py-2 text-xs font-medium text-muted-foreground uppercase';
export const bodyCell = 'px-3 py-2 align-top tabular-nums';
