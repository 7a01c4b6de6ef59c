import { useState } from 'react';
import { Link } from 'react-router';
import { COMMISSION_RATE_PERCENT } from '../../../../shared/affiliates.schemas.js';
import { PAGE_META } from '../../../../shared/page-meta.js';
import { PUBLIC_PAGE_PATHS } from '../../../../shared/page-routes.js';
import { Card } from '../../../components/ui/card.js';
import { toast } from '../../../components/ui/use-toast.js';
import { paths } from '../../../lib/paths.js';
import { PublicPageLayout } from '../../marketing/public-page-layout.js';
import { AffiliateSignupForm } from '../components/affiliate-signup-form.js';
import { ProgramTerms } from '../components/program-terms.js';
import { SignupSuccess, SUCCESS_TEXT, SUCCESS_TITLE } from '../components/signup-success.js';

/** /affiliate-signup (public, spec extended 3): the program's terms beside the form, then the success screen. */
export function AffiliateSignupPage() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const onRegistered = (email: string) => {
    toast({ title: SUCCESS_TITLE, description: SUCCESS_TEXT });
    setRegisteredEmail(email);
  };

  return (
    <PublicPageLayout title={PAGE_META[PUBLIC_PAGE_PATHS.affiliateSignup].title} className="bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:py-14">
        <header className="grid max-w-3xl gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Join the VendVote affiliate program</h1>
          <p className="text-lg text-muted-foreground">
            Know vending operators? Refer them to VendVote and earn {COMMISSION_RATE_PERCENT}% of their subscription, every month
            they pay.
          </p>
        </header>
        <div className="grid items-start gap-8 lg:grid-cols-[1fr_28rem]">
          <ProgramTerms />
          <Card className="grid gap-4 p-6">
            {registeredEmail ? (
              <SignupSuccess email={registeredEmail} />
            ) : (
              <>
                <div className="grid gap-1">
                  <h2 className="text-xl font-semibold">Create your affiliate account</h2>
                  <p className="text-sm text-muted-foreground">
                    Free to join. You verify your email, then your dashboard shows your link and earnings.
                  </p>
                </div>
                <AffiliateSignupForm onRegistered={onRegistered} />
              </>
            )}
          </Card>
        </div>
        <p className="text-sm text-muted-foreground">
          <Link to={paths.home} className="font-medium text-primary hover:underline">
            Back to the VendVote homepage
          </Link>
        </p>
      </div>
    </PublicPageLayout>
  );
}
