import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Brand } from '../../components/brand.js';
import { Button } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { SidebarNav } from './sidebar-nav.js';
import { SidebarUser } from './sidebar-user.js';

export const SIDEBAR_ID = 'app-sidebar';

interface SidebarProps {
  /** Only matters on small screens; on large screens the sidebar is always shown. */
  open: boolean;
  onClose: () => void;
}

/** The 16rem operator sidebar (spec 2.2): brand, navigation, user footer. */
export function Sidebar({ open, onClose }: SidebarProps) {
  const closeRef = useRef<HTMLButtonElement>(null);

  // Opening on a small screen moves focus into the sidebar.
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  return (
    <aside
      id={SIDEBAR_ID}
      aria-label="Sidebar"
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-border bg-card print:hidden',
        'duration-200 lg:visible lg:translate-x-0',
        // Closed on a small screen: off-canvas and out of the tab order. Visibility flips at once on
        // opening (so focus can move in) and after the slide on closing.
        open ? 'visible translate-x-0 transition-transform' : 'invisible -translate-x-full transition-[transform,visibility]',
      )}
    >
      <div className="flex h-16 items-center justify-between gap-2 border-b border-border px-4">
        <Brand subtitle="Operator Dashboard" />
        <Button
          ref={closeRef}
          variant="ghost"
          size="icon"
          aria-label="Close navigation"
          className="lg:hidden"
          onClick={onClose}
        >
          <X className="size-5" aria-hidden="true" />
        </Button>
      </div>
      <SidebarNav />
      <SidebarUser />
    </aside>
  );
}
