import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { SignOutButton } from '../../../components/sign-out-button.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { CardFooter } from '../../../components/ui/card.js';
import { AuthFormSkeleton } from '../components/auth-form-skeleton.js';
import { homePathFor, useAuth } from '../../../lib/auth.js';
import { paths } from '../../../lib/paths.js';
import { AuthLayout } from '../components/auth-layout.js';

/**
 * /sign-out, where GET /api/logout leads: signing out takes this click (a POST), so a link from
 * another site can bring a visitor here but never sign them out.
 */
export function SignOutPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <AuthLayout title="Sign out?">
        <AuthFormSkeleton fields={0} />
      </AuthLayout>
    );
  }

  if (!user) {
    return (
      <AuthLayout title="You are signed out" icon={<LogOut className="size-6" aria-hidden="true" />}>
        <CardFooter>
          <Link to={paths.login()} className={buttonClasses({ variant: 'primary', className: 'w-full' })}>
            Sign in
          </Link>
          <Link to={paths.home} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
            Go to the home page
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign out?"
      description={
        <>
          You are signed in as <strong className="break-all text-foreground">{user.email}</strong>.
        </>
      }
      icon={<LogOut className="size-6" aria-hidden="true" />}
    >
      <CardFooter>
        <SignOutButton variant="primary" size="md" className="w-full" label="Sign out" />
        <Link to={homePathFor(user)} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
          Stay signed in
        </Link>
      </CardFooter>
    </AuthLayout>
  );
}
