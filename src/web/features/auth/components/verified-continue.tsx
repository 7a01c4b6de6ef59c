import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { readApiError } from '../../../lib/api.js';
import { homePathFor } from '../../../lib/auth.js';
import { paths } from '../../../lib/paths.js';
import { readSubscriptionIntent } from '../../../lib/subscription-intent.js';
import { useIntentCheckout } from '../../billing/use-intent-checkout.js';
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
  const intentCheckout = useIntentCheckout();
  // Read once: the plan chosen on the pricing page before signing up, if any.
  const [intent] = useState(readSubscriptionIntent);

  // Checkout for the chosen plan starts once, from whichever path gets there first.
  const checkoutStarted = useRef(false);
  const continueAs = (replaceSession: boolean) => {
    checkoutStarted.current = true;
    continuing.mutate(replaceSession, {
      onSuccess: async () => {
        const signedIn = await refreshCurrentUser();
        // With a plan chosen before sign-up, its checkout opens by itself; otherwise the dashboard
        // (an affiliate's own: they buy no plan and cannot use the operator pages).
        const isAffiliateOnly = signedIn?.role === 'affiliate';
        if (isAffiliateOnly || !(await intentCheckout.start())) navigate(homePathFor(signedIn), { replace: true });
      },
      onError: () => {
        checkoutStarted.current = false;
      },
    });
  };

  // Already signed in as the verified account (verified in the browser that registered): the
  // chosen plan's checkout opens at once. Not after Continue (that path starts it itself), and
  // once only, though StrictMode runs effects twice.
  const signedInAsVerified = user?.id === verified.id;
  const signedInAsAffiliate = user?.role === 'affiliate';
  useEffect(() => {
    if (!signedInAsVerified || signedInAsAffiliate || !intent || checkoutStarted.current) return;
    checkoutStarted.current = true;
    void intentCheckout.start();
  }, [signedInAsVerified, signedInAsAffiliate, intent, intentCheckout]);

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
        {intent ? (
          <p role="status" className="text-center text-sm font-medium text-foreground">
            {intentCheckout.pending ? `Opening checkout for the ${intent.planName} plan…` : `Next: checkout for the ${intent.planName} plan.`}
          </p>
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
          <Link to={homePathFor(user)} className={buttonClasses({ className: 'w-full' })}>
            Go to Dashboard
          </Link>
        ) : signedInAsOther ? (
          <>
            <Button className="w-full" loading={continuing.isPending || intentCheckout.pending} onClick={() => continueAs(true)}>
              Sign out and continue as {verified.email}
            </Button>
            <Link to={homePathFor(user)} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
              Stay signed in as {user.email}
            </Link>
          </>
        ) : (
          <>
            <Button
              className="w-full"
              loading={continuing.isPending || intentCheckout.pending}
              disabled={isLoading}
              onClick={() => continueAs(false)}
            >
              {intent ? `Continue to ${intent.planName} checkout` : 'Continue to Dashboard'}
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
