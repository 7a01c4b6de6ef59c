import { PackageCheck, Refrigerator } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { useAuth } from '../../../lib/auth.js';
import { paths } from '../../../lib/paths.js';
import { useMagnetOrders } from '../api.js';
import { MagnetOrderList, MagnetOrdersLoadError, MagnetOrdersSkeleton, NoMagnetOrders } from '../components/magnet-order-list.js';
import { PaymentReturnNotice } from '../components/payment-return-notice.js';
import { paymentReturnOf } from '../payment-return.js';

/** /magnet-orders: the operator's QR magnet orders, their status, tracking and receipts. */
export function MagnetOrdersPage() {
  const orders = useMagnetOrders();
  const { isAdmin } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: the address is cleaned at once, so a reload or a shared link never asks Stripe again.
  const [payment] = useState(() => paymentReturnOf(searchParams));
  const returnedFromStripe = searchParams.has('order');

  useEffect(() => {
    if (returnedFromStripe) setSearchParams({}, { replace: true });
  }, [returnedFromStripe, setSearchParams]);

  let list;
  if (orders.isPending) list = <MagnetOrdersSkeleton />;
  else if (orders.isError) list = <MagnetOrdersLoadError error={orders.error} onRetry={() => void orders.refetch()} />;
  else if (orders.data.length === 0) list = <NoMagnetOrders />;
  else list = <MagnetOrderList orders={orders.data} />;

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageTitle title="Magnet orders" />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Magnet orders</h1>
          <p className="text-muted-foreground">Printed QR code magnets for your machines: their status, tracking and receipts.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isAdmin ? (
            <Link to={paths.adminMagnetOrders} className={buttonClasses({ variant: 'outline', className: 'w-fit' })}>
              <PackageCheck className="size-4" aria-hidden="true" />
              Orders to fulfil by hand
            </Link>
          ) : null}
          <Link to={paths.vendingMachines} className={buttonClasses({ variant: 'outline', className: 'w-fit' })}>
            <Refrigerator className="size-4" aria-hidden="true" />
            Order from a machine
          </Link>
        </div>
      </header>
      {payment ? <PaymentReturnNotice payment={payment} /> : null}
      <Card aria-busy={orders.isFetching} className="overflow-hidden">
        <h2 className="sr-only">Orders</h2>
        {list}
      </Card>
    </div>
  );
}
