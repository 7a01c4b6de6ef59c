import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { countOf } from '../../../../shared/wording.js';
import { Button } from '../../../components/ui/button.js';
import { useCart } from '../api.js';
import { CartDialog } from './cart-dialog.js';

/** The hub pages' cart: a button with the count, announced politely whenever it changes. */
export function CartButton() {
  const cart = useCart();
  const [open, setOpen] = useState(false);
  const count = cart.data?.itemCount ?? 0;
  const label = countOf(count, 'item');
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-label={`Cart, ${label}`} data-testid="cart-button">
        <ShoppingCart className="size-4" aria-hidden="true" />
        Cart
        <span className="min-w-6 rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground" aria-hidden="true" data-testid="cart-count">
          {count}
        </span>
      </Button>
      <span role="status" className="sr-only">
        {cart.data ? `${label} in your cart` : ''}
      </span>
      <CartDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
