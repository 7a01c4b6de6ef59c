import { Wallet } from 'lucide-react';
import { MINIMUM_PAYOUT_CENTS, type Payout } from '../../../../shared/affiliates.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { dayLabel, formatCents } from '../affiliate-format.js';

/** Every payout recorded for the affiliate, newest first, with the reference of the transfer. */
export function PayoutsReceived({ payouts }: { payouts: Payout[] }) {
  return (
    <Card className="min-w-0 overflow-hidden">
      <div className="border-b border-border p-4">
        <h2 className="text-lg font-semibold">Payouts received</h2>
        <p className="text-sm text-muted-foreground">Approved earnings are paid out once they reach {formatCents(MINIMUM_PAYOUT_CENTS)}.</p>
      </div>
      {payouts.length === 0 ? (
        <EmptyState icon={Wallet} level={3} title="No payouts yet" hint="Payouts appear here with their date, amount and payment reference." />
      ) : (
        <ul className="divide-y divide-border">
          {payouts.map((payout) => (
            <li key={payout.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="payout-row">
              <span className="font-semibold tabular-nums">{formatCents(payout.amountCents)}</span>
              <span className="text-muted-foreground">{dayLabel(payout.paidAt)}</span>
              <span className="w-full break-all text-muted-foreground sm:w-auto">Reference: {payout.reference}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
