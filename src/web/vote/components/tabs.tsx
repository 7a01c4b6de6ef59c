import { useRef, type KeyboardEvent } from 'react';
import type { Audience } from '../lib/audience.js';
import { useI18n } from '../lib/i18n.js';
import { cn } from './ui.js';

/** The tabs in order; their labels are the catalogue's `tab.*`. */
export const TAB_NAMES = ['voting', 'leaderboard', 'dashboard'] as const;
export type TabName = (typeof TAB_NAMES)[number];

/** The page's tabs: a customer has no dashboard tab (spec 2.4 gives it to the general page). */
export function tabsFor(audience: Audience): readonly TabName[] {
  return audience === 'customer' ? TAB_NAMES.filter((tab) => tab !== 'dashboard') : TAB_NAMES;
}

export const tabId = (tab: TabName) => `tab-${tab}`;
export const panelId = (tab: TabName) => `panel-${tab}`;

/**
 * The WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys (and Home/End) move between
 * tabs and select them.
 */
export function TabList({ names, selected, onSelect }: { names: readonly TabName[]; selected: TabName; onSelect: (tab: TabName) => void }) {
  const { t } = useI18n();
  const buttons = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = names.indexOf(selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: names.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = names[(next + names.length) % names.length]!;
    onSelect(tab);
    buttons.current[tab]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('tabs.label')} className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1" onKeyDown={onKeyDown}>
      {names.map((tab) => (
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
          {t(`tab.${tab}`)}
        </button>
      ))}
    </div>
  );
}
