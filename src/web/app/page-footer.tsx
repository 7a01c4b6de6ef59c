import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button.js';
import { useAuth } from '../lib/auth.js';
import { cn } from '../lib/cn.js';
import { paths } from '../lib/paths.js';

/** Page footer (spec 2.2): pricing, about, contact, feature-request and affiliate links, operator login when signed out, copyright. */
export function PageFooter({ className }: { className?: string }) {
  const { isAuthenticated, isLoading } = useAuth();
  // The current year, read as the page renders: a fixed year goes stale every January.
  const year = new Date().getFullYear();
  const linkClass = 'rounded-sm text-sm text-muted-foreground hover:text-foreground hover:underline';

  return (
    <footer className={cn('border-t border-border bg-background', className)}>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Link to={paths.pricingTop} className={linkClass}>
            Pricing
          </Link>
          <Link to={paths.about} className={linkClass}>
            About
          </Link>
          <Link to={paths.contact} className={linkClass}>
            Contact
          </Link>
          <Link to={paths.featureRequests} className={linkClass}>
            Feature Requests
          </Link>
          <Link to={paths.affiliateSignup} className={linkClass}>
            Affiliate Program
          </Link>
          {!isLoading && !isAuthenticated ? (
            // A full browser navigation: the server owns /api/login.
            <a href={paths.apiLogin} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              Operator Login
            </a>
          ) : null}
        </nav>
        <p className="text-sm text-muted-foreground">© {year} VendVote. All rights reserved.</p>
      </div>
    </footer>
  );
}
