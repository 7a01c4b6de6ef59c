import { ADMIN_LIST_SKELETON_ROWS } from '../../../../shared/admin-users.schemas.js';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { Skeleton } from '../../../components/ui/skeleton.js';

/** The padding every cell of an admin table shares, so the rows line up with the header. */
export const adminCell = 'px-4 py-3 align-top';

export interface AdminTableShape {
  /** Names the scrolling region for screen readers, e.g. "Users". */
  label: string;
  columns: readonly string[];
  /** A `min-w-[…]` class: below it the table scrolls sideways instead of squeezing its columns. */
  minWidth: string;
}

/** The table scrolls sideways inside its own region on a narrow screen, never the page. */
export function AdminTableFrame({ label, columns, minWidth, busy, children }: AdminTableShape & { busy?: boolean; children: React.ReactNode }) {
  return (
    <ScrollFrame label={label} aria-busy={busy}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </ScrollFrame>
  );
}

/** Spec 9: six placeholder rows, under the real header, while an admin list loads. */
export function AdminTableSkeleton({ loadingLabel, rowTestId, ...shape }: AdminTableShape & { loadingLabel: string; rowTestId: string }) {
  return (
    <div role="status" aria-label={loadingLabel}>
      <AdminTableFrame {...shape}>
        <tbody className="divide-y divide-border">
          {Array.from({ length: ADMIN_LIST_SKELETON_ROWS }, (_, row) => (
            <tr key={row} data-testid={rowTestId}>
              {shape.columns.map((column) => (
                <td key={column} className={adminCell}>
                  <Skeleton className="h-4 w-20" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </AdminTableFrame>
    </div>
  );
}
