import { ExternalLink, Link2, Link2Off, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Machine } from '../../../../shared/machines.schemas.js';
import { SHARE_PERIOD_DAYS, type CreatedShareLink, type ShareLinkStatus } from '../../../../shared/share-links.schemas.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useCreateShareLink, useRevokeShareLink, useShareLinkStatus } from '../api.js';
import { formatDateTime } from '../../../lib/dates.js';


interface ShareLinkDialogProps {
  /** The machine to share; null when the dialog is closed. */
  machine: Machine | null;
  onClose: () => void;
}

/**
 * A read-only link for the manager of the place where a machine stands. One link per machine: only
 * its fingerprint is stored, so an active link cannot be shown again, and making a new one replaces it.
 */
export function ShareLinkDialog({ machine, onClose }: ShareLinkDialogProps) {
  return (
    <Dialog open={machine !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{machine ? <ShareLinkBody machine={machine} /> : null}</DialogContent>
    </Dialog>
  );
}

function failed(title: string, error: unknown) {
  if (isUnauthorizedError(error)) return;
  toast({ title, description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' });
}

function ShareLinkBody({ machine }: { machine: Machine }) {
  const status = useShareLinkStatus(machine.id);
  const create = useCreateShareLink(machine.id);
  const revoke = useRevokeShareLink(machine.id);
  // The link, held only while this dialog is open: the server keeps a fingerprint, never the link.
  const [created, setCreated] = useState<CreatedShareLink | null>(null);

  const makeLink = async () => {
    try {
      setCreated(await create.mutateAsync());
    } catch (error) {
      failed('The link could not be made', error);
    }
  };
  const revokeLink = async () => {
    try {
      await revoke.mutateAsync();
      setCreated(null);
      toast({ title: 'Link revoked', description: `The shared view of ${machine.name} no longer opens.` });
    } catch (error) {
      failed('The link could not be revoked', error);
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Share with the location</DialogTitle>
        <DialogDescription>
          A read-only page for whoever manages {machine.location}: the most wanted products, what customers asked for, reported issues and how
          fast they were fixed, over the last {SHARE_PERIOD_DAYS} days. It shows no customer's name, email or message, and none of your other
          machines.
        </DialogDescription>
      </DialogHeader>
      {status.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : status.isError ? (
        <LoadError what="the share link" error={status.error} onRetry={() => void status.refetch()} retrying={status.isRefetching} />
      ) : created ? (
        <NewLink created={created} machine={machine} onRevoke={revokeLink} revoking={revoke.isPending} />
      ) : status.data.active ? (
        <ActiveLink status={status.data} onReplace={makeLink} replacing={create.isPending} onRevoke={revokeLink} revoking={revoke.isPending} />
      ) : (
        <Button className="w-full sm:w-fit" loading={create.isPending} onClick={() => void makeLink()}>
          {create.isPending ? null : <Link2 className="size-4" aria-hidden="true" />}
          Create link
        </Button>
      )}
    </>
  );
}

function NewLink({ created, machine, onRevoke, revoking }: { created: CreatedShareLink; machine: Machine; onRevoke: () => void; revoking: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  // Keyboard and screen-reader users land on the link rather than on a button that is gone.
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <section aria-labelledby="share-link-heading" className="grid gap-3">
      <h3 id="share-link-heading" className="font-semibold">
        Copy the link now
      </h3>
      <p className="text-sm text-muted-foreground">It is shown only this once. Anyone with it can see this page until you revoke it.</p>
      <label htmlFor="share-link-url" className="sr-only">
        Share link for {machine.name}
      </label>
      <input
        id="share-link-url"
        ref={inputRef}
        readOnly
        value={created.url}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full min-w-0 rounded-md border border-input bg-muted px-3 py-2 font-mono text-sm"
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <CopyButton text={created.url} label="Copy link" what={`the share link for ${machine.name}`} className="w-full sm:w-fit" />
        <a href={created.url} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline', size: 'sm', className: 'w-full sm:w-fit' })}>
          <ExternalLink className="size-4" aria-hidden="true" />
          Open (new tab)
        </a>
        <RevokeButton onRevoke={onRevoke} revoking={revoking} />
      </div>
    </section>
  );
}

interface ActiveLinkProps {
  status: ShareLinkStatus;
  onReplace: () => void;
  replacing: boolean;
  onRevoke: () => void;
  revoking: boolean;
}

function ActiveLink({ status, onReplace, replacing, onRevoke, revoking }: ActiveLinkProps) {
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        A link is active, made <time dateTime={status.createdAt ?? undefined}>{status.createdAt ? formatDateTime(status.createdAt) : ''}</time>
        {'. '}
        {status.lastViewedAt ? (
          <>
            Last opened <time dateTime={status.lastViewedAt}>{formatDateTime(status.lastViewedAt)}</time>.
          </>
        ) : (
          'Not opened yet.'
        )}
      </p>
      <p className="text-sm text-muted-foreground">
        Only a fingerprint of the link is kept, so it cannot be shown again. To copy a link, make a new one: the current link stops working.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" className="w-full sm:w-fit" loading={replacing}>
              {replacing ? null : <RefreshCw className="size-4" aria-hidden="true" />}
              Make a new link
            </Button>
          }
          title="Make a new link?"
          description="The link you shared before stops working at once. Send the new one to whoever should still see the page."
          confirmLabel="Make a new link"
          confirmVariant="primary"
          onConfirm={onReplace}
          waitForAction
        />
        <RevokeButton onRevoke={onRevoke} revoking={revoking} />
      </div>
    </div>
  );
}

function RevokeButton({ onRevoke, revoking }: { onRevoke: () => void; revoking: boolean }) {
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" size="sm" className="w-full text-destructive-text sm:w-fit" loading={revoking}>
          {revoking ? null : <Link2Off className="size-4" aria-hidden="true" />}
          Revoke link
        </Button>
      }
      title="Revoke the link?"
      description="Whoever has it will see that the link is no longer active. You can make a new link later."
      confirmLabel="Revoke link"
      onConfirm={onRevoke}
      waitForAction
    />
  );
}
