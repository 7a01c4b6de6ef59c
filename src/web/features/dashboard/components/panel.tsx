import { useId, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card.js';

interface PanelProps {
  title: string;
  /** A link or button beside the title. */
  action?: ReactNode;
  /** One line under the title saying what the figures are and what they are counted over. */
  description?: ReactNode;
  children: ReactNode;
}

/** One titled dashboard section; its heading names the region for screen-reader navigation. */
export function Panel({ title, action, description, children }: PanelProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 px-5 pt-5 pb-4 sm:px-6">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {action}
        {description ? <p className="w-full text-sm text-muted-foreground">{description}</p> : null}
      </div>
      <div className="flex-1 px-5 pb-5 sm:px-6 sm:pb-6">{children}</div>
    </Card>
  );
}
