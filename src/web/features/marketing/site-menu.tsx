import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ThemeSwitcher } from '../../components/theme-switcher.js';
import { Button } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { SITE_NAV_LINKS, type SiteLink } from './site-nav-links.js';

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('block rounded-md px-3 py-3 text-base font-medium hover:bg-muted', isActive ? 'bg-muted text-foreground' : 'text-foreground');

/**
 * The header's links on a small screen: a disclosure button and the list below the header. Tab
 * moves through the links; Escape, choosing a link or clicking outside closes it, and Escape
 * returns focus to the button.
 */
export function SiteMenu({ signIn, className }: { signIn: SiteLink | null; className?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const { pathname, hash } = useLocation();

  // Choosing a link closes the menu (adjusting state while rendering, as React recommends).
  const location = `${pathname}${hash}`;
  const [lastLocation, setLastLocation] = useState(location);
  if (location !== lastLocation) {
    setLastLocation(location);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const links = signIn ? [...SITE_NAV_LINKS, signIn] : SITE_NAV_LINKS;
  return (
    <div ref={containerRef} className={className}>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
      </Button>
      <nav
        id={panelId}
        aria-label="Main"
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-b border-border bg-background px-4 pt-2 pb-4 shadow-lg"
      >
        <ul className="grid gap-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={menuLinkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <ThemeSwitcher fullWidth className="mt-3" />
      </nav>
    </div>
  );
}
