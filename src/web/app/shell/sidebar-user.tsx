import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { SignOutButton } from '../../components/sign-out-button.js';
import { ThemeSwitcher } from '../../components/theme-switcher.js';
import { buttonClasses } from '../../components/ui/button.js';
import { useAuth } from '../../lib/auth.js';
import { paths } from '../../lib/paths.js';
import { TeamSwitcher } from '../../features/team/components/team-switcher.js';

/** Sidebar footer (spec 2.2): initial, first name (or 'User'), email, the team in use (for a person in several), the plan, theme and log out. */
export function SidebarUser() {
  const { user } = useAuth();
  const firstName = user?.firstName.trim() || 'User';
  const initial = (firstName[0] ?? 'U').toUpperCase();

  return (
    <div className="grid grid-cols-1 gap-3 border-t border-border p-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        >
          {initial}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-foreground">{firstName}</p>
          <p className="truncate text-xs text-muted-foreground" title={user?.email}>
            {user?.email}
          </p>
        </div>
      </div>
      <TeamSwitcher />
      <Link to={paths.billing} className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'w-full justify-start' })}>
        <CreditCard className="size-4" aria-hidden="true" />
        Plan &amp; billing
      </Link>
      <ThemeSwitcher fullWidth />
      <SignOutButton className="w-full justify-start" />
    </div>
  );
}
