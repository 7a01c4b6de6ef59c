import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { MagnetOrderView } from '../../../../shared/magnets.schemas.js';
import { SITE_NAME } from '../../../../shared/page-meta.js';
import { PageTitle } from '../../../components/page-title.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { magnetOrderQuery } from '../api.js';
import { orderDate, orderNumber, paymentMethodText } from '../order-format.js';
import { MagnetOrderStatusBadge, TrackingInfo } from '../components/order-status.js';
import { ShippingAddressBlock } from '../components/shipping-address-block.js';
import { PayNowButton } from '../components/pay-now-button.js';
import { useChargeFormat } from '../../settings/use-charge-format.js';

/** The id in the address, or null when it names no order. */
const orderIdOf = (param: string | undefined) => (param && /^\d{1,10}$/.test(param) ? Number(param) : null);

/** /magnet-orders/:orderId: one order as a printable receipt. */
export function MagnetReceiptPage() {
  const orderId = orderIdOf(useParams().orderId);
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageTitle title={orderId ? `Receipt for ${orderNumber({ id: orderId })}` : 'Receipt'} />
      <Link to={paths.magnetOrders} className={buttonClasses({ variant: 'link', className: 'w-fit print:hidden' })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        All magnet orders
      </Link>
      {orderId ? <Receipt orderId={orderId} /> : <OrderNotFound />}
    </div>
  );
}

function Receipt({ orderId }: { orderId: number }) {
  const order = useQuery(magnetOrderQuery(orderId));
  if (order.isPending) {
    return (
      <Card role="status" aria-label="Loading the receipt" className="grid gap-3 p-6">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-32 w-full" />
      </Card>
    );
  }
  if (order.isError) {
    if (readApiError(order.error).status === 404) return <OrderNotFound />;
    return <LoadError what="the receipt" error={order.error} onRetry={() => void order.refetch()} retrying={order.isRefetching} />;
  }
  return <ReceiptCard order={order.data} />;
}

function ReceiptCard({ order }: { order: MagnetOrderView }) {
  const dollars = useChargeFormat();
  return (
    <Card className="print:border-0 print:shadow-none">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">{SITE_NAME} · QR magnet receipt</p>
          <h1 className="text-2xl font-bold tracking-tight">{orderNumber(order)}</h1>
          <p className="text-sm text-muted-foreground">Ordered {orderDate(order.createdAt)}</p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {order.status === 'awaiting_payment' ? <PayNowButton orderId={order.id} /> : null}
          <Button variant="outline" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden="true" />
            Print
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        <section aria-labelledby="receipt-items" className="grid gap-2">
          <h2 id="receipt-items" className="font-semibold">
            Order
          </h2>
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-y-1 [&>dd]:pl-4">
            <dt className="text-muted-foreground">Machine</dt>
            <dd className="text-right break-words">{order.machineName}</dd>
            <dt className="text-muted-foreground">Magnet size</dt>
            <dd className="text-right">{order.magnetSize}</dd>
            <dt className="text-muted-foreground">Quantity</dt>
            <dd className="text-right tabular-nums">{order.quantity}</dd>
            <dt className="text-muted-foreground">Unit price</dt>
            <dd className="text-right tabular-nums">{dollars(order.unitPrice.amount)}</dd>
            <dt className="text-muted-foreground">Shipping</dt>
            <dd className="text-right tabular-nums">{Number(order.shipping.amount) === 0 ? 'Free' : dollars(order.shipping.amount)}</dd>
            <dt className="border-t border-border pt-1 font-semibold">Total</dt>
            <dd className="border-t border-border pt-1 text-right font-semibold tabular-nums">{dollars(order.total.amount)}</dd>
          </dl>
        </section>

        <section aria-labelledby="receipt-payment" className="grid gap-2">
          <h2 id="receipt-payment" className="font-semibold">
            Payment
          </h2>
          <p>{paymentMethodText(order)}</p>
        </section>

        <section aria-labelledby="receipt-shipping" className="grid gap-2">
          <h2 id="receipt-shipping" className="font-semibold">
            Shipping
          </h2>
          <ShippingAddressBlock order={order} />
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <MagnetOrderStatusBadge status={order.status} />
            </dd>
            <dt className="text-muted-foreground">Tracking</dt>
            <dd>
              <TrackingInfo tracking={order.tracking} />
            </dd>
            {order.shippedAt ? (
              <>
                <dt className="text-muted-foreground">Shipped</dt>
                <dd>{orderDate(order.shippedAt)}</dd>
              </>
            ) : null}
            {order.deliveredAt ? (
              <>
                <dt className="text-muted-foreground">Delivered</dt>
                <dd>{orderDate(order.deliveredAt)}</dd>
              </>
            ) : null}
          </dl>
        </section>
      </CardContent>
    </Card>
  );
}

function OrderNotFound() {
  return (
    <div className="grid gap-3">
      <h1 className="text-2xl font-bold tracking-tight">Order not found</h1>
      <Alert variant="destructive">
        <p>
          This order does not exist or is not yours. Your orders are listed on the{' '}
          <Link to={paths.magnetOrders} className="font-medium underline underline-offset-4">
            Magnet orders
          </Link>{' '}
          page.
        </p>
      </Alert>
    </div>
  );
}
