import { ArrowRightLeft } from 'lucide-react';
import type { Swap } from '../../../../shared/demand.schemas.js';
import { formatMoney, type Currency } from '../../../../shared/money.js';
import { units } from '../../demand/demand-format.js';

/** The weekly effect in money, signed; null when a price or a rate is missing. */
function effectText(effect: string | null, currency: Currency): string {
  if (effect === null) return 'Can’t be priced: one of the two products has no price or no sales rate yet.';
  const value = Number(effect);
  const amount = formatMoney(Math.abs(value), currency);
  return value >= 0 ? `About ${amount} more in sales a week` : `About ${amount} less in sales a week`;
}

/** 'Suggested swap': the slow product out of its slot, the wanted one in, and what it is worth. */
export function SwapCard({ swap, currency }: { swap: Swap; currency: Currency }) {
  return (
    <div className="grid gap-3 rounded-lg border border-border p-4 text-sm" role="region" aria-label="Suggested swap" data-testid="suggested-swap">
      <h3 className="flex items-center gap-2 text-base font-semibold">
        <ArrowRightLeft className="size-4" aria-hidden="true" />
        Suggested swap
      </h3>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Out</dt>
          <dd className="font-medium">
            {swap.out.productName} <span className="font-normal text-muted-foreground">from slot</span> <span className="font-mono">{swap.out.code}</span>
          </dd>
          <dd className="text-muted-foreground">Sells {units(swap.out.weeklyUnits)} a week</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">In</dt>
          <dd className="font-medium">{swap.in.productName}</dd>
          <dd className="text-muted-foreground">{swap.in.weeklyUnits === null ? 'Weekly sales cannot be estimated yet' : `Expected to sell ${units(swap.in.weeklyUnits)} a week`}</dd>
        </div>
      </dl>
      <p className="font-medium">{effectText(swap.weeklyEffect, currency)}</p>
      <p className="text-muted-foreground">{swap.reason}</p>
    </div>
  );
}
