import { FEATURE_REQUEST_STATUSES, FEATURE_REQUEST_STATUS_LABELS } from '../../../../shared/feature-requests.schemas.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import type { FeatureRequestFilter, FeatureRequestSort } from '../api.js';

const SORT_LABELS: Record<FeatureRequestSort, string> = { votes: 'Most votes', newest: 'Newest' };
const ALL = 'all';

const isSort = (value: string): value is FeatureRequestSort => Object.hasOwn(SORT_LABELS, value);
const statusOf = (value: string) => FEATURE_REQUEST_STATUSES.find((status) => status === value);

interface FeatureRequestFiltersProps {
  filter: FeatureRequestFilter;
  onChange: (filter: FeatureRequestFilter) => void;
}

/** The order (most votes or newest) and a status to show alone. */
export function FeatureRequestFilters({ filter, onChange }: FeatureRequestFiltersProps) {
  return (
    <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:w-fit sm:grid-cols-[11rem_12rem]">
      <div className="grid gap-2">
        <Label htmlFor="feature-request-sort">Sort by</Label>
        <Select value={filter.sort} onValueChange={(value) => isSort(value) && onChange({ ...filter, sort: value })}>
          <SelectTrigger id="feature-request-sort">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="feature-request-status-filter">Filter by status</Label>
        <Select value={filter.status ?? ALL} onValueChange={(value) => onChange({ ...filter, status: statusOf(value) })}>
          <SelectTrigger id="feature-request-status-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {FEATURE_REQUEST_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {FEATURE_REQUEST_STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
