import type { AdminUserSort, SortOrder } from '../../../../shared/admin-users.schemas.js';
import { SearchFilterBar } from '../../../components/search-filter-bar.js';

/** Each sort in both directions, worded as people say them. */
export const SORT_CHOICES: Record<string, { label: string; sort: AdminUserSort; order: SortOrder }> = {
  'joined-desc': { label: 'Newest first', sort: 'joined', order: 'desc' },
  'joined-asc': { label: 'Oldest first', sort: 'joined', order: 'asc' },
  'name-asc': { label: 'Name, A to Z', sort: 'name', order: 'asc' },
  'name-desc': { label: 'Name, Z to A', sort: 'name', order: 'desc' },
  'email-asc': { label: 'Email, A to Z', sort: 'email', order: 'asc' },
  'email-desc': { label: 'Email, Z to A', sort: 'email', order: 'desc' },
  'machines-desc': { label: 'Most machines', sort: 'machines', order: 'desc' },
  'machines-asc': { label: 'Fewest machines', sort: 'machines', order: 'asc' },
};

interface UserFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  sort: AdminUserSort;
  order: SortOrder;
  onSortChange: (sort: AdminUserSort, order: SortOrder) => void;
}

const SORT_OPTIONS = Object.entries(SORT_CHOICES).map(([value, choice]) => ({ value, label: choice.label }));

export function UserFilters({ search, onSearchChange, sort, order, onSortChange }: UserFiltersProps) {
  return (
    <SearchFilterBar
      search={{ id: 'admin-user-search', label: 'Search users', placeholder: 'Name or email…', value: search, onChange: onSearchChange }}
      choice={{
        id: 'admin-user-sort',
        label: 'Sort by',
        value: `${sort}-${order}`,
        options: SORT_OPTIONS,
        onChange: (value) => {
          const choice = SORT_CHOICES[value];
          if (choice) onSortChange(choice.sort, choice.order);
        },
      }}
    />
  );
}
