import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { OPERATOR_PAGE_PATHS } from '../../../shared/page-routes.js';
import type { Unsubscribable } from '../../../shared/notifications.schemas.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { loggableError } from '../../plugins/error-handler.js';
import { notificationDeliveries, users } from '../../db/schema.js';
import { enqueue } from '../../jobs/enqueue.js';
import type { MailLocale } from '../../integrations/mail/mail-locale.js';
import { addDays, lastCompletedPeriod, localClock, periodBefore } from './local-time.js';
import { findHighVotes, findOfflineMachines, loadDailySummary, loadPeriodicReport } from './notice-queries.js';
import { unmetDemandSummary } from '../demand/unmet-demand-summary.js';
import { findLowInventory, type LowInventory } from '../inventory-analytics/low-inventory.js';
import { oneClickUnsubscribeUrl, unsubscribePageUrl, unsubscribeToken } from './unsubscribe.js';

/** The daily summary and the periodic report go out from this local hour on. */
export const MORNING_HOUR = 8;

type Kind = 'lowInventory' | 'highVotes' | 'machineOffline' | 'dailySummary' | 'report';

interface Recipient {
  id: number;
  email: string;
  firstName: string;
  timeZone: string;
  language: MailLocale;
  reportFrequency: 'daily' | 'weekly' | 'monthly' | 'quarterly';
  autoReorderThreshold: number;
  lowInventoryAlerts: boolean;
  highVoteAlerts: boolean;
  machineOfflineAlerts: boolean;
  dailySummary: boolean;
  periodicReport: boolean;
  createdAt: Date;
}

interface SweepDeps {
  db: Database;
  publicUrl: string;
  unsubscribeKey: string;
  log?: FastifyBaseLogger;
}

/**
 * Finds what each operator should be told now and enqueues it as mail, each notice once per its
 * period: the delivery row and the mail's job are written in one transaction, and the row's unique
 * key (account, kind, subject, period) turns a second attempt, by this sweep or another instance's,
 * into nothing.
 */
export async function sweepNotifications(deps: SweepDeps, now: Date): Promise<number> {
  const recipients: Recipient[] = await deps.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
      language: users.language,
      reportFrequency: users.reportFrequency,
      autoReorderThreshold: users.autoReorderThreshold,
      lowInventoryAlerts: users.lowInventoryAlerts,
      highVoteAlerts: users.highVoteAlerts,
      machineOfflineAlerts: users.machineOfflineAlerts,
      dailySummary: users.dailySummary,
      periodicReport: users.periodicReport,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        eq(users.emailNotifications, true),
        eq(users.isVerified, true),
        // A disabled account is told nothing more.
        isNull(users.disabledAt),
        or(eq(users.lowInventoryAlerts, true), eq(users.highVoteAlerts, true), eq(users.machineOfflineAlerts, true), eq(users.dailySummary, true), eq(users.periodicReport, true)),
        // Only accounts with machines have anything to be told.
        sql`exists (select 1 from vending_machines m where m.user_id = ${users.id})`,
      ),
    )
    .orderBy(users.id);
  let sent = 0;
  for (const recipient of recipients) {
    // One account's failure (a database hiccup, a mail that will not build) must not stop the others'.
    try {
      sent += await sweepOne(deps, recipient, now);
    } catch (error) {
      deps.log?.error({ userId: recipient.id, err: loggableError(error) }, 'notices for one account failed; the next sweep tries again');
    }
  }
  return sent;
}

