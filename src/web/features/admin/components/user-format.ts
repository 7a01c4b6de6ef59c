import { adminUserStatusOf, type AdminUser, type AdminUserStatus } from '../../../../shared/admin-users.schemas.js';

/** The Name column: the full name, or N/A when there is none (spec). */
export function displayName(user: Pick<AdminUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || 'N/A';
}

export const STATUS_LABELS: Record<AdminUserStatus, string> = { verified: 'Verified', pending: 'Pending', disabled: 'Disabled' };
export const statusOf = adminUserStatusOf;

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const joinedDate = (iso: string) => date.format(new Date(iso));
