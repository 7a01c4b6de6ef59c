import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { AffiliateMessages, affiliateResourceFileUrl, type AffiliateRegisterInput } from '../../../shared/affiliates.schemas.js';
import type { CurrentUser } from '../../../shared/auth.schemas.js';
import type { MarketingResource } from '../../../shared/marketing-resources.schemas.js';
import { PUBLIC_PAGE_PATHS } from '../../../shared/page-routes.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { affiliates, marketingResources, users, type User } from '../../db/schema.js';
import { conflict } from '../../http-errors.js';
import { registerUser, toCurrentUser } from '../auth/auth.service.js';
import { toResource } from '../marketing-resources/marketing-resources.service.js';
import { bindReferral } from './referral-binding.js';
import type { ReferralMark } from './referral-links.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

// No 0/O or 1/I: a code is read aloud and typed from print.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export function newAffiliateCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The account's place in the program, under a code no one else has (a clash of random codes is retried). */
async function enrol(tx: Tx, userId: number, profile: Pick<AffiliateRegisterInput, 'industry' | 'experience'>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const made = await tx
      .insert(affiliates)
      .values({ userId, code: newAffiliateCode(), industry: profile.industry, experience: profile.experience })
      .onConflictDoNothing({ target: affiliates.code })
      .returning({ code: affiliates.code });
    if (made.length > 0) return;
  }
  throw new Error('no free affiliate code after 5 attempts');
}

/**
 * An affiliate's sign-up: an account with role `affiliate`, verified by email like an operator's,
 * its code, and the referral its browser came by (if any; an affiliate's own link binds nothing).
 */
export async function registerAffiliate(ctx: AppContext, input: AffiliateRegisterInput, referral: ReferralMark | null): Promise<User | null> {
  return registerUser(ctx, input, {
    role: 'affiliate',
    signInPath: PUBLIC_PAGE_PATHS.affiliateLogin,
    withAccount: async (tx, user) => {
      await enrol(tx, user.id, input);
      await bindReferral(tx, user, referral);
    },
  });
}

/** An affiliate who wants to run machines too: the account becomes an operator's and keeps its place in the program. */
export async function becomeOperator(ctx: AppContext, user: CurrentUser): Promise<CurrentUser> {
  const [changed] = await ctx.db
    .update(users)
    .set({ role: 'operator', updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.role, 'affiliate')))
    .returning();
  if (!changed) throw conflict(AffiliateMessages.alreadyOperator);
  return toCurrentUser({ ...changed, isAffiliate: true }, ctx.adminEmails);
}

/** The marketing resources admins published (active ones), each with the affiliate's own download address. */
export async function listAffiliateResources(ctx: AppContext): Promise<MarketingResource[]> {
  const rows = await ctx.db
    .select()
    .from(marketingResources)
    .where(eq(marketingResources.isActive, true))
    .orderBy(desc(marketingResources.createdAt), desc(marketingResources.id));
  return rows.map((row) => toResource(row, affiliateResourceFileUrl));
}
