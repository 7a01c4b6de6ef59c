import { ArrowLeft, MapPin } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { MACHINE_TYPES } from '../../../../shared/catalog.js';
import type { Machine } from '../../../../shared/machines.schemas.js';
import { PageTitle } from '../../../components/page-title.js';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { paths } from '../../../lib/paths.js';
import { DemandVsSalesSection } from '../../machine-stock/components/demand-vs-sales-section.js';
import { StockNowSection } from '../../machine-stock/components/stock-now-section.js';
import { PlanogramSection } from '../../planograms/components/planogram-section.js';
import { useMachines } from '../api.js';
import { MachinesLoadError } from '../components/machine-list-states.js';
import { MachineStatusLabel } from '../components/machine-status.js';

/** The id in the address, or null when it names no machine. */
const machineIdOf = (param: string | undefined) => (param && /^\d{1,10}$/.test(param) ? Number(param) : null);

/**
 * /vending-machines/:machineId: one machine, its planogram, its stock and its demand against its sales. Read from the machine list, which the
 * machines page has usually loaded already and which the planogram's 'copy from' choice needs anyway.
 */
export function MachinePage() {
  const machineId = machineIdOf(useParams().machineId);
  const machines = useMachines();
  const machine = machines.data?.find((candidate) => candidate.id === machineId);

  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 gap-6">
      <PageTitle title={machine?.name ?? 'Vending machine'} />
      <Link to={paths.vendingMachines} className={buttonClasses({ variant: 'link', className: 'w-fit' })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        All vending machines
      </Link>
      {machines.isPending ? (
        <Card role="status" aria-label="Loading the machine" className="grid gap-3 p-6">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-40 w-full" />
        </Card>
      ) : machines.isError ? (
        <MachinesLoadError error={machines.error} onRetry={() => void machines.refetch()} />
      ) : machine ? (
        <>
          <MachineHeader machine={machine} />
          <Card className="min-w-0 p-4 sm:p-6">
            <PlanogramSection machine={machine} others={machines.data.filter((other) => other.id !== machine.id)} />
          </Card>
          <StockNowSection machine={machine} />
          <DemandVsSalesSection machine={machine} />
        </>
      ) : (
        <Alert variant="destructive">
          <AlertTitle>Machine not found</AlertTitle>
          <p>None of your machines has this address. It may have been deleted.</p>
        </Alert>
      )}
    </div>
  );
}

function MachineHeader({ machine }: { machine: Machine }) {
  return (
    <header className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h1 className="min-w-0 text-3xl font-bold tracking-tight break-words">{machine.name}</h1>
        <MachineStatusLabel status={machine.status} />
      </div>
      <p className="flex items-start gap-1 text-muted-foreground">
        <MapPin className="mt-1 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">
          {machine.location}
          {machine.address ? ` · ${machine.address}` : ''}
        </span>
      </p>
      <p className="text-sm text-muted-foreground">
        {MACHINE_TYPES[machine.type]} · Serial number <span className="font-mono break-all text-foreground">{machine.serialNumber}</span>
      </p>
    </header>
  );
}
