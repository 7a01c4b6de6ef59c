import { ISSUE_STATUSES, ISSUE_STATUS_LABELS, type IssueStatus } from '../../../../shared/feedback.schemas.js';
import { SearchFilterBar } from '../../../components/search-filter-bar.js';

export type StatusFilter = IssueStatus | 'all';

interface IssueFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
}

const isStatusFilter = (value: string): value is StatusFilter =>
  value === 'all' || (ISSUE_STATUSES as readonly string[]).includes(value);

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...ISSUE_STATUSES.map((value) => ({ value, label: ISSUE_STATUS_LABELS[value] }))];

/** Spec 2.8: a search box and a status filter (all, open, investigating, resolved). */
export function IssueFilters({ search, onSearchChange, status, onStatusChange }: IssueFiltersProps) {
  return (
    <SearchFilterBar
      search={{ id: 'issue-search', label: 'Search issues', placeholder: 'Product, customer, machine…', value: search, onChange: onSearchChange }}
      choice={{
        id: 'issue-status-filter',
        label: 'Status',
        value: status,
        options: STATUS_OPTIONS,
        onChange: (value) => {
          if (isStatusFilter(value)) onStatusChange(value);
        },
      }}
    />
  );
}
