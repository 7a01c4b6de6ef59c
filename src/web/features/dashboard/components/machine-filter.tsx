import { useQuery } from '@tanstack/react-query';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { machinesQuery, type MachineFilter } from '../api.js';

interface MachineFilterSelectProps {
  value: MachineFilter;
  onChange: (value: MachineFilter) => void;
}

/** Spec 2.3: 'All Machines' or one machine by id and name; it scopes the summary cards. */
export function MachineFilterSelect({ value, onChange }: MachineFilterSelectProps) {
  const { data: machines = [], isError } = useQuery(machinesQuery);
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor="dashboard-machine-filter">Machine</Label>
      <Select
        value={String(value)}
        onValueChange={(next) => onChange(next === 'all' ? 'all' : Number(next))}
      >
        <SelectTrigger id="dashboard-machine-filter" className="w-full sm:w-60">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">All Machines</SelectItem>
          {machines.map((machine) => (
            <SelectItem key={machine.id} value={String(machine.id)}>
              {machine.id} - {machine.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {isError ? <p className="text-xs text-destructive-text">Could not load your machines.</p> : null}
    </div>
  );
}
