import { MapPin, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { MachinePerformance } from '../../../../shared/products.schemas.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { paths } from '../../../lib/paths.js';
import { formatScore } from '../format.js';
import { Panel } from './panel.js';

const statusBadge: Record<string, { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  maintenance: { label: 'Maintenance', variant: 'secondary' },
  inactive: { label: 'Inactive', variant: 'destructive' },
};

function MachineRow({ machine }: { machine: MachinePerformance }) {
  const status = statusBadge[machine.status] ?? { label: machine.status, variant: 'outline' as const };
  return (
    <li className="grid grid-cols-1 gap-3 rounded-lg border border-border p-4" aria-label={machine.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid grid-cols-1 min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words">{machine.name}</h3>
            <Badge variant={status.variant}>{status.label}</Badge>
          </div>
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="break-words">{machine.location}</span>
          </p>
        </div>
        <div className="ml-auto text-right">
          <p className="text-2xl font-bold tabular-nums">{machine.votesToday.toLocaleString('en-US')}</p>
          <p className="text-xs text-muted-foreground">QR Votes Today</p>
        </div>
      </div>
      {machine.topProducts.length > 0 ? (
        <ol className="grid grid-cols-1 gap-1 text-sm" aria-label={`Top products at ${machine.name}`}>
          {machine.topProducts.map((product, index) => (
            <li key={product.id} className="flex items-center justify-between gap-3 rounded-md bg-muted px-3 py-1.5">
              <span className="min-w-0 break-words">
                {index + 1}. {product.name} <span className="text-muted-foreground">· {product.brand}</span>
              </span>
              <span className="shrink-0 font-medium tabular-nums">
                {formatScore(product.votes)}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No votes at this machine yet.</p>
      )}
    </li>
  );
}

/** Spec 2.3 Machine Performance Overview, with today's real vote count per machine (DECISIONS 4). */
export function MachinePerformancePanel({ machines }: { machines: MachinePerformance[] }) {
  return (
    <Panel
      title="Machine Performance Overview"
      action={
        <Link to={paths.vendingMachines} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Manage All Machines
        </Link>
      }
    >
      {machines.length === 0 ? (
        <div className="grid grid-cols-1 justify-items-center gap-3 py-6 text-center">
          <p className="text-muted-foreground">No vending machines configured yet</p>
          <Link to={paths.vendingMachines} className={buttonClasses({ size: 'sm' })}>
            <Plus className="size-4" aria-hidden="true" />
            Add Your First Machine
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {machines.map((machine) => (
            <MachineRow key={machine.id} machine={machine} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
