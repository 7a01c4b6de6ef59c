import { Link, NavLink } from 'react-router';
import { Brand } from '../../components/brand.js';
import { ThemeSwitcher } from '../../components/theme-switcher.js';
import { buttonClasses } from '../../components/ui/button.js';
import { homePathFor, useAuth } from '../../lib/auth.js';
import { cn } from '../../lib/cn.js';
import { accountLinks, SITE_NAV_LINKS } from './site-nav-links.js';
import { SiteMenu } from './site-menu.js';

export const siteNavLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium hover:bg-muted hover:text-foreground',
    isActive ? 'text-foreground underline underline-offset-4' : 'text-muted-foreground',
  );

/**
 * The public site's header: the brand, its pages, sign in and the trial button. From the lg
 * breakpoint the links sit in a row; below it they fold into a menu button, while the trial
 * button stays in view.
 */
export function SiteHeader({ className }: { className?: string }) {
  const { user, isAuthenticated } = useAuth();
  const { signIn, action } = accountLinks(isAuthenticated, homePathFor(user));
  return (
    <header className={cn('relative border-b border-border bg-background', className)}>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {SITE_NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={siteNavLinkClass}>
              {link.label}
            </NavLink>
          ))}
          {signIn ? (
            <NavLink to={signIn.to} className={siteNavLinkClass}>
              {signIn.label}
            </NavLink>
          ) : null}
        </nav>
        <div className="flex items-center gap-2">
          <ThemeSwitcher className="hidden lg:inline-flex" />
          <Link to={action.to} className={buttonClasses({ size: 'sm' })}>
            {action.label}
          </Link>
          <SiteMenu signIn={signIn} className="lg:hidden" />
        </div>
      </div>
    </header>
  );
}
