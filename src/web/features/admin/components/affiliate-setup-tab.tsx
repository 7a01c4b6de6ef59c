import { RetailIntegrationForm } from '../../retail-affiliates/components/retail-integration-form.js';
import { AffiliateStatsCards } from './affiliate-stats-cards.js';

/** Affiliate Setup (spec: the program's figures, then the retailer integrations and commission rate of the platform, not of one operator). */
export function AffiliateSetupTab() {
  return (
    <div className="grid min-w-0 gap-4">
      <AffiliateStatsCards />
      <p className="text-sm text-muted-foreground">
        The platform&rsquo;s own Amazon and Sam&rsquo;s Club accounts. Each operator connects their own under Affiliate Setup.
      </p>
      <RetailIntegrationForm scope="admin" />
    </div>
  );
}
