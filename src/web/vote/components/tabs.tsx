import { useRef, type KeyboardEvent } from 'react';
import { cn } from './ui.js';

export const TABS = { voting: 'Voting', leaderboard: 'Leaderboard', dashboard: 'Dashboard' } as const;
export type TabName = keyof typeof TABS;
const NAMES = Object.keys(TABS) as TabName[];

export const tabId = (tab: TabName) => `tab-${tab}`;
export const panelId = (tab: TabName) => `panel-${tab}`;

/**
 * The WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys (and Home/End) move between
 * tabs and select them.
 */
export function TabList({ selected, onSelect }: { selected: TabName; onSelect: (tab: TabName) => void }) {
  const buttons = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = NAMES.indexOf(selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: NAMES.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = NAMES[(next + NAMES.length) % NAMES.length]!;
    onSelect(tab);
    buttons.current[tab]?.focus();
  };
  return (
    <div role="tablist" aria-label="Vote page sections" className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1" onKeyDown={onKeyDown}>
      {NAMES.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            buttons.current[tab] = element;
          }}
          id={tabId(tab)}
          type="button"
          role="tab"
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
          className={cn(
            'h-10 rounded-md text-sm font-medium transition-colors',
            tab === selected ? 'bg-card text-card-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {TABS[tab]}
        </button>
      ))}
    </div>
  );
}
