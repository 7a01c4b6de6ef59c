import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { MarketingResourceMessages as M } from '../../../../shared/marketing-resources.schemas.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { useMarketingResources } from '../marketing-resources-api.js';
import { ResourceFormDialog } from './resource-form-dialog.js';
import { ResourceList, ResourceListSkeleton } from './resource-list.js';

/** Resources (spec: the admin panel): the marketing resources affiliates are offered, and the dialog that adds one. */
export function ResourcesTab() {
  const resources = useMarketingResources();
  const [adding, setAdding] = useState(false);

  let body;
  if (resources.isPending) body = <ResourceListSkeleton />;
  else if (resources.isError) {
    body = <LoadError what="the marketing resources" error={resources.error} onRetry={() => void resources.refetch()} retrying={resources.isRefetching} />;
  } else if (resources.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
        <FolderOpen className="size-10 text-muted-foreground" aria-hidden="true" />
        <h3 className="text-lg font-semibold">{M.empty}</h3>
        <p className="max-w-sm text-sm text-muted-foreground">Add images, videos, documents or email templates for affiliates to use.</p>
      </div>
    );
  } else body = <ResourceList resources={resources.data} />;

  return (
    <section aria-labelledby="marketing-resources-heading" className="grid min-w-0 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="marketing-resources-heading" className="text-xl font-semibold">
            Marketing resources
          </h2>
          <p className="text-sm text-muted-foreground">Files and email templates affiliates can download. Inactive ones stay hidden from them.</p>
        </div>
        <ResourceFormDialog open={adding} onOpenChange={setAdding} />
      </div>
      {body}
    </section>
  );
}
