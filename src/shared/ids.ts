import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` column: a larger number names no row and must not reach a query. */
export const MAX_ID = 2_147_483_647;

/** The records an id can name; each has one invalid-id message and one not-found message. */
export type RecordKind = 'machine' | 'product' | 'suggestion' | 'issue' | 'user' | 'charity' | 'donation' | 'apiToken' | 'webhook' | 'invitation' | 'member';

const LABELS: Record<RecordKind, string> = {
  machine: 'Machine',
  product: 'Product',
  suggestion: 'Suggestion',
  issue: 'Issue',
  user: 'User',
  charity: 'Charity',
  donation: 'Donation',
  apiToken: 'API token',
  webhook: 'Webhook',
  invitation: 'Invitation',
  member: 'Member',
};

/** A foreign id answers exactly like a missing one (DECISIONS 1), with these messages. */
export const NotFoundMessages: Record<RecordKind, string> = {
  machine: 'Machine not found',
  product: 'Product not found',
  suggestion: 'Suggestion not found',
  issue: 'Issue not found',
  user: 'User not found',
  charity: 'Charity not found',
  donation: 'Donation not found',
  apiToken: 'API token not found',
  webhook: 'Webhook not found',
  invitation: 'Invitation not found',
  member: 'Member not found',
};

export const invalidIdMessage = (kind: RecordKind) => `${LABELS[kind]} id must be a whole number`;

/**
 * An id from a URL path, a query string or a JSON body: a whole number from 1 to MAX_ID, or its
 * digits as a string (forms and URLs send strings). Anything else, `true`, '1e3', '1.5', '0' or a
 * number past MAX_ID, is refused with the one message, never coerced.
 */
export function idSchema(kind: RecordKind) {
  const message = invalidIdMessage(kind);
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => {
      if (typeof value === 'number') return value;
      const digits = value.trim();
      return /^\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN;
    })
    .pipe(z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message))
    .meta({ description: `A whole number from 1 to ${MAX_ID}, or its digits as a string.` });
}

/** `{ id }` route parameters naming one record. */
export const idParamsSchema = (kind: RecordKind) => z.object({ id: idSchema(kind) });

/** `?machineId=` on public calls that read or write through one machine. */
export const MachineScopeQuerySchema = z.object({ machineId: idSchema('machine').optional() });
