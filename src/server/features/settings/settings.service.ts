import { eq } from 'drizzle-orm';
import { enqueue } from '../../jobs/enqueue.js';
import type { z } from 'zod';
import { DEFAULT_PREFERENCES, TIME_ZONES, type Preferences, type Settings, type UpdateProfileSchema } from '../../../shared/settings.schemas.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';

const isListedTimeZone = (zone: string): zone is Preferences['timezone'] => (TIME_ZONES as readonly string[]).includes(zone);

export async function settingsOf(db: Pick<Database, 'select'>, userId: number): Promise<Settings> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  return {
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phoneNumber,
      company: user.company,
      website: user.website,
    },
    preferences: {
      // An address from before the list of five (none is made now) reads as the default until it is saved.
      timezone: isListedTimeZone(user.timeZone) ? user.timeZone : DEFAULT_PREFERENCES.timezone,
      currency: user.currency,
      language: user.language,
      theme: user.theme,
      autoReorderThreshold: user.autoReorderThreshold,
      restockWeekday: user.restockWeekday,
      assumedUnitsPerVote: Number(user.assumedUnitsPerVote),
      reportFrequency: user.reportFrequency,
    },
  };
}

export async function saveProfile(db: Database, userId: number, profile: z.output<typeof UpdateProfileSchema>): Promise<Settings> {
  await db
    .update(users)
    .set({
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: profile.phone,
      company: profile.company,
      website: profile.website,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return settingsOf(db, userId);
}

export async function savePreferences(db: Database, userId: number, preferences: Preferences): Promise<Settings> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).for('update');
    await tx
      .update(users)
      .set({
        timeZone: preferences.timezone,
        currency: preferences.currency,
        language: preferences.language,
        theme: preferences.theme,
        autoReorderThreshold: preferences.autoReorderThreshold,
        restockWeekday: preferences.restockWeekday,
        assumedUnitsPerVote: preferences.assumedUnitsPerVote.toFixed(2),
        reportFrequency: preferences.reportFrequency,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    // The analytics count days and hours in the operator's zone: a new zone recomputes them.
    if (before && before.timeZone !== preferences.timezone) await enqueue(tx, 'analytics.compute', { userId });
  });
  return settingsOf(db, userId);
}
