import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.js';
import type { CharitySearch } from '../api.js';
import { DonationHistoryTab } from '../components/donation-history-tab.js';
import { FindCharitiesTab } from '../components/find-charities-tab.js';
import { TaxSummaryTab } from '../components/tax-summary-tab.js';
import {
  DONATION_HUB_TAB_NAMES,
  DONATION_HUB_TABS,
  isDonationHubTab,
  readDonationHubSearch,
  writeDonationHubSearch,
  type DonationHubSearch,
} from '../donation-hub-search.js';

/**
 * /donation-hub (spec extended: Donation Hub; DECISIONS 4, 10, 11): charities near a ZIP code from the
 * IRS list and the operator's own, donations of goods with receipts, and the tax year's summary. The
 * tab, the search and the year are in the URL, as `?zip=78701&radius=25` or `?tab=tax&year=2025`.
 */
export function DonationHubPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = readDonationHubSearch(searchParams);

  // Replaced, not pushed: a ZIP code typed digit by digit searches as it completes, and the fields
  // follow the URL only when the tab opens, so Back leaves the page rather than walking its searches.
  const change = (changes: Partial<DonationHubSearch>) => setSearchParams((current) => writeDonationHubSearch(current, changes), { replace: true });

  return (
    <div className="mx-auto grid w-full max-w-7xl min-w-0 grid-cols-1 gap-6">
      <PageTitle title="Donation Hub" />
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Donation Hub</h1>
        <p className="text-muted-foreground">Give unsold stock to charities near you, keep the receipts, and see the year’s figures for your taxes.</p>
      </header>
      <Tabs value={asked.tab} onValueChange={(value) => isDonationHubTab(value) && change({ tab: value })} className="grid min-w-0 grid-cols-1 gap-6">
        <TabsList aria-label="Donation hub sections">
          {DONATION_HUB_TAB_NAMES.map((name) => (
            <TabsTrigger key={name} value={name}>
              {DONATION_HUB_TABS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="find" className="min-w-0">
          <FindCharitiesTab
            zipCode={asked.zip}
            radius={asked.radius}
            onSearchChange={({ zipCode, radius }: CharitySearch) => change({ zip: zipCode, radius })}
          />
        </TabsContent>
        <TabsContent value="history" className="min-w-0">
          <DonationHistoryTab />
        </TabsContent>
        <TabsContent value="tax" className="min-w-0">
          <TaxSummaryTab year={asked.year} onYearChange={(year) => change({ year })} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
