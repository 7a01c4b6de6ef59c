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
          We sent a verification link to{' '}
          {/* On its own line, broken only where it must be (before the @), never mid-word. */}
          <strong data-testid="check-email-address" className="block break-words text-foreground">
            {email ? <EmailAddress email={email} /> : 'your email'}
          </strong>
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
          <li>
            The link confirms your address. On the page it opens, click &ldquo;Continue to Dashboard&rdquo; to sign in,
            or sign in here with your email and password.
          </li>
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

/** The address with a break opportunity before the @, where a reader expects a long address to wrap. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
