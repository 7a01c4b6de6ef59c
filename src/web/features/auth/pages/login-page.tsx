import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { CardContent } from '../../../components/ui/card.js';
import { Handshake, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PAGE_META } from '../../../../shared/page-meta.js';
import { PUBLIC_PAGE_PATHS } from '../../../../shared/page-routes.js';
import { pathAfterSignIn } from '../../../lib/auth.js';
import { paths } from '../../../lib/paths.js';
import { safeNextPath } from '../../../lib/safe-next.js';
import { useAuth } from '../api.js';
import { AuthFormSkeleton } from '../components/auth-form-skeleton.js';
import { AuthLayout } from '../components/auth-layout.js';
import { LoginForm } from '../components/login-form.js';

/** Who the sign-in page speaks to: the same form, its own heading and its own way to join. */
const AUDIENCES = {
  operator: {
    title: PAGE_META[PUBLIC_PAGE_PATHS.login].title,
    description: 'Enter your email and password to open your operator dashboard.',
    icon: LogIn,
    signUp: { href: paths.register, label: 'Sign up' },
  },
  affiliate: {
    title: PAGE_META[PUBLIC_PAGE_PATHS.affiliateLogin].title,
    description: 'Enter your email and password to open your affiliate dashboard: your link, referrals and earnings.',
    icon: Handshake,
    signUp: { href: paths.affiliateSignup, label: 'Join the affiliate program' },
  },
} as const;

export type LoginAudience = keyof typeof AUDIENCES;

/**
 * /login and /affiliate/login: a signed-in visitor goes straight on to `next` or their own
 * dashboard (spec 2.10, DECISIONS 8); an affiliate's is the affiliate dashboard, whichever page
 * they signed in on.
 */
export function LoginPage({ audience = 'operator' }: { audience?: LoginAudience }) {
  const { user, isAuthenticated, isLoading } = useAuth();
  const [searchParams] = useSearchParams();
  // Whoever signs in on the affiliates' page means to reach the affiliate dashboard, operators in
  // the program included (one outside it reads there how to join).
  const next = safeNextPath(searchParams.get('next')) ?? (audience === 'affiliate' ? paths.affiliateDashboard : null);
  // Once this form signs the user in, it handles the redirect itself (after the welcome notice).
  const [signedInHere, setSignedInHere] = useState(false);
  const { title, description, icon: Icon, signUp } = AUDIENCES[audience];

  if (isAuthenticated && !signedInHere) return <Navigate to={pathAfterSignIn(user, next)} replace />;

  return (
    <AuthLayout title={title} description={description} icon={<Icon className="size-6" aria-hidden="true" />}>
      {searchParams.get('account') === 'deleted' ? (
        <CardContent className="pb-4">
          <Alert>
            <AlertTitle>Your account is scheduled for deletion</AlertTitle>
            <p>You are signed out everywhere, and we emailed you the date it will be erased. Signing in before then lets you keep it.</p>
          </Alert>
        </CardContent>
      ) : null}
      {isLoading ? (
        <AuthFormSkeleton fields={2} />
      ) : (
        <LoginForm next={next} signUp={signUp} onSignedIn={() => setSignedInHere(true)} />
      )}
    </AuthLayout>
  );
}
