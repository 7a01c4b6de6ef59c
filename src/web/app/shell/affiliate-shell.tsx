import type { ReactNode } from 'react';
import { Brand } from '../../components/brand.js';
import { ThemeSwitcher } from '../../components/theme-switcher.js';
import { SignOutButton } from '../../components/sign-out-button.js';
import { useAuth } from '../../lib/auth.js';
import { PageFooter } from '../page-footer.js';

/**
 * The frame of an affiliate who runs no machines: the brand, who is signed in, and a way out. Not
 * the operator sidebar, whose pages such an account cannot use.
 */
export function AffiliateShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Brand subtitle="Affiliate Program" />
          <div className="flex min-w-0 items-center gap-2">
            <span className="hidden max-w-48 truncate text-sm text-muted-foreground sm:inline" title={user?.email}>
              {user?.email}
            </span>
            <ThemeSwitcher />
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
        {children}
      </main>
      <PageFooter />
    </div>
  );
}
