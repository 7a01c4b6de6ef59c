import { CheckCircle2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { useAuth, useContinueAfterVerifying, useRefreshCurrentUser } from '../api.js';
import { AuthLayout } from './auth-layout.js';

interface VerifiedContinueProps {
  message: string;
  verified: { id: number; email: string };
}

/**
 * The success view. Verifying signed nobody in: the visitor continues with a click, and a browser
 * signed in to another account says so and switches only when asked (DECISIONS 2).
 */
export function VerifiedContinue({ message, verified }: VerifiedContinueProps) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const refreshCurrentUser = useRefreshCurrentUser();
  const continuing = useContinueAfterVerifying();

  const continueAs = (replaceSession: boolean) =>
    continuing.mutate(replaceSession, {
      onSuccess: async () => {
        await refreshCurrentUser();
        // A plan chosen before sign-up stays in localStorage ('subscriptionIntent') untouched here:
        // the billing feature will start its checkout. Until then everyone goes to the dashboard.
        navigate(paths.dashboard, { replace: true });
      },
    });

  const signedInAsOther = user !== null && user.id !== verified.id;
  const error = continuing.isError ? (readApiError(continuing.error).message ?? 'Something went wrong. Please sign in.') : null;

  return (
    <AuthLayout title="Email Verified!" description={message} icon={<CheckCircle2 className="size-6" aria-hidden="true" />}>
      <CardContent className="grid gap-4">
        {error ? (
          <Alert variant="destructive">
            <p>{error}</p>
          </Alert>
        ) : null}
        {user?.id === verified.id ? (
          <p className="text-center text-sm text-muted-foreground">You are signed in as {verified.email}.</p>
        ) : signedInAsOther ? (
          <Alert>
            <p>
              You are signed in as <strong>{user.email}</strong>. Continue as <strong>{verified.email}</strong>?
            </p>
          </Alert>
        ) : (
          <p className="text-center text-sm text-muted-foreground">{verified.email} is ready to use.</p>
        )}
      </CardContent>
      <CardFooter>
        {user?.id === verified.id ? (
          <Link to={paths.dashboard} className={buttonClasses({ className: 'w-full' })}>
            Go to Dashboard
          </Link>
        ) : signedInAsOther ? (
          <>
            <Button className="w-full" loading={continuing.isPending} onClick={() => continueAs(true)}>
              Sign out and continue as {verified.email}
            </Button>
            <Link to={paths.dashboard} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
              Stay signed in as {user.email}
            </Link>
          </>
        ) : (
          <>
            <Button className="w-full" loading={continuing.isPending} disabled={isLoading} onClick={() => continueAs(false)}>
              Continue to Dashboard
            </Button>
            <Link to={paths.login()} className="text-center text-sm font-medium text-primary hover:underline">
              Sign in with your password instead
            </Link>
          </>
        )}
      </CardFooter>
    </AuthLayout>
  );
}
