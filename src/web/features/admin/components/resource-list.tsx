import { Download, Trash2 } from 'lucide-react';
import { ADMIN_LIST_SKELETON_ROWS } from '../../../../shared/admin-users.schemas.js';
import {
  MarketingResourceMessages as M,
  RESOURCE_CATEGORY_LABELS,
  RESOURCE_TYPE_LABELS,
  type MarketingResource,
} from '../../../../shared/marketing-resources.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { Switch } from '../../../components/ui/switch.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useDeleteResource, useUpdateResource } from '../marketing-resources-api.js';
import { fileSizeLabel, RESOURCE_TYPE_ICONS } from './resource-format.js';

/** Spec 9: six placeholder rows while the list loads. */
export function ResourceListSkeleton() {
  return (
    <div role="status" aria-label="Loading marketing resources" className="grid gap-3">
      {Array.from({ length: ADMIN_LIST_SKELETON_ROWS }, (_, row) => (
        <Card key={row} data-testid="resource-skeleton-row" className="flex items-center gap-4 p-4">
          <Skeleton className="size-10 shrink-0" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-48 max-w-full" />
            <Skeleton className="h-3 w-72 max-w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}

export function ResourceList({ resources }: { resources: MarketingResource[] }) {
  return (
    <ul className="grid gap-3" aria-label="Marketing resources">
      {resources.map((resource) => (
        <li key={resource.id}>
          <ResourceCard resource={resource} />
        </li>
      ))}
    </ul>
  );
}

function ResourceCard({ resource }: { resource: MarketingResource }) {
  const update = useUpdateResource();
  const remove = useDeleteResource();
  const Icon = RESOURCE_TYPE_ICONS[resource.type];
  const switchId = `resource-active-${resource.id}`;

  const setActive = async (isActive: boolean) => {
    try {
      await update.mutateAsync({ id: resource.id, changes: { isActive } });
      toast({
        title: isActive ? 'Resource Activated' : 'Resource Deactivated',
        description: `${resource.title} is ${isActive ? 'now offered to' : 'hidden from'} affiliates.`,
      });
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({ title: 'Update Failed', description: readApiError(error).message ?? 'Failed to update resource', variant: 'destructive' });
    }
  };

  const deleteResource = async () => {
    try {
      await remove.mutateAsync({ id: resource.id });
      toast({ title: M.deleted, description: `${resource.title} has been deleted.` });
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({ title: M.deleteFailed, description: readApiError(error).message ?? 'Failed to delete resource', variant: 'destructive' });
    }
  };

  return (
    <Card className="grid gap-3 p-4" data-testid="resource-card">
      <div className="flex min-w-0 items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted">
          <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
        </div>
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 className="font-semibold break-words">{resource.title}</h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="outline">{RESOURCE_TYPE_LABELS[resource.type]}</Badge>
            <Badge variant="secondary">{RESOURCE_CATEGORY_LABELS[resource.category]}</Badge>
            {resource.isActive ? null : <Badge variant="destructive">Inactive</Badge>}
          </div>
          {resource.description ? <p className="text-sm break-words text-muted-foreground">{resource.description}</p> : null}
        </div>
      </div>
      {resource.file && resource.fileUrl ? (
        <p className="text-sm break-all text-muted-foreground">
          {resource.file.name} · {fileSizeLabel(resource.file.size)}
        </p>
      ) : null}
      {resource.content !== null ? (
        <details className="rounded-md border border-border p-3 text-sm">
          <summary className="cursor-pointer font-medium">Preview email</summary>
          <pre className="mt-2 max-h-64 overflow-auto font-sans text-sm break-words whitespace-pre-wrap">{resource.content}</pre>
        </details>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={resource.isActive} disabled={update.isPending} onCheckedChange={(checked) => void setActive(checked)} />
          <label htmlFor={switchId} className="text-sm">
            Active
          </label>
        </div>
        <div className="flex flex-wrap gap-2">
          {resource.fileUrl ? (
            <a href={resource.fileUrl} download className={buttonClasses({ variant: 'outline', size: 'sm' })} aria-label={`Download ${resource.title}`}>
              <Download className="size-4" aria-hidden="true" />
              Download
            </a>
          ) : null}
          <ConfirmAction
            trigger={
              <Button variant="outline" size="sm" loading={remove.isPending} aria-label={`Delete ${resource.title}`}>
                <Trash2 className="size-4" aria-hidden="true" />
                Delete
              </Button>
            }
            title="Delete resource"
            description={M.confirmDelete}
            confirmLabel="Delete"
            onConfirm={deleteResource}
          />
        </div>
      </div>
    </Card>
  );
}
