import { Plus } from 'lucide-react';
import { useState } from 'react';
import { EducatorMessages, type Educator } from '../../../../shared/educators.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useAdminEducators, useDeleteEducator } from '../../education/api.js';
import { EducatorDialog } from './educator-dialog.js';
import { EducatorStatCards } from './educator-stat-cards.js';
import { EducatorTable, EducatorTableSkeleton, NoEducatorsYet } from './educator-table.js';

type DialogState = { open: false } | { open: true; educator?: Educator };

/** Educators (spec: the admin panel's Educators tab): the counts, the table, add, edit and delete. */
export function EducatorsTab() {
  const list = useAdminEducators();
  const remove = useDeleteEducator();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [deleting, setDeleting] = useState<Educator | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
      toast({ title: EducatorMessages.deleted, description: EducatorMessages.deletedText });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: EducatorMessages.deletionFailed,
        description: readApiError(error).message ?? EducatorMessages.deletionFailedText,
        variant: 'destructive',
      });
    }
  };

  let content;
  if (list.isPending) content = <EducatorTableSkeleton />;
  else if (list.isError) {
    content = (
      <div className="p-4">
        <LoadError what="the educators" error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />
      </div>
    );
  } else if (list.data.educators.length === 0) content = <NoEducatorsYet />;
  else {
    content = (
      <EducatorTable educators={list.data.educators} busy={list.isFetching} onEdit={(educator) => setDialog({ open: true, educator })} onDelete={setDeleting} />
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <EducatorStatCards stats={list.data?.stats} />
      <Card className="min-w-0 overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold">Educators</h2>
            <p className="text-sm text-muted-foreground">The education directory operators browse on the Education page.</p>
          </div>
          <Button onClick={() => setDialog({ open: true })}>
            <Plus className="size-4" aria-hidden="true" />
            Add Educator
          </Button>
        </div>
        {content}
      </Card>
      <EducatorDialog open={dialog.open} educator={dialog.open ? dialog.educator : undefined} onClose={() => setDialog({ open: false })} />
      <ConfirmAction
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete educator?'}
        description={EducatorMessages.deleteConfirm}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        waitForAction
      />
    </div>
  );
}
