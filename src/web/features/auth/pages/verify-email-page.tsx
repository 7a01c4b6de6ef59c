import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AuthMessages } from '../../../../shared/auth.schemas.js';
import { CardContent } from '../../../components/ui/card.js';
import { readApiError } from '../../../lib/api.js';
import { useVerifyEmail } from '../api.js';
import { AuthLayout } from '../components/auth-layout.js';
import { VerifiedContinue } from '../components/verified-continue.js';
import { VerifyEmailFailed } from '../components/verify-email-failed.js';

/** /verify-email?token=…: loading, then success (one click to sign in) or failure. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The token is single-use: StrictMode runs effects twice, so remember which token was sent.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token) return <VerifyEmailFailed message={AuthMessages.verificationTokenMissing} />;

  if (verify.isError) {
    const message = readApiError(verify.error).message ?? 'Email verification failed. Please try again.';
    return <VerifyEmailFailed message={message} />;
  }

  if (verify.isSuccess) return <VerifiedContinue message={verify.data.message} verified={verify.data.user} />;

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
