import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import type { Charity } from '../../../../shared/donation-hub.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useDeleteOwnCharity, useOwnCharities } from '../api.js';
import { CharityCard } from './charity-card.js';
import { CharityFormDialog } from './charity-form-dialog.js';

function OwnCharityActions({ charity, onDeleted }: { charity: Charity; onDeleted: () => void }) {
  const remove = useDeleteOwnCharity();
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ id: charity.id });
      toast({ title: 'Charity deleted', description: `${charity.name} was deleted. Donations recorded to it keep its name and address.` });
      onDeleted();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: 'Deletion failed',
        description: readApiError(error).message ?? 'The charity could not be deleted. Please try again.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="flex w-full gap-2">
      <CharityFormDialog
        charity={charity}
        trigger={
          <Button variant="ghost" size="sm" icon={<Pencil className="size-4" aria-hidden="true" />}>
            Edit<span className="sr-only"> {charity.name}</span>
          </Button>
        }
      />
      <ConfirmAction
        trigger={
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive-text"
            loading={remove.isPending}
            icon={<Trash2 className="size-4" aria-hidden="true" />}
          >
            Delete<span className="sr-only"> {charity.name}</span>
          </Button>
        }
        title={`Delete ${charity.name}?`}
        description="It leaves your charities and your searches. Donations you recorded to it stay in your history, with its name and address."
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        waitForAction
      />
    </div>
  );
}

/** 'Your charities': the ones the operator added, with edit, delete and Record Donation. */
export function OwnCharities() {
  const list = useOwnCharities();
  const headingRef = useRef<HTMLHeadingElement>(null);

  let content;
  if (list.isPending) {
    content = (
      <div role="status" aria-label="Loading your charities" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    );
  } else if (list.isError) {
    content = <LoadError what="your charities" error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />;
  } else if (list.data.length === 0) {
    content = (
      <p className="text-sm text-muted-foreground">You have not added a charity yet. Add one the search does not find, such as a local pantry or church.</p>
    );
  } else {
    content = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={list.isFetching || undefined}>
        {list.data.map((charity) => (
          <CharityCard key={charity.id} charity={charity} actions={<OwnCharityActions charity={charity} onDeleted={() => headingRef.current?.focus()} />} />
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby="own-charities-heading" className="grid min-w-0 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h2 id="own-charities-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            Your charities
          </h2>
          <p className="text-sm text-muted-foreground">Charities you added yourself. They also appear in searches near them.</p>
        </div>
        <CharityFormDialog
          trigger={
            <Button variant="outline" icon={<Plus className="size-4" aria-hidden="true" />}>
              Add your own charity
            </Button>
          }
        />
      </div>
      {content}
    </section>
  );
}
