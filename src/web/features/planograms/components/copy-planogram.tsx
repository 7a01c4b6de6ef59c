import { useId, useState } from 'react';
import type { Machine } from '../../../../shared/machines.schemas.js';
import type { Planogram } from '../../../../shared/planograms.schemas.js';
import { ConfirmAction } from '../../../components/ui/confirm-action.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { useCopyPlanogram } from '../api.js';

interface CopyPlanogramProps {
  machine: Machine;
  /** The operator's other machines. */
  others: readonly Machine[];
  disabled?: boolean;
  describedBy?: string;
  onCopied: (planogram: Planogram) => void;
}

/** 'Copy from another machine': pick the machine, then confirm that this machine's planogram is replaced. */
export function CopyPlanogram({ machine, others, disabled, describedBy, onCopied }: CopyPlanogramProps) {
  const copy = useCopyPlanogram(machine.id);
  const [source, setSource] = useState<Machine | null>(null);
  const labelId = useId();
  if (others.length === 0) return null;

  const run = () =>
    copy.mutateAsync({ fromMachineId: source!.id }).then(
      (planogram) => {
        onCopied(planogram);
        toast({ title: 'Planogram copied', description: `${machine.name} now has the ${planogram.slots.length} slots of ${source!.name}.` });
      },
      (error: unknown) =>
        toast({ title: 'Could not copy the planogram', description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' }),
    );

  return (
    <>
      <span id={labelId} className="sr-only">
        Copy the planogram from another machine
      </span>
      <Select
        value={source ? String(source.id) : ''}
        onValueChange={(value) => setSource(others.find((other) => String(other.id) === value) ?? null)}
        disabled={disabled}
      >
        <SelectTrigger aria-labelledby={labelId} aria-describedby={describedBy} className="h-10 w-full sm:w-72">
          <SelectValue placeholder="Copy from another machine…" />
        </SelectTrigger>
        <SelectContent>
          {others.map((other) => (
            <SelectItem key={other.id} value={String(other.id)}>
              {other.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <ConfirmAction
        open={source !== null}
        onOpenChange={(open) => !open && setSource(null)}
        title={`Copy the planogram of ${source?.name ?? 'that machine'}?`}
        description={`This replaces the planogram of ${machine.name}: its slots become those of ${source?.name ?? 'the other machine'}, with their products, capacities, par levels and prices. The history keeps the slots as they were.`}
        confirmLabel="Replace the planogram"
        waitForAction
        onConfirm={run}
      />
    </>
  );
}
