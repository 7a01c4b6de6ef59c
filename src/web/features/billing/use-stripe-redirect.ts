import { useState } from 'react';
import { BillingMessages } from '../../../shared/billing.schemas.js';
import { toast } from '../../components/ui/use-toast.js';
import { readApiError } from '../../lib/api.js';

/**
 * Asks the server for a Stripe page (Checkout or the Customer Portal) and sends the browser there.
 * The button stays busy until the browser leaves: a successful answer does not end the wait, only
 * a failure does, with the spec's 'Checkout Error' (extended spec 8).
 */
export function useStripeRedirect(request: () => Promise<{ url: string }>, failure: string = BillingMessages.checkoutErrorText) {
  const [pending, setPending] = useState(false);

  async function go(): Promise<boolean> {
    if (pending) return false;
    setPending(true);
    try {
      const { url } = await request();
      if (!url) throw new Error(failure);
      window.location.assign(url);
      return true;
    } catch (error) {
      setPending(false);
      const message = readApiError(error).message;
      toast({ variant: 'destructive', title: BillingMessages.checkoutErrorTitle, description: message ?? failure });
      return false;
    }
  }

  return { go, pending };
}
