import { adminUserStatusOf, type AdminUser, type AdminUserStatus } from '../../../../shared/admin-users.schemas.js';
import { formatDate } from '../../../lib/dates.js';

/** The Name column: the full name, or N/A when there is none (spec). */
export function displayName(user: Pick<AdminUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || 'N/A';
}

export const STATUS_LABELS: Record<AdminUserStatus, string> = { verified: 'Verified', pending: 'Pending', disabled: 'Disabled' };
export const statusOf = adminUserStatusOf;

export const joinedDate = (iso: string) => formatDate(iso);
