import { ClipboardList, Download, Printer, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { PurchaseList, PurchaseListItem } from '../../../../shared/stock.schemas.js';
import { formatMoney } from '../../../../shared/money.js';
import { countOf } from '../../../../shared/wording.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';
import { pickListUrl, PURCHASE_LIST_CSV_URL, useClearPurchaseList, usePurchaseList } from '../purchase-list-api.js';
import { PurchaseListLine } from './purchase-list-line.js';

interface MachineGroup {
  machineId: number;
  machineName: string;
  machineLocation: string;
  items: PurchaseListItem[];
}

/** What can take the focus in a line, the first of them in the order of the page. */
const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href]';

/** The lines by machine, in the list's own order (machine name, then product). */
function byMachine(items: PurchaseListItem[]): MachineGroup[] {
  const groups = new Map<number, MachineGroup>();
  for (const item of items) {
    const group = groups.get(item.machineId) ?? { machineId: item.machineId, machineName: item.machineName, machineLocation: item.machineLocation, items: [] };
    group.items.push(item);
    groups.set(item.machineId, group);
  }
  return [...groups.values()];
}

interface MachineSectionProps {
  group: MachineGroup;
  list: PurchaseList;
  announce: (message: string) => void;
  prepareRemoval: (id: number) => () => void;
}

function MachineSection({ group, list, announce, prepareRemoval }: MachineSectionProps) {
  const headingId = useId();
  const units = group.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section aria-labelledby={headingId} className="grid gap-1 rounded-lg border border-border p-3 sm:p-4" data-testid="purchase-machine">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 id={headingId} className="font-semibold">
            {group.machineName}
          </h3>
          <p className="text-xs text-muted-foreground">
            {group.machineLocation} · {countOf(units, 'unit')}
          </p>
        </div>
        <a href={pickListUrl(group.machineId)} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Printer className="size-4" aria-hidden="true" />
          Print pick list<span className="sr-only"> for {group.machineName} (PDF)</span>
        </a>
      </div>
      <ul className="divide-y divide-border">
        {group.items.map((item) => (
          <PurchaseListLine key={item.id} item={item} currency={list.currency} announce={announce} prepareRemoval={prepareRemoval} />
        ))}
      </ul>
    </section>
  );
}

function Totals({ list }: { list: PurchaseList }) {
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted p-3 text-sm sm:grid-cols-3" data-testid="purchase-totals">
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">Total units</dt>
        <dd className="font-semibold tabular-nums">{list.totalUnits.toLocaleString('en-US')}</dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">Known cost</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(list.knownCost, list.currency)}</dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">Without a cost</dt>
        <dd className="tabular-nums">{countOf(list.unknownCostLines, 'line')}</dd>
      </div>
    </dl>
  );
}

/** The purchase list: what to buy and load at each machine, editable, printable as pick lists and downloadable as CSV. */
export function PurchaseListDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const list = usePurchaseList();
  const clear = useClearPurchaseList();
  const [announcement, setAnnouncement] = useState('');
  const items = list.data?.items ?? [];
  const groups = byMachine(items);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // A removed line took the focus with it: once it is gone from the list, the focus goes to the line
  // after it, or the one before, or the heading when the list is empty.
  const pendingFocus = useRef<{ removed: number; next: number | null } | null>(null);
  const [removals, setRemovals] = useState(0);

  const prepareRemoval = (id: number) => {
    const order = groups.flatMap((group) => group.items.map((item) => item.id));
    const at = order.indexOf(id);
    const next = order[at + 1] ?? order[at - 1] ?? null;
    return () => {
      pendingFocus.current = { removed: id, next };
      setRemovals((count) => count + 1);
    };
  };

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || list.data?.items.some((item) => item.id === pending.removed)) return;
    pendingFocus.current = null;
    const line = pending.next === null ? null : bodyRef.current?.querySelector(`[data-line-id="${pending.next}"]`);
    (line?.querySelector<HTMLElement>(FOCUSABLE) ?? titleRef.current)?.focus();
  }, [list.data, removals]);

  let body;
  if (list.isPending) {
    body = (
      <div role="status" aria-label="Loading your purchase list" className="grid gap-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  } else if (list.isError) {
    body = <LoadError what="your purchase list" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={ClipboardList}
        level={3}
        title="Your purchase list is empty"
        hint="Add a forecast with Add to Order, or put the stock recommendations on it with Apply Recommendations."
      />
    );
  } else {
    body = (
      <>
        {groups.map((group) => (
          <MachineSection key={group.machineId} group={group} list={list.data} announce={setAnnouncement} prepareRemoval={prepareRemoval} />
        ))}
        <Totals list={list.data} />
      </>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle ref={titleRef} tabIndex={-1} className="outline-none">
            Purchase list
          </DialogTitle>
          <DialogDescription>
            What to buy and load at each machine, saved to your account. A quantity or note saves when you leave its field or press Enter.
          </DialogDescription>
        </DialogHeader>
        <div ref={bodyRef} className="grid gap-4">
          {body}
        </div>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {items.length > 0 ? (
          <DialogFooter className="sm:justify-between">
            <ConfirmAction
              trigger={
                <Button variant="ghost" className="text-destructive-text" loading={clear.isPending} icon={<Trash2 className="size-4" aria-hidden="true" />}>
                  Clear list
                </Button>
              }
              title="Clear the purchase list?"
              description={`All ${countOf(items.length, 'line')} for every machine will be removed. This cannot be undone.`}
              confirmLabel="Clear list"
              waitForAction
              onConfirm={() =>
                clear.mutateAsync().then(
                  ({ lines }) => setAnnouncement(`The purchase list was cleared: ${countOf(lines, 'line')} removed`),
                  (error: unknown) => setAnnouncement(readApiError(error).message ?? 'The list could not be cleared. Please try again.'),
                )
              }
            />
            <div className="flex flex-col gap-2 sm:flex-row">
              <a href={PURCHASE_LIST_CSV_URL} download className={buttonClasses({ variant: 'outline' })}>
                <Download className="size-4" aria-hidden="true" />
                Download CSV
              </a>
              <a href={pickListUrl()} download className={buttonClasses()}>
                <Printer className="size-4" aria-hidden="true" />
                Print all pick lists<span className="sr-only"> (PDF)</span>
              </a>
            </div>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
