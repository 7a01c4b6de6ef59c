import { eq } from 'drizzle-orm';
import type { NotificationPreferences, NotificationPreferencesUpdate } from '../../../shared/notifications.schemas.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

/** The preferences as the API names them, and the user columns that keep them. */
const COLUMNS = {
  email: users.emailNotifications,
  sms: users.smsNotifications,
  lowInventory: users.lowInventoryAlerts,
  highVotes: users.highVoteAlerts,
  machineOffline: users.machineOfflineAlerts,
  dailySummary: users.dailySummary,
  periodicReport: users.periodicReport,
} as const;

export async function notificationPreferencesOf(db: Pick<Database, 'select'>, userId: number): Promise<NotificationPreferences> {
  const [row] = await db.select(COLUMNS).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  return row;
}

export async function saveNotificationPreferences(db: Database, userId: number, preferences: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
  await db
    .update(users)
    .set({
      emailNotifications: preferences.email,
      smsNotifications: preferences.sms,
      lowInventoryAlerts: preferences.lowInventory,
      highVoteAlerts: preferences.highVotes,
      machineOfflineAlerts: preferences.machineOffline,
      dailySummary: preferences.dailySummary,
      ...(preferences.periodicReport === undefined ? {} : { periodicReport: preferences.periodicReport }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return notificationPreferencesOf(db, userId);
}
