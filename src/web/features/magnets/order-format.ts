import type { MagnetOrderView } from '../../../shared/magnets.schemas.js';
import { countryName } from './order-form.js';
import { formatDate } from '../../lib/dates.js';

/** 'Nov 25, 2026'. */
export const orderDate = (iso: string) => formatDate(iso);

/** 'Order #12'. */
export const orderNumber = (order: Pick<MagnetOrderView, 'id'>) => `Order #${order.id}`;

/**
 * How an order is paid (the receipt): on Stripe's page (Starter plan, and whenever no active
 * subscription can carry it), on the plan's next invoice, or by hand where billing is not set up.
 */
export function paymentMethodText(order: Pick<MagnetOrderView, 'paymentMethod' | 'paidAt'>): string {
  if (order.paymentMethod === 'manual') return 'Not charged online: settled by hand';
  if (order.paymentMethod === 'invoice') {
    return order.paidAt ? `Paid with your invoice on ${orderDate(order.paidAt)}` : 'Added to your next invoice';
  }
  return order.paidAt ? `Paid by card on ${orderDate(order.paidAt)}` : 'Not paid yet';
}

/** Orders whose price waits on the plan's next invoice (the Plan & billing page lists them). */
export const onNextInvoice = (orders: readonly MagnetOrderView[]) =>
  orders.filter((order) => order.paymentMethod === 'invoice' && order.paidAt === null);

/** 'UPS 1Z999', or the number alone when the carrier is not known. */
export function trackingText(tracking: NonNullable<MagnetOrderView['tracking']>): string {
  return tracking.carrier ? `${tracking.carrier} ${tracking.number}` : tracking.number;
}

/** The address as it is written on a parcel, one line each. */
export function addressLines(address: MagnetOrderView['shippingAddress']): string[] {
  return [
    address.fullName,
    address.addressLine1,
    ...(address.addressLine2 ? [address.addressLine2] : []),
    `${address.city}, ${address.state} ${address.zipCode}`,
    countryName(address.country),
  ];
}
