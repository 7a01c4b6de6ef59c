import { Handshake } from 'lucide-react';
import { INDUSTRY_LABELS, type AdminAffiliate } from '../../../../shared/affiliates.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { formatCents } from '../../affiliates/affiliate-format.js';
import { adminCell as cell, AdminTableFrame, AdminTableSkeleton, type AdminTableShape } from './admin-table.js';

const TABLE: AdminTableShape = {
  label: 'Affiliates',
  columns: ['Name', 'Email', 'Affiliate Code', 'Referrals', 'Earnings', 'Status', 'Actions'],
  minWidth: 'min-w-[56rem]',
};

export function AffiliateTableSkeleton() {
  return <AdminTableSkeleton {...TABLE} loadingLabel="Loading affiliates" rowTestId="affiliate-skeleton-row" />;
}

interface AffiliateTableProps {
  affiliates: AdminAffiliate[];
  busy: boolean;
  /** The affiliate whose change is on its way, whose button waits meanwhile. */
  changingId: number | null;
  onSetActive: (affiliate: AdminAffiliate, isActive: boolean) => void;
}

export const nameOf = (affiliate: Pick<AdminAffiliate, 'firstName' | 'lastName'>) => `${affiliate.firstName} ${affiliate.lastName}`.trim();

/** The spec's table: Name, Email, Affiliate Code, Referrals, Earnings, Status; and the switch on and off. */
export function AffiliateTable({ affiliates, busy, changingId, onSetActive }: AffiliateTableProps) {
  return (
    <AdminTableFrame {...TABLE} busy={busy}>
      <tbody className="divide-y divide-border">
        {affiliates.map((affiliate) => {
          const name = nameOf(affiliate);
          return (
            <tr key={affiliate.userId} data-testid="affiliate-row">
              <td className={cell}>
                <div className="grid gap-0.5">
                  <span className="font-medium">{name}</span>
                  <span className="text-xs text-muted-foreground">{INDUSTRY_LABELS[affiliate.industry]}</span>
                </div>
              </td>
              <td className={`${cell} break-all`}>{affiliate.email}</td>
              <td className={`${cell} font-mono`}>{affiliate.affiliateCode}</td>
              <td className={`${cell} tabular-nums`}>{affiliate.referralCount.toLocaleString('en-US')}</td>
              <td className={`${cell} tabular-nums`}>{formatCents(affiliate.totalEarningsCents)}</td>
              <td className={cell}>{affiliate.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>}</td>
              <td className={cell}>
                {/* Named by aria-label, not a hidden span: an absolutely placed span would widen the page beyond the scrolling table. */}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${affiliate.isActive ? 'Deactivate' : 'Activate'} ${name}`}
                  loading={changingId === affiliate.userId}
                  onClick={() => onSetActive(affiliate, !affiliate.isActive)}
                >
                  {affiliate.isActive ? 'Deactivate' : 'Activate'}
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </AdminTableFrame>
  );
}

export function NoAffiliatesYet() {
  return (
    <EmptyState icon={Handshake} level={3} title="No affiliates registered yet" hint="People who join at /affiliate-signup appear here once they register." />
  );
}
