import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { seedCatalogIfEmpty } from './catalog-seed.js';
import type { Database } from './client.js';
import { createSuggestion, createVendingIssue } from './feedback-factories.js';
import { DEMO_ISSUES, DEMO_MACHINES, DEMO_PRODUCTS, DEMO_SUGGESTIONS, daysBefore } from './demo-catalog.js';
import { DEMO_HISTORY_DAYS, seedDemoHistory, topUpDemoHistory } from './demo-history.js';
import { createDemoPlanograms } from './demo-planograms.js';
import { carryDemoSales } from './demo-sales.js';
import { seedExampleCharities } from './demo-charities.js';
import { seedExampleEducators } from './demo-educators.js';
import { createMachine, createProduct, createUser } from './factories.js';
import { planogramSlots, salesImports, users } from './schema.js';

export const DEMO_OPERATOR_EMAIL = 'demo@vendvote.local';

export interface DemoAccount {
  email: string;
  password: string;
}

/**
 * Creates the demo operator with machines, a catalogue, six weeks of votes and the planograms,
 * visits and DEX audits that agree with them, once. Its password
 * is random per install and kept in the data directory so the start-up message can repeat it.
 */
export async function seedDemoData(db: Database, dataDir: string, now = new Date()): Promise<DemoAccount | null> {
  const accountFile = join(dataDir, 'demo-account.json');
  // The resource hub's retail catalogue is shared by every operator, so it is loaded apart from the demo account.
  await seedCatalogIfEmpty(db);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_OPERATOR_EMAIL));
  if (existing) {
    await topUpDemoHistory(db, existing.id, now);
    // A demo made before machines had planograms gets them now, with the sales history they imply
    // (one whose planograms and sales were cleared on purpose stays as it was left).
    const [planned] = await db.select({ id: planogramSlots.id }).from(planogramSlots).where(eq(planogramSlots.userId, existing.id)).limit(1);
    const [imported] = await db.select({ id: salesImports.id }).from(salesImports).where(eq(salesImports.userId, existing.id)).limit(1);
    if (!planned && !imported) await createDemoPlanograms(db, existing.id, now);
    await carryDemoSales(db, existing.id, now);
    return readAccount(accountFile);
  }

  const password = `demo-${randomBytes(6).toString('base64url')}`;
  await createDemoOperator(db, password, now);
  // With the demo operator only, so examples an admin deleted do not come back at the next start.
  await seedExampleEducators(db);
  await seedExampleCharities(db);
  mkdirSync(dataDir, { recursive: true });
  const account = { email: DEMO_OPERATOR_EMAIL, password };
  writeFileSync(accountFile, JSON.stringify(account), { mode: 0o600 });
  return account;
}

export async function createDemoOperator(db: Database, password: string, now: Date) {
  const { user } = await createUser(db, {
    email: DEMO_OPERATOR_EMAIL,
    password,
    firstName: 'Dana',
    lastName: 'Demo',
  });
  // Its address is not a real mailbox: reports from the demo page must not mail it.
  await db.update(users).set({ emailNotifications: false }).where(eq(users.id, user.id));
  const machines = [];
  for (const machine of DEMO_MACHINES) machines.push(await createMachine(db, user.id, machine));
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const createdAt = new Date(now.getTime() - (DEMO_HISTORY_DAYS + 7 - index) * 86_400_000);
    await createProduct(db, user.id, { ...product, createdAt });
  }
  await seedDemoHistory(db, user.id, now);
  await createDemoPlanograms(db, user.id, now);
  await carryDemoSales(db, user.id, now);
  for (const { machine, daysAgo, ...suggestion } of DEMO_SUGGESTIONS) {
    await createSuggestion(db, user.id, { ...suggestion, machineId: machines[machine]!.id, createdAt: daysBefore(now, daysAgo) });
  }
  for (const { machine, daysAgo, ...issue } of DEMO_ISSUES) {
    await createVendingIssue(db, user.id, { ...issue, machineId: machines[machine]!.id, createdAt: daysBefore(now, daysAgo, 13) });
  }
  return { user, machines };
}

function readAccount(file: string): DemoAccount | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoAccount;
  } catch {
    return null;
  }
}
