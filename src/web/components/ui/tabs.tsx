import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';
import { SCROLL_CUE_CLASSES, useScrollCue } from '../../lib/use-scroll-cue.js';

/**
 * The WAI-ARIA tabs pattern (Radix): role tablist/tab/tabpanel, one tab in the Tab order, arrow
 * keys, Home and End move between tabs and select them. Control it with `value` and
 * `onValueChange` to keep the tab in the URL.
 */
export const Tabs = TabsPrimitive.Root;

/**
 * Give it an aria-label naming the set of tabs. On a narrow screen it scrolls sideways rather than the
 * page, fades the edge with more tabs behind it, and keeps the chosen tab in view.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const ref = useScrollCue<HTMLDivElement>('[role="tab"][data-state="active"]');
  return (
    <TabsPrimitive.List
      ref={ref}
      className={cn('flex w-full max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1 sm:w-fit', SCROLL_CUE_CLASSES, className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-9 flex-1 shrink-0 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none',
        'text-muted-foreground hover:text-foreground',
        'data-[state=active]:bg-card data-[state=active]:text-card-foreground data-[state=active]:shadow-sm',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn('min-w-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring', className)}
      {...props}
    />
  );
}
