import { CheckCircle2, KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthMessages } from '../../../../shared/auth.schemas.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { paths } from '../../../lib/paths.js';
import { useRefreshCurrentUser } from '../api.js';
import { AuthLayout } from '../components/auth-layout.js';
import { ResetPasswordForm } from '../components/reset-password-form.js';

/** /reset-password?token=…: choose a new password from an emailed link (DECISIONS 2, 8). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const refreshCurrentUser = useRefreshCurrentUser();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthLayout
        title="Reset link missing"
        description={AuthMessages.resetTokenMissing}
        icon={<LinkIcon className="size-6" aria-hidden="true" />}
      >
        <CardContent>
          <p className="text-center text-sm text-muted-foreground">
            Open the link from your password reset email, or request a new one.
          </p>
        </CardContent>
        <CardFooter>
          <Link to={paths.forgotPassword} className={buttonClasses({ className: 'w-full' })}>
            Request a new reset link
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  if (doneMessage) {
    return (
      <AuthLayout
        title="Password updated"
        description={doneMessage}
        icon={<CheckCircle2 className="size-6" aria-hidden="true" />}
      >
        <CardContent>
          <p role="status" className="text-center text-sm text-muted-foreground">
            For your security, every device that was signed in to this account has been signed out.
          </p>
        </CardContent>
        <CardFooter>
          <Link to={paths.login()} className={buttonClasses({ className: 'w-full' })}>
            Go to Sign In
          </Link>
        </CardFooter>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      description="Choose a new password for your VendVote account."
      icon={<KeyRound className="size-6" aria-hidden="true" />}
    >
      <ResetPasswordForm
        token={token}
        onDone={(message) => {
          setDoneMessage(message);
          // The reset ended every session, possibly this browser's too.
          void refreshCurrentUser();
        }}
      />
    </AuthLayout>
  );
}
