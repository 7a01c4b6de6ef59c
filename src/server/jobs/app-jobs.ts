import { verifyEmailMail } from '../features/auth/emails/verify-email.js';
import { resetPasswordMail } from '../features/auth/emails/reset-password.js';
import { accountExistsMail } from '../features/auth/emails/account-exists.js';
import { paymentFailedMail } from '../features/billing/emails/payment-failed.js';
import { trialEndingMail } from '../features/billing/emails/trial-ending.js';
import { newIssueMail } from '../features/vending-issues/emails/new-issue.js';
import { issueReplyMail } from '../features/vending-issues/emails/issue-reply.js';
import { productStockedMail } from '../features/suggestions/emails/product-stocked.js';
import { suggestionAcceptedMail } from '../features/suggestions/emails/suggestion-accepted.js';
import { educationAvailableMail } from '../features/educators/emails/education-available.js';
import { contactCopyMail } from '../features/contact/emails/contact-copy.js';
import { contactMessageMail } from '../features/contact/emails/contact-message.js';
import { contactReplyMail } from '../features/contact/emails/contact-reply.js';
import { featureRequestStatusMail } from '../features/feature-requests/emails/status-changed.js';
import { confirmEmailChangeMail, emailChangedMail } from '../features/security/emails/email-change.js';
import { newSignInMail } from '../features/security/emails/new-sign-in.js';
import { testNotificationMail } from '../features/notifications/emails/test-notification.js';
import { dailySummaryMail } from '../features/notifications/emails/daily-summary.js';
import { highVotesMail } from '../features/notifications/emails/high-votes.js';
import { lowInventoryMail } from '../features/notifications/emails/low-inventory.js';
import { machineOfflineMail } from '../features/notifications/emails/machine-offline.js';
import { periodicReportMail } from '../features/notifications/emails/periodic-report.js';
import { notificationSweepJob } from '../features/notifications/notification-sweep.job.js';
import { magnetOrderShippedMail } from '../features/magnets/emails/magnet-order-shipped.js';
import { submitMagnetOrderJob } from '../features/magnets/magnet-submission.job.js';
import { pollMagnetOrdersJob } from '../features/magnets/magnet-tracking.js';
import { approveCommissionsJob } from '../features/affiliates/approve-commissions.job.js';
import { computeAnalyticsJob, nightlyAnalyticsJob } from '../features/inventory-analytics/analytics.jobs.js';
import { backupFailedMail } from '../features/backups/emails/backup-failed.js';
import { makeBackupJob } from '../features/backups/backup.job.js';
import { deliverWebhookJob } from '../features/webhooks/webhook-delivery.job.js';
import { deletionScheduledMail } from '../features/account-data/emails/account-deletion.js';
import { dataExportReadyMail } from '../features/account-data/emails/data-export-ready.js';
import { buildExportJob } from '../features/account-data/build-export.job.js';
import { eraseAccountsJob } from '../features/account-data/erase-accounts.job.js';
import { pruneExportsJob } from '../features/account-data/prune-exports.job.js';
import { pruneAuditEventsJob } from '../features/audit/prune-audit.job.js';
import { pruneRouteActionsJob } from '../features/route/prune-route-actions.job.js';
import { teamInvitationMail } from '../features/teams/emails/team-invitation.js';
import { mailJob } from '../integrations/mail/define-mail.js';
import type { JobRegistry } from './job-definition.js';
import { pruneJobsJob } from './prune-jobs.job.js';
import type { RecurringJob } from './scheduler.js';

/** Every job the app runs, by name. A name is stored in rows: rename only with a migration. */
export const appJobs = {
  'mail.verify-email': mailJob(verifyEmailMail),
  'mail.reset-password': mailJob(resetPasswordMail),
  'mail.account-exists': mailJob(accountExistsMail),
  'mail.team-invitation': mailJob(teamInvitationMail),
  'mail.new-issue': mailJob(newIssueMail),
  'mail.issue-reply': mailJob(issueReplyMail),
  'mail.product-stocked': mailJob(productStockedMail),
  'mail.suggestion-accepted': mailJob(suggestionAcceptedMail),
  'mail.education-available': mailJob(educationAvailableMail),
  'mail.contact-message': mailJob(contactMessageMail),
  'mail.contact-copy': mailJob(contactCopyMail),
  'mail.contact-reply': mailJob(contactReplyMail),
  'mail.trial-ending': mailJob(trialEndingMail),
  'mail.payment-failed': mailJob(paymentFailedMail),
  'mail.magnet-shipped': mailJob(magnetOrderShippedMail),
  'mail.feature-request-status': mailJob(featureRequestStatusMail),
  'mail.test-notification': mailJob(testNotificationMail),
  'mail.new-sign-in': mailJob(newSignInMail),
  'mail.confirm-email-change': mailJob(confirmEmailChangeMail),
  'mail.email-changed': mailJob(emailChangedMail),
  'mail.high-votes': mailJob(highVotesMail),
  'mail.low-inventory': mailJob(lowInventoryMail),
  'mail.machine-offline': mailJob(machineOfflineMail),
  'mail.daily-summary': mailJob(dailySummaryMail),
  'mail.periodic-report': mailJob(periodicReportMail),
  'notifications.sweep': notificationSweepJob,
  'magnets.submit': submitMagnetOrderJob,
  'magnets.poll': pollMagnetOrdersJob,
  'jobs.prune': pruneJobsJob,
  'audit.prune': pruneAuditEventsJob,
  'route.prune-actions': pruneRouteActionsJob,
  'affiliates.approve-commissions': approveCommissionsJob,
  'analytics.compute': computeAnalyticsJob,
  'analytics.nightly': nightlyAnalyticsJob,
  'webhooks.deliver': deliverWebhookJob,
  'mail.data-export-ready': mailJob(dataExportReadyMail),
  'mail.deletion-scheduled': mailJob(deletionScheduledMail),
  'account-data.build-export': buildExportJob,
  'account-data.erase-due': eraseAccountsJob,
  'account-data.prune-exports': pruneExportsJob,
  'mail.backup-failed': mailJob(backupFailedMail),
  'backups.make': makeBackupJob,
} satisfies JobRegistry;

export type AppJobName = keyof typeof appJobs;

export const appSchedules: RecurringJob[] = [
  // At night (UTC), off the hour that other installs' cron jobs crowd.
  { name: 'jobs.prune', cron: '17 3 * * *', payload: {} },
  { name: 'audit.prune', cron: '29 3 * * *', payload: {} },
  { name: 'route.prune-actions', cron: '33 3 * * *', payload: {} },
  // Orders whose Printify webhooks are late; each is asked about at most every few hours.
  { name: 'magnets.poll', cron: '41 * * * *', payload: {} },
  // Notices: high votes within minutes of the rise, and the 8:00 mails at most ten minutes late in
  // any zone (the spec's time zones are whole hours from UTC).
  { name: 'notifications.sweep', cron: '*/10 * * * *', payload: {} },
  // Commissions whose 30 days ended: approved within the hour.
  { name: 'affiliates.approve-commissions', cron: '23 * * * *', payload: {} },
  // Forecasts and analytics from yesterday's votes: after midnight in every zone we offer (UTC-8 at
  // the latest), before operators start their day.
  { name: 'analytics.nightly', cron: '11 9 * * *', payload: {} },
  // Accounts whose 14 days of grace ended: erased within the hour.
  { name: 'account-data.erase-due', cron: '37 * * * *', payload: {} },
  // Data export ZIPs whose 7-day links ended leave the file store within the hour.
  { name: 'account-data.prune-exports', cron: '43 * * * *', payload: {} },
];
