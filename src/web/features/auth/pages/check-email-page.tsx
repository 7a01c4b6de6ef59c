import { ArrowLeft, Mail } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.js';
import { CardContent, CardFooter } from '../../../components/ui/card.js';
import { paths } from '../../../lib/paths.js';
import { AuthLayout } from '../components/auth-layout.js';
import { ResendVerificationButton } from '../components/resend-verification-button.js';

/** /check-email?email=…: what to do after registering (spec 2.10). */
export function CheckEmailPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';

  return (
    <AuthLayout
      title="Check Your Email"
      description={
        <>
          We sent a verification link to <strong className="break-all text-foreground">{email || 'your email'}</strong>.
        </>
      }
      icon={<Mail className="size-6" aria-hidden="true" />}
    >
      <CardContent>
        <h2 className="mb-2 text-sm font-semibold">Next steps</h2>
        <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
          <li>Open the email from VendVote and click the verification link.</li>
          <li>The link is valid for 24 hours and can be used once.</li>
          <li>Can&apos;t find it? Check your spam or junk folder, or search for &ldquo;VendVote&rdquo;.</li>
          <li>Once verified, you are signed in and taken to your dashboard.</li>
        </ol>
      </CardContent>
      <CardFooter>
        {email ? <ResendVerificationButton email={email} className="w-full" /> : null}
        <Link to={paths.login()} className={buttonClasses({ variant: 'primary', className: 'w-full' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Sign In
        </Link>
      </CardFooter>
    </AuthLayout>
  );
}
