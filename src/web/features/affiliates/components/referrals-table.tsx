import { Users } from 'lucide-react';
import type { Referral } from '../../../../shared/affiliates.schemas.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { dayLabel, formatCents, PLAN_NAMES, STANDING_LABELS } from '../affiliate-format.js';

const COLUMNS = ['Referral', 'Joined', 'Plan', 'Standing', 'Earned'] as const;
const cell = 'px-4 py-3 align-top';

const STANDING_BADGES: Record<Referral['standing'], BadgeVariant> = {
  none: 'outline',
  trialing: 'info',
  active: 'success',
  past_due: 'destructive',
  canceled: 'secondary',
};

/** The latest sign-ups through the link; emails arrive masked, so the affiliate sees that someone joined, not who. */
export function ReferralsTable({ referrals }: { referrals: Referral[] }) {
  return (
    <Card className="min-w-0 overflow-hidden">
      <div className="border-b border-border p-4">
        <h2 className="text-lg font-semibold">Recent referrals</h2>
        <p className="text-sm text-muted-foreground">Emails are shortened to protect the people you referred.</p>
      </div>
      {referrals.length === 0 ? (
        <EmptyState icon={Users} level={3} title="No referrals yet" hint="Share your link: operators who sign up through it appear here." />
      ) : (
        // Focusable so keyboard users can scroll it sideways on a phone.
        <div role="region" aria-label="Recent referrals" tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground uppercase">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {referrals.map((referral, index) => (
                <tr key={`${referral.joinedAt}-${index}`} data-testid="referral-row">
                  <td className={`${cell} font-mono`}>{referral.email}</td>
                  <td className={cell}>{dayLabel(referral.joinedAt)}</td>
                  <td className={cell}>{PLAN_NAMES[referral.plan]}</td>
                  <td className={cell}>
                    <Badge variant={STANDING_BADGES[referral.standing]}>{STANDING_LABELS[referral.standing]}</Badge>
                  </td>
                  <td className={`${cell} tabular-nums`}>{formatCents(referral.earnedCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
