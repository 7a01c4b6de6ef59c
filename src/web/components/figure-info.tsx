import { Info } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { ReactNode } from 'react';
import { FIGURES, type FigureKey } from '../../shared/figure-definitions.js';
import { cn } from '../lib/cn.js';

interface FigureInfoProps {
  figure: FigureKey;
  /** The period the figure is counted over on this screen (shared PERIODS). */
  period?: string;
  /** What the screen calls the figure, when it is not the glossary's own name (e.g. 'Total Votes'). */
  label?: string;
  className?: string;
}

/**
 * A small 'i' button beside a figure that opens what the figure means and what it is counted over,
 * from the one set of definitions every screen uses. A popover rather than a hover tooltip: it opens
 * by tap and by keyboard, and a screen reader reads it.
 */
export function FigureInfo({ figure, period, label, className }: FigureInfoProps) {
  const { name, definition } = FIGURES[figure];
  return (
    <Popover.Root>
      <Popover.Trigger
        className={cn(
          'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:text-foreground',
          'focus-visible:outline-2 focus-visible:outline-ring',
          className,
        )}
        aria-label={`What ${label ?? name} means`}
      >
        <Info className="size-3.5" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          collisionPadding={12}
          className="z-50 grid max-w-[min(20rem,calc(100vw-1.5rem))] gap-1.5 rounded-lg border border-border bg-card p-3 text-sm text-card-foreground shadow-md outline-none"
        >
          <p className="font-semibold">{label ?? name}</p>
          <p>{definition}</p>
          {period ? <p className="text-muted-foreground">{period}</p> : null}
          <Popover.Arrow className="fill-border" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** A heading-sized label with its definition button beside it. */
export function FigureLabel({ children, ...info }: FigureInfoProps & { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1">
      {children}
      <FigureInfo {...info} />
    </span>
  );
}
