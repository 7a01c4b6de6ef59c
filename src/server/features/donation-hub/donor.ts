import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import type { Donor } from './donation-pdf-parts.js';

/** The operator as the receipt and the summary name them: from their profile. */
export async function donorOf(ctx: Pick<AppContext, 'db'>, userId: number): Promise<Donor> {
  const [row] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, company: users.company, email: users.email, phone: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  return { name: `${row!.firstName} ${row!.lastName}`.trim(), company: row!.company, email: row!.email, phone: row!.phone };
}
