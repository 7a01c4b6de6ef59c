import { Info } from 'lucide-react';

/**
 * What buying here means, said plainly in place of the original's fixed shipping and discount
 * promises: those are the retailer's to make, and change without us knowing.
 */
export function BuyingNotes() {
  return (
    <aside className="flex gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm" aria-label="How buying works">
      <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p>
        These products are sold by Amazon. Prices are Amazon&rsquo;s US prices when the item was last updated here; your cart is saved to your
        account, and checking out opens your Amazon cart with every item, where Amazon shows the current price, shipping and any quantity
        discounts.
      </p>
    </aside>
  );
}
