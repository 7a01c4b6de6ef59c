import { BadgeCheck, Hourglass, MousePointerClick, UserCheck, UserPlus, Wallet } from 'lucide-react';
import { COMMISSION_HOLD_DAYS, MINIMUM_PAYOUT_CENTS, type AffiliateDashboard } from '../../../../shared/affiliates.schemas.js';
import { StatCard } from '../../../components/stat-card.js';
import { formatCents, formatCount } from '../affiliate-format.js';

/** What the link brought in, then what it earned, by where the money stands. */
export function AffiliateFigures({ dashboard }: { dashboard: AffiliateDashboard }) {
  const { clicks, signUps, activeReferrals, earnings } = dashboard;
  return (
    <section aria-labelledby="affiliate-figures-heading" className="grid gap-3">
      <h2 id="affiliate-figures-heading" className="sr-only">
        Your figures
      </h2>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3">
        <StatCard label="Clicks" value={formatCount(clicks)} icon={MousePointerClick} caption="Visits through your link" data-testid="affiliate-clicks" />
        <StatCard label="Sign-ups" value={formatCount(signUps)} icon={UserPlus} caption="Accounts made after following it" data-testid="affiliate-sign-ups" />
        <StatCard
          label="Active referrals"
          value={formatCount(activeReferrals)}
          icon={UserCheck}
          caption="Referrals on a paid plan or its trial"
          data-testid="affiliate-active-referrals"
        />
        <StatCard
          label="Pending earnings"
          value={formatCents(earnings.pendingCents)}
          icon={Hourglass}
          caption={`Approved ${COMMISSION_HOLD_DAYS} days after each payment`}
          data-testid="affiliate-pending"
        />
        <StatCard
          label="Approved earnings"
          value={formatCents(earnings.approvedCents)}
          icon={BadgeCheck}
          caption={`Paid out from ${formatCents(MINIMUM_PAYOUT_CENTS)}`}
          data-testid="affiliate-approved"
        />
        <StatCard label="Paid out" value={formatCents(earnings.paidCents)} icon={Wallet} caption="Sent to you so far" data-testid="affiliate-paid" />
      </div>
    </section>
  );
}