async function sweepOne(deps: SweepDeps, user: Recipient, now: Date): Promise<number> {
  const { db } = deps;
  const clock = localClock(now, user.timeZone);
  const joinedOn = localClock(user.createdAt, user.timeZone).date;
  const base = (kind: Unsubscribable) => {
    const token = unsubscribeToken(deps.unsubscribeKey, user.id, kind);
    return {
      locale: user.language,
      firstName: user.firstName,
      timeZone: user.timeZone,
      dashboardLink: `${deps.publicUrl}${OPERATOR_PAGE_PATHS.dashboard}`,
      unsubscribePage: unsubscribePageUrl(deps.publicUrl, token),
      oneClickUnsubscribe: oneClickUnsubscribeUrl(deps.publicUrl, token),
    };
  };
  let sent = 0;
  const alreadySent = async (kind: Kind, subjectKey: string, periodKey: string) => {
    const [row] = await db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.userId, user.id),
          eq(notificationDeliveries.kind, kind),
          eq(notificationDeliveries.subjectKey, subjectKey),
          eq(notificationDeliveries.periodKey, periodKey),
        ),
      );
    return Boolean(row);
  };
  const deliver = async (kind: Kind, subjectKey: string, periodKey: string, send: (tx: Database) => Promise<unknown>) => {
    // Looked up first, so a notice already sent costs a read rather than a failed insert each sweep.
    if (await alreadySent(kind, subjectKey, periodKey)) return;
    const delivered = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notificationDeliveries)
        .values({ userId: user.id, kind, subjectKey, periodKey, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: notificationDeliveries.id });
      if (row) await send(tx as unknown as Database);
      return Boolean(row);
    });
    if (delivered) sent += 1;
  };

  if (user.lowInventoryAlerts) {
    const due: LowInventory[] = [];
    for (const item of await findLowInventory(db, user.id, now)) {
      if (!(await alreadySent('lowInventory', `${item.machineId}:${item.productId}`, item.lastRestockAt))) due.push(item);
    }
    // One mail for everything newly due; each product's row keeps it from being told again before its next restock.
    if (due.length > 0) {
      const told = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(notificationDeliveries)
          .values(due.map((item) => ({ userId: user.id, kind: 'lowInventory', subjectKey: `${item.machineId}:${item.productId}`, periodKey: item.lastRestockAt, sentAt: now })))
          .onConflictDoNothing()
          .returning({ subjectKey: notificationDeliveries.subjectKey });
        const fresh = due.filter((item) => rows.some((row) => row.subjectKey === `${item.machineId}:${item.productId}`));
        if (fresh.length > 0) {
          await enqueue(tx, 'mail.low-inventory', {
            to: user.email,
            props: {
              ...base('lowInventory'),
              analyticsLink: `${deps.publicUrl}${OPERATOR_PAGE_PATHS.inventoryAnalytics}`,
              items: fresh.map(({ machineName, productName, estimatedStock, daysOfCover }) => ({ machineName, productName, estimatedStock, daysOfCover })),
            },
          });
        }
        return fresh.length > 0;
      });
      if (told) sent += 1;
    }
  }

  if (user.highVoteAlerts) {
    for (const hit of await findHighVotes(db, user.id, user.timeZone, clock.date, now)) {
      await deliver('highVotes', `${hit.machineId}:${hit.productId}`, clock.date, (tx) =>
        enqueue(tx, 'mail.high-votes', {
          to: user.email,
          props: { ...base('highVotes'), machineName: hit.machineName, productName: hit.productName, date: clock.date, today: hit.today, before: hit.before, days: hit.days },
        }),
      );
    }
  }

  if (user.machineOfflineAlerts) {
    for (const spell of await findOfflineMachines(db, user.id, user.timeZone, now)) {
      const periodKey = spell.kind === 'quiet' ? `quiet:${spell.lastVoteAt.toISOString()}` : `${spell.status}:${spell.since.toISOString()}`;
      await deliver('machineOffline', String(spell.machineId), periodKey, (tx) =>
        enqueue(tx, 'mail.machine-offline', {
          to: user.email,
          props: {
            ...base('machineOffline'),
            machineName: spell.machineName,
            location: spell.location,
            spell: spell.kind === 'quiet' ? { kind: 'quiet', lastVoteAt: spell.lastVoteAt.toISOString() } : { kind: 'status', status: spell.status, since: spell.since.toISOString() },
          },
        }),
      );
    }
  }

  const morning = clock.hour >= MORNING_HOUR;

  const yesterday = addDays(clock.date, -1);
  // An account opened today has no yesterday to sum up.
  if (user.dailySummary && morning && joinedOn <= yesterday && !(await alreadySent('dailySummary', '', yesterday))) {
    const summary = await loadDailySummary(db, user.id, user.timeZone, yesterday);
    await deliver('dailySummary', '', yesterday, (tx) => enqueue(tx, 'mail.daily-summary', { to: user.email, props: { ...base('dailySummary'), date: yesterday, ...summary } }));
  }

  const period = lastCompletedPeriod(user.reportFrequency, clock.date);
  // A report covers a period the account saw the end of; one opened later has nothing to report yet.
  if (user.periodicReport && morning && joinedOn < period.end && !(await alreadySent('report', user.reportFrequency, period.start))) {
    const report = await loadPeriodicReport(db, user.id, user.timeZone, period, periodBefore(user.reportFrequency, period));
    const unmetDemand = await unmetDemandSummary(db, user.id, now);
    await deliver('report', user.reportFrequency, period.start, (tx) =>
      enqueue(tx, 'mail.periodic-report', {
        to: user.email,
        props: { ...base('periodicReport'), frequency: user.reportFrequency, start: period.start, end: period.end, ...report, unmetDemand },
      }),
    );
  }
  return sent;
}
