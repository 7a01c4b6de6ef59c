import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';
import { SCROLL_CUE_CLASSES, useScrollCue } from '../../lib/use-scroll-cue.js';

/**
 * A frame that scrolls sideways what is wider than its place (a table on a phone) instead of the page:
 * a named region, focusable so keyboard users can scroll it, whose edge fades while more lies beyond.
 * Positioned, so visually hidden words in its cells (placed absolutely) scroll with it too rather than
 * widening the page.
 */
export function ScrollFrame({ label, className, ...props }: ComponentProps<'div'> & { label: string }) {
  const ref = useScrollCue<HTMLDivElement>();
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring', SCROLL_CUE_CLASSES, className)}
      {...props}
    />
  );
}
