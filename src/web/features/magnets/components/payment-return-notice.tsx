import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { MagnetOrderMessages } from '../../../../shared/magnets.schemas.js';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { magnetKeys, magnetPaymentConfirmationQuery } from '../api.js';
import { orderNumber } from '../order-format.js';
import type { PaymentReturn } from '../payment-return.js';
import { PayNowButton } from './pay-now-button.js';

/** The answer to a return from Stripe, above the orders. */
export function PaymentReturnNotice({ payment }: { payment: PaymentReturn }) {
  if ('canceled' in payment) {
    return (
      <Alert variant="info">
        <AlertTitle>{orderNumber({ id: payment.orderId })} is waiting for payment</AlertTitle>
        <p>
          You left Stripe’s page without paying, so nothing was charged. The magnets are printed once the order is paid; an order
          left unpaid is canceled after a day.
        </p>
        <PayNowButton orderId={payment.orderId} className="mt-1 w-fit" />
      </Alert>
    );
  }
  return <PaymentConfirmation orderId={payment.orderId} sessionId={payment.sessionId} />;
}

/** Asks the server, once, to check the payment with Stripe, so the page shows it even before Stripe's webhook. */
function PaymentConfirmation({ orderId, sessionId }: { orderId: number; sessionId: string }) {
  const queryClient = useQueryClient();
  const confirmation = useQuery(magnetPaymentConfirmationQuery(orderId, sessionId));
  const order = confirmation.data;

  useEffect(() => {
    if (!order) return;
    queryClient.setQueryData(magnetKeys.order(order.id), order);
    void queryClient.invalidateQueries({ queryKey: magnetKeys.orders, exact: true });
  }, [order, queryClient]);

  if (confirmation.isPending) {
    return (
      <Alert variant="info" aria-busy="true">
        <p>Confirming your payment with Stripe…</p>
      </Alert>
    );
  }
  if (confirmation.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Your payment could not be confirmed</AlertTitle>
        <p>
          {readApiError(confirmation.error).message ?? 'Please check your connection.'} If you paid, the order updates as soon as Stripe
          tells us.
        </p>
      </Alert>
    );
  }
  if (confirmation.data.paidAt === null && confirmation.data.status !== 'awaiting_payment') {
    return (
      <Alert variant="info">
        <AlertTitle>{orderNumber(confirmation.data)} was not paid</AlertTitle>
        <p>The checkout ended without a payment, so nothing was charged and nothing is printed.</p>
      </Alert>
    );
  }
  if (confirmation.data.paidAt === null) {
    return (
      <Alert variant="info">
        <AlertTitle>{orderNumber(confirmation.data)} is waiting for payment</AlertTitle>
        <p>Stripe has not confirmed the payment yet. The order updates as soon as it does.</p>
      </Alert>
    );
  }
  return (
    <Alert variant="success">
      <AlertTitle>
        {MagnetOrderMessages.received}: {orderNumber(confirmation.data)} is paid
      </AlertTitle>
      <p>
        {MagnetOrderMessages.receivedText}{' '}
        <Link to={paths.magnetOrder(confirmation.data.id)} className="font-medium underline underline-offset-4">
          See the receipt
        </Link>
      </p>
    </Alert>
  );
}
