import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import type { MarketingResource, MarketingResourceType } from '../../../../shared/marketing-resources.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.js';
import { useAffiliateResources } from '../api.js';
import { ResourceItem } from './resource-item.js';

/** The spec's tabs, in its order; each shows the resources of one type. */
const TABS: readonly { type: MarketingResourceType; label: string; empty: string }[] = [
  { type: 'image', label: 'Images', empty: 'No images yet' },
  { type: 'video', label: 'Videos', empty: 'No videos yet' },
  { type: 'email_template', label: 'Email Templates', empty: 'No email templates yet' },
  { type: 'document', label: 'Documents', empty: 'No documents yet' },
];

/** Banners, videos, emails and flyers the VendVote team publishes for affiliates to use. */
export function MarketingResources() {
  const resources = useAffiliateResources();
  const [tab, setTab] = useState<MarketingResourceType>('image');

  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">Marketing resources</h2>
        <p className="text-sm text-muted-foreground">Ready-made material to share with your link.</p>
      </div>
      {resources.isError ? (
        <LoadError what="the marketing resources" error={resources.error} onRetry={() => void resources.refetch()} retrying={resources.isRefetching} />
      ) : (
        <Tabs value={tab} onValueChange={(value) => setTab(value as MarketingResourceType)} className="grid min-w-0 gap-4">
          <TabsList aria-label="Resource types">
            {TABS.map(({ type, label }) => (
              <TabsTrigger key={type} value={type}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(({ type, label, empty }) => (
            <TabsContent key={type} value={type} className="min-w-0">
              {resources.data === undefined ? (
                <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="grid gap-3">
                  <Skeleton className="h-20 w-full" />
                  <Skeleton className="h-20 w-full" />
                </div>
              ) : (
                <ResourcesOfType resources={resources.data.filter((resource) => resource.type === type)} label={label} empty={empty} />
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </Card>
  );
}

function ResourcesOfType({ resources, label, empty }: { resources: MarketingResource[]; label: string; empty: string }) {
  if (resources.length === 0) {
    return <EmptyState icon={FolderOpen} level={3} title={empty} hint="The VendVote team adds material here from time to time." />;
  }
  return (
    <ul className="grid gap-3" aria-label={label}>
      {resources.map((resource) => (
        <li key={resource.id}>
          <ResourceItem resource={resource} />
        </li>
      ))}
    </ul>
  );
}
