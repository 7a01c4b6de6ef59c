import { SearchX, Users } from 'lucide-react';
import type { AdminUser } from '../../../../shared/admin-users.schemas.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { adminCell as cell, AdminTableFrame, AdminTableSkeleton, type AdminTableShape } from './admin-table.js';
import { PlanControl, UserActions } from './user-actions.js';
import { displayName, joinedDate, STATUS_LABELS, statusOf } from './user-format.js';

const STATUS_BADGES = { verified: 'success', pending: 'secondary', disabled: 'destructive' } as const satisfies Record<string, BadgeVariant>;
const TABLE: AdminTableShape = {
  label: 'Users',
  columns: ['Name', 'Email', 'Plan', 'Machines', 'Status', 'Joined', 'Actions'],
  minWidth: 'min-w-[56rem]',
};

export function UserTableSkeleton() {
  return <AdminTableSkeleton {...TABLE} loadingLabel="Loading users" rowTestId="user-skeleton-row" />;
}

export function UserTable({ users, selfId, busy }: { users: AdminUser[]; selfId: number | undefined; busy: boolean }) {
  return (
    <AdminTableFrame {...TABLE} busy={busy}>
      <tbody className="divide-y divide-border">
        {users.map((user) => {
          const status = statusOf(user);
          return (
            <tr key={user.id} data-testid="admin-user-row">
              <td className={`${cell} font-medium`}>{displayName(user)}</td>
              <td className={`${cell} break-all`}>{user.email}</td>
              <td className={cell}>
                <PlanControl user={user} />
              </td>
              <td className={`${cell} tabular-nums`}>{user.machineCount}</td>
              <td className={cell}>
                <Badge variant={STATUS_BADGES[status]}>{STATUS_LABELS[status]}</Badge>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{joinedDate(user.createdAt)}</td>
              <td className={cell}>
                <UserActions user={user} isSelf={user.id === selfId} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </AdminTableFrame>
  );
}

export function NoUsersYet() {
  return <EmptyState icon={Users} level={3} title="No users yet" hint="Accounts appear here as operators register." />;
}

export function NoMatchingUsers({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={SearchX}
      level={3}
      title="No users match your search"
      hint="Try part of a name or an email address."
      action={{ label: 'Clear search', onClick: onClear }}
    />
  );
}
