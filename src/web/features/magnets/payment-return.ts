/** Where Stripe sent the browser back to: `?order={id}&session_id=…` after paying, `&canceled=1` without. */
export type PaymentReturn = { orderId: number; sessionId: string } | { orderId: number; canceled: true };

/** The Stripe return the address describes, or null for an ordinary visit. */
export function paymentReturnOf(params: URLSearchParams): PaymentReturn | null {
  const order = params.get('order') ?? '';
  if (!/^\d{1,10}$/.test(order) || Number(order) === 0) return null;
  const orderId = Number(order);
  const sessionId = params.get('session_id')?.trim();
  if (sessionId) return { orderId, sessionId };
  return params.get('canceled') === '1' ? { orderId, canceled: true } : null;
}
