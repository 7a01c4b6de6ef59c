import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invoices, subscriptions, type User } from '../../db/schema.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The profile and settings of account.json: named field by field, so a column added to users later
 * (a secret, say) is never copied out by accident.
 */
export function accountJson(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    company: user.company,
    website: user.website,
    phoneNumber: user.phoneNumber,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    plan: user.subscriptionTier,
    createdAt: iso(user.createdAt),
    twoFactorSignIn: user.twoFactorEnabledAt !== null,
    preferences: {
      timeZone: user.timeZone,
      currency: user.currency,
      language: user.language,
      theme: user.theme,
      autoReorderThreshold: user.autoReorderThreshold,
      restockWeekday: user.restockWeekday,
      assumedUnitsPerVote: user.assumedUnitsPerVote,
    },
    notifications: {
      emailNotifications: user.emailNotifications,
      smsNotifications: user.smsNotifications,
      lowInventoryAlerts: user.lowInventoryAlerts,
      highVoteAlerts: user.highVoteAlerts,
      machineOfflineAlerts: user.machineOfflineAlerts,
      dailySummary: user.dailySummary,
      periodicReport: user.periodicReport,
      reportFrequency: user.reportFrequency,
      loginAlerts: user.loginAlerts,
    },
  };
}

/** billing.json: the subscriptions and paid invoices Stripe reported for the account. */
export async function billingJson(db: Database, userId: number) {
  const [subscriptionRows, invoiceRows] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.stripeCreatedAt)),
    db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.stripeCreatedAt)),
  ]);
  return {
    subscriptions: subscriptionRows.map((s) => ({ id: s.id, status: s.status, plan: s.tier, trialEnd: iso(s.trialEnd), currentPeriodEnd: iso(s.currentPeriodEnd), cancelAtPeriodEnd: s.cancelAtPeriodEnd, startedAt: iso(s.stripeCreatedAt) })),
    invoices: invoiceRows.map((i) => ({ id: i.id, status: i.status, currency: i.currency, amountPaidCents: i.amountPaid, amountRefundedCents: i.amountRefunded, periodStart: iso(i.periodStart), periodEnd: iso(i.periodEnd), paidAt: iso(i.paidAt) })),
  };
}
