import { eq } from 'drizzle-orm';
import { createMachine } from '../../src/server/db/factories.js';
import { users } from '../../src/server/db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import type { TestApp } from '../support/index.js';
import { api, signIn } from './helpers.js';

/** Helpers for the suggestion and vending-issue tests. */

export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// Public submissions are limited per address; each call gets its own unless a test names one.
let addressCounter = 0;
export const newAddress = () => `198.51.100.${(++addressCounter % 250) + 1}`;

export interface CallOptions {
  cookie?: string;
  ip?: string;
}

/** The request helper, calling from a new address unless the options name one. */
export function apiFrom(t: TestApp, options: CallOptions = {}) {
  return api(t, options.cookie, { ip: options.ip ?? newAddress() });
}

/** A raw JSON (or other) body, for payloads that are not objects. */
export function rawPost(t: TestApp, url: string, payload: string, contentType = 'application/json') {
  return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType }, remoteAddress: newAddress() });
}

/** An operator with one machine, signed in. */
export async function operatorWithMachine(t: TestApp, machineName = 'Gym Lobby') {
  const operator = await signIn(t);
  const machine = await createMachine(t.database.db, operator.user.id, { name: machineName });
  return { ...operator, machine };
}

/** Runs `work` while no account has the demo operator's address, as on an install without demo data. */
export async function withoutDemoOperator(t: TestApp, work: () => Promise<void>) {
  const away = `demo-away-${Date.now()}@example.test`;
  await t.database.db.update(users).set({ email: away }).where(eq(users.email, DEMO_OPERATOR_EMAIL));
  try {
    await work();
  } finally {
    await t.database.db.update(users).set({ email: DEMO_OPERATOR_EMAIL }).where(eq(users.email, away));
  }
}
