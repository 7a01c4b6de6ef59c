/**
 * The prices are a copy of the retailer's, stored when an admin last saved an item: the date says
 * how old that copy is (Amazon's cart shows the current price).
 */
export function PricesUpdated({ at, className }: { at: string | null; className?: string }) {
  if (!at) return null;
  return (
    <p className={className ?? 'text-sm text-muted-foreground'} data-testid="prices-updated">
      Prices last updated <time dateTime={at}>{new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium' })}</time>
    </p>
  );
}
