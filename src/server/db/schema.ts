/**
 * The database schema, one file per area under schema/. Drizzle and drizzle-kit read every table
 * through this module, so a new area's file is added here.
 */
export * from './schema/accounts.js';
export * from './schema/catalog.js';
export * from './schema/votes.js';
export * from './schema/feedback.js';
export * from './schema/jobs.js';
export * from './schema/billing.js';
export * from './schema/contact.js';
export * from './schema/magnets.js';
export * from './schema/feature-requests.js';
export * from './schema/notifications.js';
export * from './schema/resources.js';
export * from './schema/education.js';
export * from './schema/marketing.js';
export * from './schema/affiliates.js';
export * from './schema/analytics.js';
export * from './schema/donations.js';
export * from './schema/api-tokens.js';
export * from './schema/share-links.js';
export * from './schema/webhooks.js';
export * from './schema/account-data.js';
export * from './schema/audit.js';
export * from './schema/sales.js';
export * from './schema/teams.js';
