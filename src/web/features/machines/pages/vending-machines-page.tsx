import { useQuery } from '@tanstack/react-query';
import { FileDown, Magnet, Plus } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Machine } from '../../../../shared/machines.schemas.js';
import { canAddMachine, machineAllowanceText, machineLimitMessage } from '../../../../shared/plans.js';
import { PageTitle } from '../../../components/page-title.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { paths } from '../../../lib/paths.js';
import { subscriptionStatusQuery } from '../../auth/api.js';
import { OrderMagnetDialog } from '../../magnets/components/order-magnet-dialog.js';
import { ShareLinkDialog } from '../../share-links/components/share-link-dialog.js';
import { QR_SHEET_URL, useMachines } from '../api.js';
import { DeleteMachineDialog } from '../components/delete-machine-dialog.js';
import { MachineCard } from '../components/machine-card.js';
import { MachineFormDialog } from '../components/machine-form-dialog.js';
import { MachineCardsSkeleton, MachinesLoadError, NoMachines } from '../components/machine-list-states.js';
import { MachineStats } from '../components/machine-stats.js';
import { ReportIssueDialog } from '../components/report-issue-dialog.js';

interface FormState {
  open: boolean;
  /** The machine being edited; absent when adding one. */
  machine?: Machine;
}

/** /vending-machines (spec 2.7): the operator's machines, their QR codes and their vote pages. */
export function VendingMachinesPage() {
  const machines = useMachines();
  // The edited machine is kept while the dialog closes, so its title does not flip to 'Add'.
  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<Machine | null>(null);
  const [reporting, setReporting] = useState<Machine | null>(null);
  const closeReport = useCallback(() => setReporting(null), []);
  const [orderingMagnet, setOrderingMagnet] = useState<Machine | null>(null);
  const [sharing, setSharing] = useState<Machine | null>(null);

  const openAdd = () => setForm({ open: true });
  const hasMachines = (machines.data?.length ?? 0) > 0;
  // The plan's limit is told on the button before the form, not after it is filled in.
  const subscription = useQuery(subscriptionStatusQuery);
  const allowanceId = useId();
  const limitId = useId();
  const tier = subscription.data?.tier;
  const machineCount = machines.data?.length;
  const allowance = tier && machineCount !== undefined ? machineAllowanceText(tier, machineCount) : null;
  const planFull = tier !== undefined && machineCount !== undefined && !canAddMachine(tier, machineCount);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageTitle title="Vending Machines" />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Vending Machines</h1>
          <p className="text-muted-foreground">Manage your machines and the QR codes customers scan to vote.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <Link to={paths.magnetOrders} className={buttonClasses({ variant: 'outline' })}>
            <Magnet className="size-4" aria-hidden="true" />
            Magnet orders
          </Link>
          {hasMachines ? (
            <a href={QR_SHEET_URL} download className={buttonClasses({ variant: 'outline' })}>
              <FileDown className="size-4" aria-hidden="true" />
              Download QR codes (PDF)
            </a>
          ) : null}
          <Button onClick={openAdd} disabled={planFull} aria-describedby={[allowance ? allowanceId : '', planFull ? limitId : ''].join(' ').trim() || undefined}>
            <Plus className="size-4" aria-hidden="true" />
            Add Machine
          </Button>
          {allowance ? (
            <p id={allowanceId} className="w-full text-sm text-muted-foreground sm:text-right" data-testid="machine-allowance">
              {allowance}
            </p>
          ) : null}
        </div>
      </header>

      {/* At the limit, why and what next, below the header rather than squeezed into it. */}
      {planFull && tier ? (
        <Alert data-testid="machine-limit-notice" className="items-start">
          <p id={limitId}>{machineLimitMessage(tier)}</p>
          <Link to={paths.pricing} className="font-medium underline underline-offset-4">
            Compare plans
          </Link>
        </Alert>
      ) : null}

      <MachineStats machines={machines.data} />

      <section aria-labelledby="machine-list-heading" className="grid gap-4">
        <h2 id="machine-list-heading" className="sr-only">
          Your machines
        </h2>
        {machines.isPending ? (
          <MachineCardsSkeleton />
        ) : machines.isError ? (
          <MachinesLoadError error={machines.error} onRetry={() => void machines.refetch()} />
        ) : machines.data.length === 0 ? (
          <NoMachines onAdd={openAdd} />
        ) : (
          <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {machines.data.map((machine) => (
              <MachineCard
                key={machine.id}
                machine={machine}
                onEdit={() => setForm({ open: true, machine })}
                onDelete={() => setDeleting(machine)}
                onReportIssue={() => setReporting(machine)}
                onOrderMagnet={() => setOrderingMagnet(machine)}
                onShare={() => setSharing(machine)}
              />
            ))}
          </div>
        )}
      </section>

      <MachineFormDialog open={form.open} machine={form.machine} onOpenChange={(open) => setForm((current) => ({ ...current, open }))} />
      <DeleteMachineDialog machine={deleting} onClose={() => setDeleting(null)} />
      <ReportIssueDialog machine={reporting} onClose={closeReport} />
      <OrderMagnetDialog machine={orderingMagnet} onClose={() => setOrderingMagnet(null)} />
      <ShareLinkDialog machine={sharing} onClose={() => setSharing(null)} />
    </div>
  );
}
