import { Magnet } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { paths } from '../../../lib/paths.js';
import { useMagnetOrders } from '../api.js';
import { onNextInvoice, orderDate, orderNumber } from '../order-format.js';
import { useChargeFormat } from '../../settings/use-charge-format.js';

/**
 * Plan & billing's magnet section: the orders whose price waits on the next invoice, and a way to
 * every order. Quiet when none wait (and while loading or when the list fails): just the link.
 */
export function MagnetOrdersOnInvoice() {
  const dollars = useChargeFormat();
  const orders = useMagnetOrders();
  const waiting = orders.data ? onNextInvoice(orders.data) : [];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg font-semibold">Magnet orders</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {waiting.length > 0 ? (
          <section aria-labelledby="magnets-on-invoice" className="grid gap-2">
            <h3 id="magnets-on-invoice" className="font-medium">
              On your next invoice
            </h3>
            <ul className="divide-y divide-border rounded-md border border-border">
              {waiting.map((order) => (
                <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
                  <span className="min-w-0 break-words">
                    <Link to={paths.magnetOrder(order.id)} className="font-medium text-primary underline underline-offset-4">
                      {orderNumber(order)}
                    </Link>{' '}
                    · {order.quantity} × {order.magnetSize} for {order.machineName}, {orderDate(order.createdAt)}
                  </span>
                  <span className="font-semibold tabular-nums">{dollars(order.total.amount)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <Link to={paths.magnetOrders} className="inline-flex w-fit items-center gap-2 font-medium text-primary underline underline-offset-4">
          <Magnet className="size-4" aria-hidden="true" />
          See all magnet orders
        </Link>
      </CardContent>
    </Card>
  );
}
