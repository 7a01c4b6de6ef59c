import { ANALYTICS_RANGES, RANGE_LABELS, type AnalyticsRange, type Demographics } from '../../../../shared/analytics.schemas.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { scopeFromValue, scopeValue, type DemographicsScope } from '../demographics-search.js';

interface ScopeFiltersProps {
  /** The operator's locations with their machines; empty while they load. */
  locations: Demographics['locations'];
  scope: DemographicsScope;
  range: AnalyticsRange;
  onScopeChange: (scope: DemographicsScope) => void;
  onRangeChange: (range: AnalyticsRange) => void;
}

const isRange = (value: string): value is AnalyticsRange => (ANALYTICS_RANGES as readonly string[]).includes(value);

/**
 * Whose figures and over how long: all locations, one location (every machine that shares its name)
 * or one machine, each location a group of its own; and the time range.
 */
export function ScopeFilters({ locations, scope, range, onScopeChange, onRangeChange }: ScopeFiltersProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,18rem)_minmax(0,12rem)]">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="demographics-scope">Location</Label>
        <Select value={scopeValue(scope)} onValueChange={(value) => onScopeChange(scopeFromValue(value))} disabled={locations.length === 0}>
          <SelectTrigger id="demographics-scope">
            <SelectValue placeholder="All locations" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All locations</SelectItem>
            {locations.map((location) => (
              <SelectGroup key={location.name}>
                <SelectLabel>
                  {location.name}
                  {location.region ? ` · ${location.region}` : ''}
                </SelectLabel>
                <SelectItem value={scopeValue({ kind: 'location', location: location.name })}>All of {location.name}</SelectItem>
                {location.machines.map((machine) => (
                  <SelectItem key={machine.id} value={scopeValue({ kind: 'machine', machineId: machine.id })} className="pl-5">
                    {machine.name}
                  </SelectItem>
                ))}
              </SelectGroup>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="demographics-range">Time range</Label>
        <Select value={range} onValueChange={(value) => isRange(value) && onRangeChange(value)}>
          <SelectTrigger id="demographics-range">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ANALYTICS_RANGES.map((option) => (
              <SelectItem key={option} value={option}>
                {RANGE_LABELS[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
