import type { Machine } from '../../../../shared/machines.schemas.js';
import { ANALYTICS_RANGES, RANGE_LABELS, type AnalyticsRange } from '../../../../shared/analytics.schemas.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import type { MachineFilter } from '../../stats/api.js';
import { isAnalyticsRange } from '../analytics-search.js';

interface ScopeSelectorsProps {
  machines: Machine[];
  machine: MachineFilter;
  range: AnalyticsRange;
  onMachineChange: (machine: MachineFilter) => void;
  onRangeChange: (range: AnalyticsRange) => void;
}

/** Which machine (or all) and which period the figures cover. */
export function ScopeSelectors({ machines, machine, range, onMachineChange, onRangeChange }: ScopeSelectorsProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" role="group" aria-label="Figures for">
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-machine">Machine</Label>
        <Select value={String(machine)} onValueChange={(value) => onMachineChange(value === 'all' ? 'all' : Number(value))}>
          <SelectTrigger id="analytics-machine" className="w-full sm:w-60">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Machines</SelectItem>
            {machines.map((entry) => (
              <SelectItem key={entry.id} value={String(entry.id)}>
                {entry.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-range">Time range</Label>
        <Select value={range} onValueChange={(value) => isAnalyticsRange(value) && onRangeChange(value)}>
          <SelectTrigger id="analytics-range" className="w-full sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ANALYTICS_RANGES.map((value) => (
              <SelectItem key={value} value={value}>
                {RANGE_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
