import { Magnet, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import type { MagnetOrderView } from '../../../../shared/magnets.schemas.js';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { orderDate, orderNumber } from '../order-format.js';
import { MagnetOrderStatusBadge, TrackingInfo } from './order-status.js';
import { useChargeFormat } from '../../settings/use-charge-format.js';

const receiptLinkClass = 'font-medium text-primary underline underline-offset-4';

/**
 * The operator's magnet orders, newest first: a table on wider screens, one card per order on a
 * phone (only one of the two is shown, so a screen reader meets each order once).
 */
export function MagnetOrderList({ orders }: { orders: MagnetOrderView[] }) {
  const dollars = useChargeFormat();
  return (
    <>
      <table className="hidden w-full text-sm md:table">
        <caption className="sr-only">Your magnet orders, newest first</caption>
        <thead className="border-b border-border text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Date</th>
            <th scope="col" className="px-4 py-3 font-medium">Machine</th>
            <th scope="col" className="px-4 py-3 font-medium">Size</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">Quantity</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">Total</th>
            <th scope="col" className="px-4 py-3 font-medium">Status</th>
            <th scope="col" className="px-4 py-3 font-medium">Tracking</th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Receipt</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {orders.map((order) => (
            <tr key={order.id} data-testid="magnet-order-row">
              <td className="px-4 py-3 whitespace-nowrap">{orderDate(order.createdAt)}</td>
              <th scope="row" className="px-4 py-3 text-left font-medium break-words">
                {order.machineName}
              </th>
              <td className="px-4 py-3">{order.magnetSize}</td>
              <td className="px-4 py-3 text-right tabular-nums">{order.quantity}</td>
              <td className="px-4 py-3 text-right tabular-nums">{dollars(order.total.amount)}</td>
              <td className="px-4 py-3">
                <MagnetOrderStatusBadge status={order.status} />
              </td>
              <td className="px-4 py-3">
                <TrackingInfo tracking={order.tracking} />
              </td>
              <td className="px-4 py-3">
                <Link to={paths.magnetOrder(order.id)} className={receiptLinkClass} aria-label={`Receipt for ${orderNumber(order)}`}>
                  Receipt
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-border md:hidden">
        {orders.map((order) => (
          <li key={order.id} className="grid gap-3 p-4" data-testid="magnet-order-card">
            <div className="flex items-start justify-between gap-3">
              <div className="grid min-w-0 gap-0.5">
                <h3 className="font-semibold break-words">{order.machineName}</h3>
                <p className="text-sm text-muted-foreground">
                  {orderNumber(order)} · {orderDate(order.createdAt)}
                </p>
              </div>
              <MagnetOrderStatusBadge status={order.status} />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Size</dt>
              <dd>{order.magnetSize}</dd>
              <dt className="text-muted-foreground">Quantity</dt>
              <dd className="tabular-nums">{order.quantity}</dd>
              <dt className="text-muted-foreground">Total</dt>
              <dd className="tabular-nums">{dollars(order.total.amount)}</dd>
              <dt className="text-muted-foreground">Tracking</dt>
              <dd>
                <TrackingInfo tracking={order.tracking} />
              </dd>
            </dl>
            <Link to={paths.magnetOrder(order.id)} className={receiptLinkClass} aria-label={`Receipt for ${orderNumber(order)}`}>
              Receipt
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export function MagnetOrdersSkeleton() {
  return (
    <ul role="status" aria-label="Loading magnet orders" className="divide-y divide-border">
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className="grid gap-2 p-4">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/4" />
        </li>
      ))}
    </ul>
  );
}

export function NoMagnetOrders() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <Magnet className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No magnet orders yet</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        Order printed QR code magnets from a machine’s card on the Vending Machines page. Your orders and their receipts appear here.
      </p>
      <Link to={paths.vendingMachines} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        Go to Vending Machines
      </Link>
    </div>
  );
}

export function MagnetOrdersLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="p-4">
      <Alert variant="destructive">
        <AlertTitle>Your magnet orders could not be loaded</AlertTitle>
        <p>{readApiError(error).message ?? 'Please check your connection and try again.'}</p>
        <Button variant="outline" size="sm" className="mt-1 w-fit" onClick={onRetry}>
          <RotateCw className="size-4" aria-hidden="true" />
          Retry
        </Button>
      </Alert>
    </div>
  );
}
