import { MapPinned } from 'lucide-react';
import { useId, useState } from 'react';
import type { TeamMember } from '../../../../shared/teams.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Checkbox } from '../../../components/ui/checkbox.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useMachines } from '../../machines/api.js';
import { useAssignMachines } from '../api.js';

/** Which machines a member visits, as the member list says it. */
export function assignedMachinesText(member: TeamMember, machineNames: Map<number, string>): string {
  if (member.machineIds.length > 0) return `Visits ${member.machineIds.map((id) => machineNames.get(id) ?? `machine ${id}`).join(', ')}`;
  return member.role === 'driver' ? 'No machines assigned yet: they see none' : 'Visits every machine';
}

/**
 * Owners and managers choose the machines a member visits: a driver sees and works on those alone;
 * for anyone else they are the route shown first, instead of every machine.
 */
export function AssignMachinesButton({ member, name }: { member: TeamMember; name: string }) {
  const machines = useMachines();
  const assign = useAssignMachines();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<number>>(new Set(member.machineIds));
  const listId = useId();

  const save = () =>
    assign.mutate(
      { userId: member.userId, machineIds: [...chosen] },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Machines assigned', description: `${name} visits ${chosen.size} ${chosen.size === 1 ? 'machine' : 'machines'}.` });
        },
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast({ title: 'The machines could not be assigned', description: readApiError(error).message, variant: 'destructive' });
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setChosen(new Set(member.machineIds));
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Machines of ${name}`}>
          <MapPinned className="size-4" aria-hidden="true" />
          Machines
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Machines {name} visits</DialogTitle>
          <DialogDescription>
            {member.role === 'driver' ? 'A driver sees and works on these machines alone: their route, pick lists, visits and issues.' : 'Their route shows these machines; with none chosen, it shows every machine.'}
          </DialogDescription>
        </DialogHeader>
        {machines.isPending ? (
          <p className="text-sm text-muted-foreground">Loading the machines…</p>
        ) : machines.isError ? (
          <p className="text-sm text-destructive-text" role="alert">
            {readApiError(machines.error).message}
          </p>
        ) : machines.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">The team has no machines yet.</p>
        ) : (
          <fieldset className="grid max-h-80 gap-2 overflow-y-auto" aria-describedby={listId}>
            <legend id={listId} className="sr-only">
              Machines
            </legend>
            {machines.data.map((machine) => (
              <label key={machine.id} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={chosen.has(machine.id)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(machine.id);
                    else next.delete(machine.id);
                    setChosen(next);
                  }}
                />
                <span className="break-words">
                  {machine.name} <span className="text-muted-foreground">· {machine.location}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <DialogFooter>
          <Button onClick={save} loading={assign.isPending} disabled={!machines.data}>
            Save machines
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
