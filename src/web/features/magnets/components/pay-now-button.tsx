import { CreditCard } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { useStripeRedirect } from '../../billing/use-stripe-redirect.js';
import { resumeMagnetPayment } from '../api.js';

/** Back to the order's own Stripe page, for an operator who left it without paying. */
export function PayNowButton({ orderId, className }: { orderId: number; className?: string }) {
  const payment = useStripeRedirect(() => resumeMagnetPayment(orderId));
  return (
    <Button className={className} loading={payment.pending} onClick={() => void payment.go()}>
      <CreditCard className="size-4" aria-hidden="true" />
      Pay now
    </Button>
  );
}
