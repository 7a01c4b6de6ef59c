import { Search } from 'lucide-react';
import type { AdminUserSort, SortOrder } from '../../../../shared/admin-users.schemas.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';

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

export function UserFilters({ search, onSearchChange, sort, order, onSortChange }: UserFiltersProps) {
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[1fr_14rem]">
      <div className="grid gap-2">
        <Label htmlFor="admin-user-search">Search users</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id="admin-user-search"
            type="search"
            className="pl-9"
            placeholder="Name or email…"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="admin-user-sort">Sort by</Label>
        <Select
          value={`${sort}-${order}`}
          onValueChange={(value) => {
            const choice = SORT_CHOICES[value];
            if (choice) onSortChange(choice.sort, choice.order);
          }}
        >
          <SelectTrigger id="admin-user-sort">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(SORT_CHOICES).map(([value, choice]) => (
              <SelectItem key={value} value={value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
