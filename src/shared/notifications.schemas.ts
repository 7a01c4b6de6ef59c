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
} as const;

/** Spec extended 3: email on, sms off, lowInventory on, highVotes on, machineOffline on, dailySummary off. */
export const DEFAULT_NOTIFICATION_PREFERENCES = {
  email: true,
  sms: false,
  lowInventory: true,
  highVotes: true,
  machineOffline: true,
  dailySummary: false,
} as const;

export const NotificationPreferencesSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  lowInventory: z.boolean(),
  highVotes: z.boolean(),
  machineOffline: z.boolean(),
  dailySummary: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** PATCH /api/notifications/preferences: the whole object (spec extended 7). SMS cannot be turned on yet. */
export const UpdateNotificationPreferencesSchema = z.strictObject({
  ...NotificationPreferencesSchema.shape,
  sms: z.boolean().refine((on) => !on, NotificationMessages.smsUnavailable),
});

export const TestNotificationResultSchema = z.object({ message: z.string() });
