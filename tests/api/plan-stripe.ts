import { createStripeClient } from '../../src/server/integrations/stripe/stripe-client.js';
import { expect } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe.js';
import type { TestApp } from '../support/index.js';

export interface PlanStripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: { growth: string; enterprise: string };
}

/**
 * A fake Stripe that sells the two paid plans at their real monthly amounts, and the app's client
 * pointed at it. Each test file names its own price ids and keys, so files running side by side
 * never read each other's customers or events.
 */
export async function startPlanStripe({ secretKey, webhookSecret, prices }: PlanStripeSettings) {
  const fake = await startFakeStripe({
    secretKey,
    webhookSecret,
    prices: [
      { id: prices.growth, unitAmount: 2000 },
      { id: prices.enterprise, unitAmount: 4000 },
    ],
  });
  return { fake, stripe: createStripeClient({ secretKey, apiBase: fake.url }) };
}

type Event = FakeStripe['events'][number];

/** Posts events to the app's webhook as Stripe does (the exact bytes, signed), each answered 200. */
export async function deliverEvents(t: TestApp, fake: FakeStripe, events: Event[]) {
  for (const event of events) {
    const { payload, signature } = fake.signed(event);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}
