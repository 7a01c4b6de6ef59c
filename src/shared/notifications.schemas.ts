import { z } from 'zod';

/** Notification preferences (spec extended 3, 4, 7, 8): what an operator is told, and how. */

export const NotificationMessages = {
  updateFailed: 'Failed to update notification preferences',
  testSentTitle: 'Test Notification Sent',
  testSentText: 'Check your inbox: a test email is on its way.',
  testFailed: 'Failed to send test notification',
  smsSetupRequired: 'Setup Required',
  smsUnavailable: 'SMS alerts need setup and cannot be turned on yet.',
  emailOff: 'Turn on email notifications to receive a test email.',
  /** Every topic is sent by email, so with email off none is sent, whatever its switch says. */
  topicsNeedEmail: 'Turn on email notifications to choose topics. Your choices are kept.',
} as const;

/** Spec extended 3: email on, sms off, lowInventory on, highVotes on, machineOffline on, dailySummary off. */
export const DEFAULT_NOTIFICATION_PREFERENCES = {
  email: true,
  sms: false,
  lowInventory: true,
  highVotes: true,
  machineOffline: true,
  dailySummary: false,
  periodicReport: true,
} as const;

export const NotificationPreferencesSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  lowInventory: z.boolean(),
  highVotes: z.boolean(),
  machineOffline: z.boolean(),
  dailySummary: z.boolean(),
  /** Ours, beside the spec's: the report at the report frequency chosen under Preferences. */
  periodicReport: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/**
 * PATCH /api/notifications/preferences: the spec's whole object (spec extended 7), and periodicReport
 * when it changes. SMS cannot be turned on yet.
 */
export const UpdateNotificationPreferencesSchema = z.strictObject({
  ...NotificationPreferencesSchema.shape,
  sms: z.boolean().refine((on) => !on, NotificationMessages.smsUnavailable),
  periodicReport: z.boolean().optional(),
});
export type NotificationPreferencesUpdate = z.infer<typeof UpdateNotificationPreferencesSchema>;

/** The notices an unsubscribe link can turn off, by the preference that sends them. */
export const UNSUBSCRIBABLE = ['lowInventory', 'highVotes', 'machineOffline', 'dailySummary', 'periodicReport'] as const;
export type Unsubscribable = (typeof UNSUBSCRIBABLE)[number];

export const TestNotificationResultSchema = z.object({ message: z.string() });

/** What each notice is called where the reader turns it off or back on. */
export const NOTICE_NAMES: Record<Unsubscribable, string> = {
  lowInventory: 'Low inventory alerts',
  highVotes: 'High votes alerts',
  machineOffline: 'Machine offline alerts',
  dailySummary: 'The daily summary',
  periodicReport: 'The periodic report',
};

/** ?token= of an unsubscribe link: `{account}.{notice}.{signature}`. */
export const UnsubscribeQuerySchema = z.object({ token: z.string().trim().min(1).max(200) });

export const UnsubscribeResultSchema = z.object({
  notice: z.enum(UNSUBSCRIBABLE),
  subscribed: z.boolean(),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

export const UnsubscribeMessages = {
  invalidLink: 'This unsubscribe link is not valid. You can choose your notifications in Settings.',
  unsubscribed: (name: string) => `${name} will no longer be emailed to you.`,
  resubscribed: (name: string) => `${name} will be emailed to you again.`,
} as const;
