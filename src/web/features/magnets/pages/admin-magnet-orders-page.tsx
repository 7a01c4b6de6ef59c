import { useQuery } from '@tanstack/react-query';
import { CircleCheck, ExternalLink } from 'lucide-react';
import { PageTitle } from '../../../components/page-title.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { adminMagnetOrdersQuery, type AdminMagnetOrder } from '../api.js';
import { MagnetOrdersSkeleton } from '../components/magnet-order-list.js';
import { MarkShippedForm } from '../components/mark-shipped-form.js';
import { orderDate, orderNumber, paymentMethodText } from '../order-format.js';
import { ShippingAddressBlock } from '../components/shipping-address-block.js';
import { useChargeFormat } from '../../settings/use-charge-format.js';

/** /admin/magnet-orders (admins): paid orders to print and post by hand (no Printify, or refused by it). */
export function AdminMagnetOrdersPage() {
  const orders = useQuery(adminMagnetOrdersQuery());

  let content;
  if (orders.isPending) content = <MagnetOrdersSkeleton />;
  else if (orders.isError) {
    content = (
      <div className="p-4">
        <LoadError what="the orders to fulfil" error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isRefetching} />
      </div>
    );
  } else if (orders.data.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <CircleCheck className="size-10 text-success-soft-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">No orders waiting</h2>
        <p className="max-w-sm text-sm text-muted-foreground">Orders that need printing and posting by hand appear here.</p>
      </div>
    );
  } else {
    content = (
      <ul className="divide-y divide-border">
        {orders.data.map((order) => (
          <PendingOrder key={order.id} order={order} />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <PageTitle title="Magnet orders to fulfil" />
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Magnet orders to fulfil</h1>
        <p className="text-muted-foreground">
          Pending orders to print and post by hand. Once posted, add the tracking: the operator is told by mail.
        </p>
      </header>
      <Card aria-busy={orders.isFetching} className="overflow-hidden">
        <h2 className="sr-only">Pending orders</h2>
        {content}
      </Card>
    </div>
  );
}

function PendingOrder({ order }: { order: AdminMagnetOrder }) {
  const dollars = useChargeFormat();
  return (
    <li className="grid gap-4 p-4 sm:p-6" data-testid="admin-magnet-order">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">
          {orderNumber(order)} · {order.machineName}
        </h3>
        <p className="text-sm break-all text-muted-foreground">
          {orderDate(order.createdAt)} · {order.operatorEmail}
        </p>
      </div>
      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] content-start gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Size</dt>
          <dd>{order.magnetSize}</dd>
          <dt className="text-muted-foreground">Quantity</dt>
          <dd className="tabular-nums">{order.quantity}</dd>
          <dt className="text-muted-foreground">Wholesale cost</dt>
          <dd className="tabular-nums">{dollars(order.wholesaleCost.amount)}</dd>
          <dt className="text-muted-foreground">Customer pays</dt>
          <dd className="tabular-nums">{dollars(order.total.amount)}</dd>
          <dt className="text-muted-foreground">Payment</dt>
          <dd>{paymentMethodText(order)}</dd>
          {order.printifyProblem ? (
            <>
              <dt className="text-muted-foreground">Printify refused it</dt>
              <dd className="break-words">{order.printifyProblem}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">QR image</dt>
          <dd>
            <a
              href={order.qrImageUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
            >
              Open the QR image
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">for {orderNumber(order)} (opens in a new tab)</span>
            </a>
          </dd>
        </dl>
        <div className="grid content-start gap-1">
          <p className="text-muted-foreground">Ship to</p>
          <ShippingAddressBlock order={order} instructionsClassName="mt-2" />
        </div>
      </div>
      <MarkShippedForm orderId={order.id} />
    </li>
  );
}
