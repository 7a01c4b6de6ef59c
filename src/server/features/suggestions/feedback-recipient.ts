import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isOperatorRole } from '../../../shared/auth.schemas.js';
import { FeedbackMessages } from '../../../shared/feedback.schemas.js';
import type { AppContext } from '../../context.js';
import { users, vendingMachines } from '../../db/schema.js';
import { DEMO_OPERATOR_EMAIL } from '../../db/seed.js';
import type { MailLocale } from '../../integrations/mail/mail-locale.js';
import { badRequest, notFound } from '../../http-errors.js';
import { currentUser } from '../auth/guards.js';

/** The operator a suggestion or an issue report goes to, and the machine it was sent from. */
export interface FeedbackRecipient {
  userId: number;
  email: string;
  /** The owner's language, which their mails are written in. */
  language: MailLocale;
  emailNotifications: boolean;
  machine: { id: number; name: string } | null;
}

const ownerColumns = { userId: users.id, email: users.email, language: users.language, emailNotifications: users.emailNotifications };

/**
 * DECISIONS 1: feedback sent from a machine goes to that machine's owner. Without a machine, a
 * signed-in operator is sending it to themselves; anyone else is on the demo page, whose
 * catalogue belongs to the demo operator.
 */
export async function resolveFeedbackRecipient(
  ctx: AppContext,
  request: FastifyRequest,
  machineId: number | null | undefined,
): Promise<FeedbackRecipient> {
  if (machineId !== null && machineId !== undefined) {
    const [row] = await ctx.db
      .select({ ...ownerColumns, machineId: vendingMachines.id, machineName: vendingMachines.name })
      .from(vendingMachines)
      .innerJoin(users, eq(users.id, vendingMachines.userId))
      .where(eq(vendingMachines.id, machineId));
    if (!row) throw notFound(FeedbackMessages.machineNotFound);
    const { machineId: id, machineName: name, ...owner } = row;
    return { ...owner, machine: { id, name } };
  }

  const user = await currentUser(ctx, request);
  const ownerFilter = user && isOperatorRole(user.role) ? eq(users.id, user.id) : eq(users.email, DEMO_OPERATOR_EMAIL);
  const [owner] = await ctx.db.select(ownerColumns).from(users).where(ownerFilter);
  // Only an install without the demo data gets here: there is no demo page to send from.
  if (!owner) throw badRequest(FeedbackMessages.machineRequired, { machineId: FeedbackMessages.machineRequired });
  return { ...owner, machine: null };
}
