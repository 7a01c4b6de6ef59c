import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.js';
import { ADMIN_TABS, ADMIN_TAB_NAMES, adminTabFromSearch, isAdminTab, searchForAdminTab } from '../admin-tabs.js';
import { AuditTab } from '../components/audit-tab.js';
import { AffiliateProgramTab } from '../components/affiliate-program-tab.js';
import { AffiliateSetupTab } from '../components/affiliate-setup-tab.js';
import { CharitiesTab } from '../components/charities-tab.js';
import { EducatorsTab } from '../components/educators-tab.js';
import { MessagesTab } from '../components/messages-tab.js';
import { ResourcesTab } from '../components/resources-tab.js';
import { UserDatabaseTab } from '../components/user-database-tab.js';

/** /admin-panel (admins only, spec: the admin panel); the open tab is in the URL, as `?tab=educators`. */
export function AdminPanelPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = adminTabFromSearch(searchParams);

  const onTabChange = (value: string) => {
    if (isAdminTab(value)) setSearchParams((current) => searchForAdminTab(current, value), { replace: true });
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl min-w-0 grid-cols-1 gap-6">
      <PageTitle title="Admin Panel" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Admin Panel</h1>
        <p className="text-muted-foreground">Accounts, the affiliate program, educators, marketing resources, the charity directory, messages from the contact page and the audit trail.</p>
      </div>
      <Tabs value={tab} onValueChange={onTabChange} className="grid min-w-0 grid-cols-1 gap-6">
        <TabsList aria-label="Admin sections">
          {ADMIN_TAB_NAMES.map((name) => (
            <TabsTrigger key={name} value={name}>
              {ADMIN_TABS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* The user list stays mounted, so its search and page survive a look at another tab. */}
        <TabsContent value="users" forceMount className="min-w-0 data-[state=inactive]:hidden">
          <UserDatabaseTab />
        </TabsContent>
        <TabsContent value="affiliates">
          <AffiliateProgramTab />
        </TabsContent>
        <TabsContent value="affiliate-setup">
          <AffiliateSetupTab />
        </TabsContent>
        <TabsContent value="educators">
          <EducatorsTab />
        </TabsContent>
        <TabsContent value="resources">
          <ResourcesTab />
        </TabsContent>
        <TabsContent value="charities" className="min-w-0">
          <CharitiesTab />
        </TabsContent>
        <TabsContent value="messages" className="min-w-0">
          <MessagesTab />
        </TabsContent>
        <TabsContent value="audit" className="min-w-0">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
