import { RotateCw } from 'lucide-react';
import { MAGNET_PRODUCTION_TIME } from '../../../../shared/magnet-pricing.js';
import type { MagnetQuote } from '../../../../shared/magnets.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';
import { useChargeFormat } from '../../settings/use-charge-format.js';

interface PriceSummaryProps {
  quote: MagnetQuote | undefined;
  /** The figures shown belong to an earlier choice while the new one is priced. */
  updating: boolean;
  error: unknown;
  onRetry: () => void;
  /** Admins also see what the order earns the platform (spec core 2.9). */
  showRevenue: boolean;
}

/**
 * The server's price for the current choice (spec core 2.9), read out when it changes. Nothing is
 * computed here: every figure is the quote's.
 */
export function PriceSummary({ quote, updating, error, onRetry, showRevenue }: PriceSummaryProps) {
  const dollars = useChargeFormat();
  return (
    <section aria-labelledby="magnet-price-heading" className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4">
      <h3 id="magnet-price-heading" className="text-sm font-semibold">
        Price summary
      </h3>
      <div aria-live="polite" aria-busy={updating || (!quote && !error)} className="grid gap-3 text-sm" data-testid="magnet-price-summary">
        {quote ? (
          <>
            <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-y-1 [&>dd]:pl-4">
              <dt className="text-muted-foreground">Unit price</dt>
              <dd className="text-right tabular-nums">{dollars(quote.unitPrice.amount)}</dd>
              <dt className="text-muted-foreground">Quantity</dt>
              <dd className="text-right tabular-nums">{quote.quantity}</dd>
              <dt className="text-muted-foreground">Shipping</dt>
              <dd className="text-right tabular-nums">{Number(quote.shipping.amount) === 0 ? 'Free' : dollars(quote.shipping.amount)}</dd>
              <dt className="border-t border-border pt-1 font-semibold">Total</dt>
              <dd className="border-t border-border pt-1 text-right font-semibold tabular-nums" data-testid="magnet-total">
                {dollars(quote.retailPrice.amount)}
              </dd>
            </dl>
            {updating ? <p className="text-xs text-muted-foreground">Updating the price…</p> : null}
          </>
        ) : error ? (
          <div className="grid gap-2">
            <p className="text-destructive-text">
              The price could not be loaded.{readApiError(error).message ? ` ${readApiError(error).message}` : ''}
            </p>
            <Button variant="outline" size="sm" className="w-fit" onClick={onRetry}>
              <RotateCw className="size-4" aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : (
          <div className="grid gap-2">
            <span className="sr-only">Loading the price…</span>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        )}
        <p className="text-muted-foreground">Production time: {MAGNET_PRODUCTION_TIME}</p>
        {quote && showRevenue ? <RevenueBreakdown quote={quote} /> : null}
      </div>
    </section>
  );
}

function RevenueBreakdown({ quote }: { quote: MagnetQuote }) {
  const dollars = useChargeFormat();
  return (
    <div className="grid gap-1 border-t border-dashed border-border pt-3" data-testid="magnet-revenue">
      <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Revenue breakdown (admin)</h4>
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-y-1 [&>dd]:pl-4">
        <dt className="text-muted-foreground">Wholesale cost</dt>
        <dd className="text-right tabular-nums">{dollars(quote.wholesaleCost.amount)}</dd>
        <dt className="text-muted-foreground">Platform profit</dt>
        <dd className="text-right tabular-nums">{dollars(quote.yourProfit.amount)}</dd>
        <dt className="text-muted-foreground">Customer pays</dt>
        <dd className="text-right tabular-nums">{dollars(quote.retailPrice.amount)}</dd>
      </dl>
      {quote.printerShippingQuoted ? null : (
        <p className="text-xs text-muted-foreground">Without the printer’s shipping, which is quoted for a complete address.</p>
      )}
    </div>
  );
}
