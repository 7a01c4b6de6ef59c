import { SearchX, Users } from 'lucide-react';
import { ADMIN_LIST_SKELETON_ROWS, MACHINE_TIER_LABELS, type AdminUser } from '../../../../shared/admin-users.schemas.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { PlanControl, UserActions } from './user-actions.js';
import { displayName, joinedDate, STATUS_LABELS, statusOf } from './user-format.js';

const STATUS_BADGES = { verified: 'success', pending: 'secondary', disabled: 'destructive' } as const satisfies Record<string, BadgeVariant>;
const COLUMNS = ['Name', 'Email', 'Tier', 'Plan', 'Machines', 'Status', 'Joined', 'Actions'];
const cell = 'px-4 py-3 align-top';

/** The table scrolls sideways inside its own region on a narrow screen, never the page. */
function TableFrame({ children, busy }: { children: React.ReactNode; busy?: boolean }) {
  return (
    // Focusable so keyboard users can scroll it too.
    <div role="region" aria-label="Users" aria-busy={busy} tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring">
      <table className="w-full min-w-[62rem] text-left text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

/** Spec 9: six placeholder rows while the list loads. */
export function UserTableSkeleton() {
  return (
    <div role="status" aria-label="Loading users">
      <TableFrame>
        <tbody className="divide-y divide-border">
          {Array.from({ length: ADMIN_LIST_SKELETON_ROWS }, (_, row) => (
            <tr key={row} data-testid="user-skeleton-row">
              {COLUMNS.map((column) => (
                <td key={column} className={cell}>
                  <Skeleton className="h-4 w-20" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </TableFrame>
    </div>
  );
}

export function UserTable({ users, selfId, busy }: { users: AdminUser[]; selfId: number | undefined; busy: boolean }) {
  return (
    <TableFrame busy={busy}>
      <tbody className="divide-y divide-border">
        {users.map((user) => {
          const status = statusOf(user);
          return (
            <tr key={user.id} data-testid="admin-user-row">
              <td className={`${cell} font-medium`}>{displayName(user)}</td>
              <td className={`${cell} break-all`}>{user.email}</td>
              <td className={cell}>
                <Badge variant="outline">{MACHINE_TIER_LABELS[user.machineTier]}</Badge>
              </td>
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
    </TableFrame>
  );
}

export function NoUsersYet() {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <Users className="size-10 text-muted-foreground" aria-hidden="true" />
      <h3 className="text-lg font-semibold">No users yet</h3>
      <p className="max-w-sm text-sm text-muted-foreground">Accounts appear here as operators register.</p>
    </div>
  );
}

export function NoMatchingUsers({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h3 className="text-lg font-semibold">No users match your search</h3>
      <p className="max-w-sm text-sm text-muted-foreground">Try part of a name or an email address.</p>
      <Button variant="outline" size="sm" onClick={onClear}>
        Clear search
      </Button>
    </div>
  );
}
