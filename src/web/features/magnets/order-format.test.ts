import { describe, expect, it } from 'vitest';
import type { MagnetOrderView } from '../../../shared/magnets.schemas.js';
import { addressLines, onNextInvoice, paymentMethodText, trackingText } from './order-format.js';
import { paymentReturnOf } from './payment-return.js';

const PAID_AT = '2026-03-04T12:00:00.000Z';

const order = (changes: Partial<MagnetOrderView>): MagnetOrderView => ({
  id: 1,
  createdAt: '2026-03-04T12:00:00.000Z',
  machineId: 3,
  machineName: 'Lobby',
  magnetSize: '3" x 3"',
  quantity: 10,
  unitPrice: { amount: '5.99' },
  shipping: { amount: '4.99' },
  total: { amount: '64.89' },
  status: 'pending',
  paymentMethod: 'invoice',
  paidAt: null,
  shippingAddress: { fullName: 'Sam Rivera', addressLine1: '1 Main St', addressLine2: null, city: 'Toronto', state: 'ON', zipCode: 'M5V 2T6', country: 'CA' },
  specialInstructions: null,
  tracking: null,
  shippedAt: null,
  deliveredAt: null,
  ...changes,
});

describe('how an order is paid', () => {
  it('by card on Stripe, with the day it was paid', () => {
    expect(paymentMethodText(order({ paymentMethod: 'checkout', paidAt: PAID_AT }))).toBe('Paid by card on Mar 4, 2026');
    expect(paymentMethodText(order({ paymentMethod: 'checkout', paidAt: null }))).toBe('Not paid yet');
  });

  it('on the next invoice of a paid plan', () => {
    expect(paymentMethodText(order({ paymentMethod: 'invoice' }))).toBe('Added to your next invoice');
    expect(paymentMethodText(order({ paymentMethod: 'invoice', paidAt: PAID_AT }))).toBe('Paid with your invoice on Mar 4, 2026');
  });

  it('lists on Plan & billing only the invoice orders not paid yet', () => {
    const orders = [
      order({ id: 1 }),
      order({ id: 2, paidAt: PAID_AT }),
      order({ id: 3, paymentMethod: 'checkout' }),
      order({ id: 4, status: 'fulfilled' }),
    ];
    expect(onNextInvoice(orders).map((each) => each.id)).toEqual([1, 4]);
  });
});

describe('an order for people to read', () => {
  it('writes the address as on a parcel', () => {
    expect(addressLines(order({}).shippingAddress)).toEqual(['Sam Rivera', '1 Main St', 'Toronto, ON M5V 2T6', 'Canada']);
    const withSecondLine = { ...order({}).shippingAddress, addressLine2: 'Suite 4', country: 'US' as const };
    expect(addressLines(withSecondLine)).toEqual(['Sam Rivera', '1 Main St', 'Suite 4', 'Toronto, ON M5V 2T6', 'United States']);
  });

  it('names the carrier before the tracking number when it is known', () => {
    expect(trackingText({ carrier: 'UPS', number: '1Z999', url: null })).toBe('UPS 1Z999');
    expect(trackingText({ carrier: null, number: '1Z999', url: null })).toBe('1Z999');
  });
});

describe('a return from Stripe', () => {
  it('after paying names the order and the checkout session', () => {
    expect(paymentReturnOf(new URLSearchParams('order=12&session_id=cs_test_abc'))).toEqual({ orderId: 12, sessionId: 'cs_test_abc' });
  });

  it('without paying names the order only', () => {
    expect(paymentReturnOf(new URLSearchParams('order=12&canceled=1'))).toEqual({ orderId: 12, canceled: true });
  });

  it('is no return at all without a proper order id or an outcome', () => {
    for (const query of ['', 'order=12', 'order=abc&session_id=cs', 'order=0&canceled=1', 'order=1.5&canceled=1', 'session_id=cs_test_abc', 'order=12&session_id=%20']) {
      expect(paymentReturnOf(new URLSearchParams(query)), query).toBeNull();
    }
  });
});
