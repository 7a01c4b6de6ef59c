import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.js';
import { safeNextPath } from '../../../lib/safe-next.js';
import { useAuth } from '../api.js';
import { AuthFormSkeleton } from '../components/auth-form-skeleton.js';
import { AuthLayout } from '../components/auth-layout.js';
import { LoginForm } from '../components/login-form.js';

/** /login: a signed-in visitor goes straight on to `next` or the dashboard (spec 2.10, DECISIONS 8). */
export function LoginPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const [searchParams] = useSearchParams();
  const redirectTo = safeNextPath(searchParams.get('next')) ?? paths.dashboard;
  // Once this form signs the user in, it handles the redirect itself (after the welcome notice).
  const [signedInHere, setSignedInHere] = useState(false);

  if (isAuthenticated && !signedInHere) return <Navigate to={redirectTo} replace />;

  return (
    <AuthLayout
      title="Sign in to VendVote"
      description="Enter your email and password to open your operator dashboard."
      icon={<LogIn className="size-6" aria-hidden="true" />}
    >
      {isLoading ? (
        <AuthFormSkeleton fields={2} />
      ) : (
        <LoginForm redirectTo={redirectTo} onSignedIn={() => setSignedInHere(true)} />
      )}
    </AuthLayout>
  );
}
