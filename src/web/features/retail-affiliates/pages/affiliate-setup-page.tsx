import { PageTitle } from '../../../components/page-title.js';
import { RetailIntegrationForm } from '../components/retail-integration-form.js';

/** /affiliate-setup (spec extended: Affiliate Integration Setup): the operator's own retail integrations. */
export function AffiliateSetupPage() {
  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6">
      <PageTitle title="Affiliate Integration Setup" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Affiliate Integration Setup</h1>
        <p className="text-muted-foreground">Connect your Amazon Associates and Sam&rsquo;s Club affiliate accounts, test them, and set your commission rate.</p>
      </div>
      <RetailIntegrationForm scope="operator" />
    </div>
  );
}
