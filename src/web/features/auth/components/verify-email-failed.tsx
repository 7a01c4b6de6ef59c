import { ArrowLeft, MailX } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { paths } from '../../../lib/paths.js';
import { AuthLayout } from './auth-layout.js';
import { ResendVerificationForm } from './resend-verification-form.js';

/** The verification failure view (spec 8): the reason, advice, registration, and a new link. */
export function VerifyEmailFailed({ message }: { message: string }) {
  return (
    <AuthLayout title="Verification Failed" icon={<MailX className="size-6" aria-hidden="true" />}>
      <CardContent className="grid gap-4">
        <Alert variant="destructive">
          <p>{message}</p>
        </Alert>
        <p className="text-sm text-muted-foreground">
          The verification link may be expired or invalid. Links work for 24 hours and only once; if you
          already verified your account, simply sign in.
        </p>
        <ResendVerificationForm />
      </CardContent>
      <CardFooter>
        <Link to={paths.register} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Registration
        </Link>
        <Link to={paths.login()} className="text-center text-sm font-medium text-primary hover:underline">
          Sign in instead
        </Link>
      </CardFooter>
    </AuthLayout>
  );
}
