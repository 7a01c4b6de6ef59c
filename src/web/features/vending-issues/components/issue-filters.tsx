import { Search } from 'lucide-react';
import { ISSUE_STATUSES, ISSUE_STATUS_LABELS, type IssueStatus } from '../../../../shared/feedback.schemas.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';

export type StatusFilter = IssueStatus | 'all';

interface IssueFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
}

const isStatusFilter = (value: string): value is StatusFilter =>
  value === 'all' || (ISSUE_STATUSES as readonly string[]).includes(value);

/** Spec 2.8: a search box and a status filter (all, open, investigating, resolved). */
export function IssueFilters({ search, onSearchChange, status, onStatusChange }: IssueFiltersProps) {
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[1fr_14rem]">
      <div className="grid gap-2">
        <Label htmlFor="issue-search">Search issues</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id="issue-search"
            type="search"
            className="pl-9"
            placeholder="Product, customer, machine…"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="issue-status-filter">Status</Label>
        <Select value={status} onValueChange={(value) => isStatusFilter(value) && onStatusChange(value)}>
          <SelectTrigger id="issue-status-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All statuses</SelectItem>
            {ISSUE_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {ISSUE_STATUS_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
