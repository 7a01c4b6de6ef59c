import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthMessages } from '../../../../shared/auth.schemas.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { useRefreshCurrentUser, useVerifyEmail } from '../api.js';
import { AuthLayout } from '../components/auth-layout.js';
import { VerifyEmailFailed } from '../components/verify-email-failed.js';

/** Spec 9: pause on the success view before opening the dashboard. */
export const VERIFY_REDIRECT_DELAY_MS = 2000;

/** /verify-email?token=…: loading, then success (signed in, on to the dashboard) or failure. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const refreshCurrentUser = useRefreshCurrentUser();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The token is single-use: StrictMode runs effects twice, so remember which token was sent.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    mutate(token);
  }, [token, mutate]);

  const succeeded = verify.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    // The server signed the user in; load the account before the dashboard asks for it.
    const refreshed = refreshCurrentUser();
    // A plan chosen before sign-up stays in localStorage ('subscriptionIntent') untouched here:
    // the billing feature will start its checkout. Until then everyone goes to the dashboard.
    let cancelled = false;
    const timer = setTimeout(() => {
      void refreshed.then(() => {
        if (!cancelled) navigate(paths.dashboard, { replace: true });
      });
    }, VERIFY_REDIRECT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [succeeded, refreshCurrentUser, navigate]);

  if (!token) return <VerifyEmailFailed message={AuthMessages.verificationTokenMissing} />;

  if (verify.isError) {
    const message = readApiError(verify.error).message ?? 'Email verification failed. Please try again.';
    return <VerifyEmailFailed message={message} />;
  }

  if (verify.isSuccess) {
    return (
      <AuthLayout
        title="Email Verified!"
        description={verify.data.message}
        icon={<CheckCircle2 className="size-6" aria-hidden="true" />}
      >
        <CardContent>
          <p role="status" className="text-center text-sm text-muted-foreground">
            You are signed in. Taking you to your dashboard…
          </p>
        </CardContent>
        <CardFooter>
          <Link to={paths.dashboard} className={buttonClasses({ className: 'w-full' })}>
            Go to Dashboard
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Verifying your email"
      icon={<Loader2 className="size-6 animate-spin" aria-hidden="true" />}
    >
      <CardContent>
        <p role="status" className="text-center text-sm text-muted-foreground">
          Please wait while we confirm your email address…
        </p>
      </CardContent>
    </AuthLayout>
  );
}
