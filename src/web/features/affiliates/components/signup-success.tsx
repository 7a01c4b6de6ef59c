import { CheckCircle2, Home, LogIn } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AffiliateMessages } from '../../../../shared/affiliates.schemas.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { paths } from '../../../lib/paths.js';
import { ResendVerificationButton } from '../../auth/components/resend-verification-button.js';

// The spec's sentence, shown as a heading and its text.
export const SUCCESS_TITLE = 'Registration Successful!';
export const SUCCESS_TEXT = AffiliateMessages.registered.slice(SUCCESS_TITLE.length).trim();

/**
 * After joining: welcome, and the step that is still missing: the account verifies its email, as
 * an operator's does, before it can sign in. Focus moves to the heading, so a screen reader hears it.
 */
export function SignupSuccess({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="grid gap-5 text-center">
      <CheckCircle2 className="mx-auto size-12 text-success-soft-foreground" aria-hidden="true" />
      <div className="grid gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
          {SUCCESS_TITLE}
        </h2>
        <p className="text-lg">{SUCCESS_TEXT}</p>
      </div>
      <div className="grid gap-2 rounded-lg border border-border bg-muted/40 p-4 text-left text-sm">
        <p>
          We sent a verification link to <strong className="break-all">{email}</strong>.
        </p>
        <ol className="grid list-decimal gap-1 pl-5 text-muted-foreground">
          <li>Open the email from VendVote and click the link (valid for 24 hours) to verify your address.</li>
          <li>Continue from there, or sign in, to open your affiliate dashboard with your referral link.</li>
          <li>Can&apos;t find it? Check your spam folder, or send a new link below.</li>
        </ol>
      </div>
      <ResendVerificationButton email={email} className="w-full" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to={paths.home} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
          <Home className="size-4" aria-hidden="true" />
          Return to homepage
        </Link>
        <Link to={paths.affiliateLogin()} className={buttonClasses({ className: 'w-full' })}>
          <LogIn className="size-4" aria-hidden="true" />
          Affiliate sign in
        </Link>
      </div>
    </div>
  );
}
