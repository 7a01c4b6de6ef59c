import { ExternalLink, Minus, Plus, Trash2 } from 'lucide-react';
import type { CartLine } from '../../../../shared/resources-hub.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { toast } from '../../../components/ui/use-toast.js';
import { readApiError } from '../../../lib/api.js';
import { useChargeFormat } from '../../settings/use-charge-format.js';
import { useCart, useClearCart, useRemoveFromCart, useSetCartQuantity } from '../api.js';
import { MAX_CART_QUANTITY } from '../../../../shared/resources-hub.schemas.js';

const showError = (title: string) => (error: unknown) =>
  toast({ title, description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' });

function CartLineRow({ line }: { line: CartLine }) {
  // The retailer's US-dollar prices, marked US$ for an operator who keeps another currency.
  const price = useChargeFormat();
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();
  const { item, quantity } = line;
  const change = (next: number) => setQuantity.mutate({ catalogItemId: item.id, quantity: next }, { onError: showError('Update failed') });
  return (
    <li className="grid gap-2 py-3" aria-label={item.name} data-testid="cart-line">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <a href={item.retailerUrl} target="_blank" rel="noopener noreferrer" className="font-medium underline-offset-4 hover:underline">
            {item.name}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <span className="text-sm text-muted-foreground">{price(item.price)} each</span>
          {item.inStock ? null : (
            <Badge variant="destructive" className="w-fit">
              Out of stock: left out of checkout
            </Badge>
          )}
        </div>
        <span className="font-semibold">{price(line.lineTotal)}</span>
      </div>
      <div className="flex items-center justify-between gap-2">
        {/* The group names the control; the count is a live region, so each change is read out. */}
        <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${item.name}`}>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Decrease quantity of ${item.name}`}
            disabled={quantity <= 1 || setQuantity.isPending}
            onClick={() => change(quantity - 1)}
          >
            <Minus className="size-4" aria-hidden="true" />
          </Button>
          <output className="min-w-10 text-center tabular-nums" aria-live="polite" aria-atomic="true">
            <span className="sr-only">Quantity </span>
            <span data-testid="cart-line-quantity">{quantity}</span>
          </output>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Increase quantity of ${item.name}`}
            disabled={quantity >= MAX_CART_QUANTITY || setQuantity.isPending}
            onClick={() => change(quantity + 1)}
          >
            <Plus className="size-4" aria-hidden="true" />
          </Button>
        </div>
        <Button
          variant="ghost"
          size="sm"
          loading={remove.isPending}
          onClick={() => remove.mutate({ catalogItemId: item.id }, { onError: showError('Remove failed') })}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Remove<span className="sr-only"> {item.name}</span>
        </Button>
      </div>
    </li>
  );
}

/** The operator's cart across the three catalogues; checkout hands every line to Amazon's own cart. */
export function CartDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const cart = useCart();
  const clear = useClearCart();
  const price = useChargeFormat();
  const lines = cart.data?.lines ?? [];
  const checkoutUrl = cart.data?.checkoutUrl ?? null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your cart</DialogTitle>
          <DialogDescription>
            Saved to your account. Checking out opens Amazon with these items in your Amazon cart; Amazon shows the final prices and shipping.
          </DialogDescription>
        </DialogHeader>
        {cart.isPending ? (
          <p role="status">Loading your cart…</p>
        ) : lines.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">Your cart is empty.</p>
        ) : (
          <>
            <ul className="divide-y divide-border">
              {lines.map((line) => (
                <CartLineRow key={line.item.id} line={line} />
              ))}
            </ul>
            <p className="flex justify-between border-t border-border pt-3 font-semibold">
              <span>Subtotal at listed prices</span>
              <span data-testid="cart-subtotal">{price(cart.data!.subtotal)}</span>
            </p>
          </>
        )}
        <DialogFooter>
          {lines.length > 0 ? (
            <Button variant="outline" loading={clear.isPending} onClick={() => clear.mutate(undefined, { onError: showError('Clear failed') })}>
              Clear cart
            </Button>
          ) : null}
          {checkoutUrl ? (
            <a href={checkoutUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
              Check out on Amazon
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
