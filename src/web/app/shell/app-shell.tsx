import { Menu } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Brand } from '../../components/brand.js';
import { Button } from '../../components/ui/button.js';
import { PageFooter } from '../page-footer.js';
import { Sidebar, SIDEBAR_ID } from './sidebar.js';
import { useLiveUpdates } from './use-live-updates.js';

/** Every signed-in operator screen: sidebar, a small-screen top bar, the page, the footer. */
export function AppShell({ children }: { children: ReactNode }) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useLiveUpdates();

  // The sidebar closes on navigation (adjusting state while rendering, as React recommends).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setSidebarOpen(false);
  }

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setSidebarOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sidebarOpen]);

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <Sidebar
        open={sidebarOpen}
        onClose={() => {
          setSidebarOpen(false);
          toggleRef.current?.focus();
        }}
      />
      {sidebarOpen ? (
        // Clicking beside the open sidebar closes it; keyboard users have the toggle and Escape.
        <div
          aria-hidden="true"
          data-testid="sidebar-overlay"
          className="fixed inset-0 z-30 bg-black/50 lg:hidden"
          onClick={() => setSidebarOpen(false)}
        />
      ) : null}
      <div className="flex min-h-dvh flex-col lg:pl-64 print:pl-0">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-card px-4 lg:hidden print:hidden">
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            aria-label="Toggle navigation menu"
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            onClick={() => setSidebarOpen((open) => !open)}
          >
            <Menu className="size-5" aria-hidden="true" />
          </Button>
          <Brand />
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          {children}
        </main>
        <PageFooter className="print:hidden" />
      </div>
    </div>
  );
}
