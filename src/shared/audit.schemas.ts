import { z } from 'zod';

/**
 * Every action the audit trail records. The names are stored in rows: rename one only with a
 * migration. `user.*` are an administrator's acts on an account, `account.*` an account's own.
 */
export const AUDIT_ACTIONS = [
  // Administrators
  'user.plan_changed',
  'user.disabled',
  'user.enabled',
  'affiliate.updated',
  'affiliate.payout_recorded',
  'catalog_item.created',
  'catalog_item.updated',
  'catalog_item.deleted',
  'marketing_resource.created',
  'marketing_resource.updated',
  'marketing_resource.deleted',
  'educator.created',
  'educator.updated',
  'educator.deleted',
  'charities.imported',
  'contact_message.replied',
  // Accounts
  'account.signed_in',
  'account.password_changed',
  'account.password_reset',
  'account.email_change_requested',
  'account.email_changed',
  'account.two_factor_enabled',
  'account.two_factor_disabled',
  'account.recovery_codes_replaced',
  'api_token.created',
  'api_token.revoked',
  'webhook.created',
  'webhook.deleted',
  'account.data_export_requested',
  'account.deletion_requested',
  'account.deletion_cancelled',
  'account.erased',
  // Teams
  'team.member_invited',
  'team.invitation_revoked',
  'team.invitation_accepted',
  'team.role_changed',
  'team.member_removed',
  'team.ownership_handed_over',
  'team.machines_assigned',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS, { error: 'Action is not one the audit trail records' });
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** What an entry is about; with `targetId` it names the record. */
export const AUDIT_TARGET_TYPES = ['user', 'affiliate', 'payout', 'catalog_item', 'marketing_resource', 'educator', 'charity_directory', 'contact_message', 'api_token', 'webhook', 'team_invitation'] as const;
export const AuditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES, { error: 'Target type is not one the audit trail records' });
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>;

/** How each action reads in the admin panel and under Settings → Security. */
export const AuditActionLabels: Record<AuditAction, string> = {
  'user.plan_changed': 'Plan changed',
  'user.disabled': 'Account disabled',
  'user.enabled': 'Account re-enabled',
  'affiliate.updated': 'Affiliate changed',
  'affiliate.payout_recorded': 'Affiliate payout recorded',
  'catalog_item.created': 'Catalogue item added',
  'catalog_item.updated': 'Catalogue item edited',
  'catalog_item.deleted': 'Catalogue item deleted',
  'marketing_resource.created': 'Marketing resource added',
  'marketing_resource.updated': 'Marketing resource edited',
  'marketing_resource.deleted': 'Marketing resource deleted',
  'educator.created': 'Educator added',
  'educator.updated': 'Educator edited',
  'educator.deleted': 'Educator deleted',
  'charities.imported': 'Charity directory imported',
  'contact_message.replied': 'Contact message answered',
  'account.signed_in': 'Signed in',
  'account.password_changed': 'Password changed',
  'account.password_reset': 'Password reset by email link',
  'account.email_change_requested': 'Email change requested',
  'account.email_changed': 'Email address changed',
  'account.two_factor_enabled': 'Two-factor sign-in turned on',
  'account.two_factor_disabled': 'Two-factor sign-in turned off',
  'account.recovery_codes_replaced': 'New recovery codes made',
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'webhook.created': 'Webhook added',
  'webhook.deleted': 'Webhook deleted',
  'account.data_export_requested': 'Data export requested',
  'account.deletion_requested': 'Account deletion requested',
  'account.deletion_cancelled': 'Account deletion cancelled',
  'account.erased': 'Account erased',
  'team.member_invited': 'Member invited',
  'team.invitation_revoked': 'Invitation revoked',
  'team.invitation_accepted': 'Invitation accepted',
  'team.role_changed': 'Member’s role changed',
  'team.member_removed': 'Member removed',
  'team.ownership_handed_over': 'Ownership handed over',
  'team.machines_assigned': 'Machines assigned',
};

/** Entries are kept this long, then the audit.prune job removes them (the database refuses sooner). */
export const AUDIT_RETENTION_DAYS = 400;
/** Rows per page of either list. */
export const AUDIT_PAGE_SIZE = 50;

export const AuditMessages = {
  badCursor: 'That page link is no longer valid; start from the first page',
  badDate: 'Dates must be full ISO 8601 date-times',
  badRange: 'The start of the range must come before its end',
  actorTooLong: 'Actor email must be at most 254 characters',
  targetIdTooLong: 'Target id must be at most 100 characters',
} as const;

/** `occurred_at` to the microsecond and the id: where the next page starts, opaque to callers. */
export const AuditCursorSchema = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z~\d{1,18}$/, AuditMessages.badCursor)
  .optional();

const isoDateTime = z.iso.datetime({ offset: true, error: AuditMessages.badDate }).optional();

/** `GET /api/admin/audit-events`: newest first, every filter optional and combinable. */
export const AuditListQuerySchema = z
  .object({
    actor: z
      .string()
      .trim()
      .max(254, AuditMessages.actorTooLong)
      .optional()
      .transform((value) => value || undefined),
    action: AuditActionSchema.optional(),
    targetType: AuditTargetTypeSchema.optional(),
    targetId: z
      .string()
      .trim()
      .max(100, AuditMessages.targetIdTooLong)
      .optional()
      .transform((value) => value || undefined),
    from: isoDateTime,
    to: isoDateTime,
    cursor: AuditCursorSchema,
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), { message: AuditMessages.badRange, path: ['to'] });
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;
export type AuditListInput = z.input<typeof AuditListQuerySchema>;

export const AuditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** One entry as the admin panel shows it. */
export const AuditEventSchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  action: AuditActionSchema,
  /** Null when the system acted; the email is null once that account is erased. */
  actor: z.object({ id: z.number().int(), email: z.string().nullable() }).nullable(),
  targetType: AuditTargetTypeSchema,
  targetId: z.string().nullable(),
  accountUserId: z.number().int().nullable(),
  /** The first characters of the address's keyed hash: one address, one tag; the stored hash itself never leaves the server. */
  addressTag: z.string().nullable(),
  details: AuditDetailsSchema.nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({ events: z.array(AuditEventSchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** `GET /api/settings/security/events`: the signed-in account's own events only. */
export const SecurityEventQuerySchema = z.object({ cursor: AuditCursorSchema });

/** One event of the operator's own account: what happened and whether an administrator did it. */
export const SecurityEventSchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  action: AuditActionSchema,
  byAdministrator: z.boolean(),
  details: AuditDetailsSchema.nullable(),
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

export const SecurityEventPageSchema = z.object({ events: z.array(SecurityEventSchema), nextCursor: z.string().nullable() });
export type SecurityEventPage = z.infer<typeof SecurityEventPageSchema>;
