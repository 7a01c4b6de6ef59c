import { useState } from 'react';
import { MINIMUM_PAYOUT_CENTS, type AdminAffiliate } from '../../../../shared/affiliates.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { dayLabel, formatCents } from '../../affiliates/affiliate-format.js';
import { useAffiliatePayouts } from '../../affiliates/api.js';
import { nameOf } from './affiliate-table.js';
import { RecordPayoutDialog } from './record-payout-dialog.js';

const MINIMUM = formatCents(MINIMUM_PAYOUT_CENTS);

/** Who has approved earnings waiting, the way to record their payout, and the payouts recorded lately. */
export function AffiliatePayouts({ affiliates }: { affiliates: AdminAffiliate[] | undefined }) {
  const [paying, setPaying] = useState<AdminAffiliate | null>(null);
  const owed = affiliates?.filter((affiliate) => affiliate.approvedBalanceCents !== 0).sort((a, b) => b.approvedBalanceCents - a.approvedBalanceCents);

  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">Payouts</h2>
        <p className="text-sm text-muted-foreground">
          Commissions are approved after their holding period and paid out from {MINIMUM}. Pay the affiliate outside the app, then
          record the payment here.
        </p>
      </div>
      <section aria-labelledby="approved-balances-heading" className="grid gap-2">
        <h3 id="approved-balances-heading" className="font-semibold">
          Approved balances
        </h3>
        {owed === undefined ? (
          <Skeleton className="h-16 w-full" />
        ) : owed.length === 0 ? (
          <p className="text-sm text-muted-foreground">No affiliate has approved earnings waiting.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {owed.map((affiliate) => (
              <OwedRow key={affiliate.userId} affiliate={affiliate} onRecord={() => setPaying(affiliate)} />
            ))}
          </ul>
        )}
      </section>
      <RecentPayouts />
      <RecordPayoutDialog affiliate={paying} onClose={() => setPaying(null)} />
    </Card>
  );
}

function OwedRow({ affiliate, onRecord }: { affiliate: AdminAffiliate; onRecord: () => void }) {
  const name = nameOf(affiliate);
  const belowMinimum = affiliate.approvedBalanceCents < MINIMUM_PAYOUT_CENTS;
  const noteId = `payout-note-${affiliate.userId}`;
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="approved-balance-row">
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">{name}</span>
        <span className="tabular-nums">{formatCents(affiliate.approvedBalanceCents)} approved</span>
        {belowMinimum ? (
          <span id={noteId} className="text-xs text-muted-foreground">
            Below the {MINIMUM} minimum payout: it is paid once it reaches {MINIMUM}.
          </span>
        ) : null}
      </div>
      <Button variant="outline" size="sm" className="w-fit" disabled={belowMinimum} aria-describedby={belowMinimum ? noteId : undefined} onClick={onRecord}>
        Record payout<span className="sr-only"> to {name}</span>
      </Button>
    </li>
  );
}

function RecentPayouts() {
  const payouts = useAffiliatePayouts();
  return (
    <section aria-labelledby="recent-payouts-heading" className="grid gap-2">
      <h3 id="recent-payouts-heading" className="font-semibold">
        Recent payouts
      </h3>
      {payouts.isError ? (
        <LoadError what="the recent payouts" error={payouts.error} onRetry={() => void payouts.refetch()} retrying={payouts.isRefetching} />
      ) : payouts.data === undefined ? (
        <Skeleton className="h-16 w-full" />
      ) : payouts.data.recent.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payouts recorded yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {payouts.data.recent.map((payout) => (
            <li key={payout.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3 text-sm" data-testid="recent-payout-row">
              <span className="font-medium">{payout.affiliateName}</span>
              <span className="font-semibold tabular-nums">{formatCents(payout.amountCents)}</span>
              <span className="text-muted-foreground">{dayLabel(payout.paidAt)}</span>
              <span className="w-full break-all text-muted-foreground">Reference: {payout.reference}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
