import { Handshake } from 'lucide-react';
import { Link } from 'react-router';
import { AffiliateMessages } from '../../../../shared/affiliates.schemas.js';
import { PageTitle } from '../../../components/page-title.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { paths } from '../../../lib/paths.js';

/** A signed-in account outside the program opened its dashboard: the server would answer 403, so say why and where to join. */
export function NotAffiliate() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <PageTitle title="Affiliate Dashboard" />
      <p className="text-5xl font-bold text-muted-foreground" aria-hidden="true">
        403
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{AffiliateMessages.notAffiliate}</h1>
      <p className="text-muted-foreground">
        Your account is not in the affiliate program, so it has no referral link or earnings to show. Affiliates join with an
        account of their own.
      </p>
      <Link to={paths.affiliateSignup} className={buttonClasses()}>
        <Handshake className="size-4" aria-hidden="true" />
        About the affiliate program
      </Link>
    </div>
  );
}
