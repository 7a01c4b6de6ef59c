import { useState } from 'react';
import { ADMIN_USER_PAGE_SIZE, type AdminUserSort, type SortOrder } from '../../../../shared/admin-users.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { useAuth } from '../../../lib/auth.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useAdminUsers } from '../api.js';
import { UserFilters } from './user-filters.js';
import { UserPager } from './user-pager.js';
import { UserStatCards } from './user-stat-cards.js';
import { NoMatchingUsers, NoUsersYet, UserTable, UserTableSkeleton } from './user-table.js';

const SEARCH_DELAY_MS = 300;

/** User Database (spec: the admin panel's default tab): counts by machine tier, then every account, paged on the server. */
export function UserDatabaseTab() {
  const { user: self } = useAuth();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ sort: AdminUserSort; order: SortOrder }>({ sort: 'joined', order: 'desc' });
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS).trim();
  const users = useAdminUsers({ search: settledSearch, ...sort, page });

  const changeSearch = (next: string) => {
    setSearch(next);
    setPage(1);
  };

  let list;
  if (users.isPending) list = <UserTableSkeleton />;
  else if (users.isError) {
    list = (
      <div className="p-4">
        <LoadError what="the users" error={users.error} onRetry={() => void users.refetch()} retrying={users.isRefetching} />
      </div>
    );
  } else if (users.data.users.length === 0 && users.data.total === 0) {
    list = settledSearch ? <NoMatchingUsers onClear={() => changeSearch('')} /> : <NoUsersYet />;
  } else {
    list = (
      <>
        <UserTable users={users.data.users} selfId={self?.id} busy={users.isFetching} />
        <UserPager page={users.data.page} pageSize={ADMIN_USER_PAGE_SIZE} total={users.data.total} onPageChange={setPage} />
      </>
    );
  }

  return (
    <div className="grid min-w-0 gap-6">
      <UserStatCards />
      <UserFilters
        search={search}
        onSearchChange={changeSearch}
        sort={sort.sort}
        order={sort.order}
        onSortChange={(nextSort, order) => {
          setSort({ sort: nextSort, order });
          setPage(1);
        }}
      />
      <Card className="min-w-0 overflow-hidden">
        <h2 className="sr-only">Users</h2>
        {list}
      </Card>
    </div>
  );
}
