import type { MachineStatus } from '../../../../shared/catalog.js';
import { cn } from '../../../lib/cn.js';

export const MACHINE_STATUS_LABELS: Record<MachineStatus, string> = {
  active: 'Active',
  maintenance: 'Maintenance',
  inactive: 'Inactive',
};

// Spec 2.7: green active, dark maintenance, red inactive. The dark dot turns light in the dark theme to stay visible.
const dotClasses: Record<MachineStatus, string> = {
  active: 'bg-green-600',
  maintenance: 'bg-zinc-800 dark:bg-zinc-300',
  inactive: 'bg-red-600',
};

/** The status dot with its name beside it, so colour is never the only signal. */
export function MachineStatusLabel({ status, className }: { status: MachineStatus; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm font-medium', className)} data-status={status}>
      <span className={cn('size-2.5 shrink-0 rounded-full', dotClasses[status])} aria-hidden="true" />
      {MACHINE_STATUS_LABELS[status]}
    </span>
  );
}
