import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth.js';
import { UnresolvedIssuesBadge } from './unresolved-issues-badge.js';
import { cn } from '../../lib/cn.js';
import { useTeamRole } from '../../features/team/api.js';
import { isNavEntryActive, isNavHrefActive, NAV_ENTRIES, visibleNavEntries, type NavEntry } from './nav-config.js';

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring';
const idleClass = 'text-muted-foreground hover:bg-muted hover:text-foreground';
const activeClass = 'bg-primary-soft text-primary-soft-foreground';

function NavLinkItem({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  const active = entry.href ? isNavHrefActive(entry.href, pathname) : false;
  const Icon = entry.icon;
  return (
    <Link
      to={entry.href ?? '#'}
      aria-current={active ? 'page' : undefined}
      className={cn(itemClass, active ? activeClass : idleClass)}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{entry.label}</span>
      {entry.badge === 'unresolvedIssues' && <UnresolvedIssuesBadge />}
    </Link>
  );
}

/** An expandable parent; it counts as active (and starts open) while one of its children is. */
function NavGroup({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  const active = isNavEntryActive(entry, pathname);
  const [open, setOpen] = useState(active);
  // Open the group when navigation enters one of its children; the user may still collapse it.
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setOpen(true);
  }
  const Icon = entry.icon;
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen}>
      <Collapsible.Trigger className={cn(itemClass, active ? 'text-foreground' : idleClass, 'group')}>
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span className="flex-1 truncate text-left">{entry.label}</span>
        <ChevronDown
          className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
      </Collapsible.Trigger>
      <Collapsible.Content>
        <ul className="mt-1 ml-4 grid gap-1 border-l border-border pl-2">
          {entry.children?.map((child) => (
            <li key={child.href ?? child.label}>
              <NavLinkItem entry={child} pathname={pathname} />
            </li>
          ))}
        </ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** The sidebar's main navigation (spec 2.2), filtered to built pages and the user's role. */
export function SidebarNav() {
  const { pathname } = useLocation();
  const { isAdmin, isAffiliate } = useAuth();
  const isDriver = useTeamRole() === 'driver';
  const entries = visibleNavEntries(NAV_ENTRIES, { isAdmin, isAffiliate, isDriver });

  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="grid gap-1">
        {entries.map((entry) => (
          <li key={entry.href ?? entry.label}>
            {entry.children ? (
              <NavGroup entry={entry} pathname={pathname} />
            ) : (
              <NavLinkItem entry={entry} pathname={pathname} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
