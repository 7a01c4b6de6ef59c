import { createHmac } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { signInFailures } from '../../db/schema.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * How failed sign-ins are throttled (docs/decisions/0011-sign-in-throttling.md). Only failures
 * count, so nobody can use up an owner's attempts; and no rule refuses a clean address outright,
 * so nobody can lock an owner out.
 */
export const SIGN_IN_THROTTLE = {
  window: 15 * MINUTE,
  /** Failures of one address on one account within the window before that pair is refused. */
  perAccountAndAddress: 5,
  /** Failures of one address on any accounts within the window before the address is refused. */
  perAddress: 20,
  /** An address with a failure this recent is "failing"; one without is clean and never slowed. */
  failingAddressMemory: 60 * MINUTE,
  /** Failures of one account within the window after which failing addresses must wait their turn. */
  slowDownAfter: 10,
  /** The wait between checks for a slowed account: doubles with each further failure, up to the cap. */
  firstWait: SECOND,
  longestWait: MINUTE,
} as const;

export interface SignInAttempt {
  email: string;
  address: string;
}

/** A password check may go ahead (its failure row is already written), or the caller must wait. */
export type SignInClaim = { granted: true; failureId: number } | { granted: false; retryAfterSeconds: number };

interface ThrottleKeys {
  accountKey: string;
  addressKey: string;
}

function keysOf(ctx: AppContext, attempt: SignInAttempt): ThrottleKeys {
  const keyed = (value: string) => createHmac('sha256', ctx.ipHashKey).update(value).digest('base64url');
  return { accountKey: keyed(`account:${attempt.email}`), addressKey: keyed(`address:${attempt.address}`) };
}

/** The wait a slowed account imposes after its `failures`-th failure in the window. */
export function slowedAccountWaitMs(failures: number): number {
  const { slowDownAfter, firstWait, longestWait } = SIGN_IN_THROTTLE;
  if (failures < slowDownAfter) return 0;
  return Math.min(firstWait * 2 ** (failures - slowDownAfter), longestWait);
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / SECOND));

/**
 * Decides whether a password check may run now and, if so, records it as a failure before it runs,
 * under per-account and per-address locks, so that parallel requests are counted one by one.
 * Keyed by the email as typed, so unknown accounts are throttled exactly like real ones.
 */
export async function claimSignInCheck(ctx: AppContext, attempt: SignInAttempt, now = new Date()): Promise<SignInClaim> {
  const { accountKey, addressKey } = keysOf(ctx, attempt);
  const rules = SIGN_IN_THROTTLE;
  const windowStart = new Date(now.getTime() - rules.window).toISOString();
  const memoryStart = new Date(now.getTime() - rules.failingAddressMemory);
  return ctx.db.transaction(async (tx) => {
    // Two-key advisory locks, in a fixed order (account, then address), so they cannot deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${accountKey}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(2, hashtext(${addressKey}))`);
    await tx.delete(signInFailures).where(lt(signInFailures.failedAt, memoryStart));

    const inWindow = sql`${signInFailures.failedAt} > ${windowStart}::timestamptz`;
    const ofAccount = sql`${signInFailures.accountKey} = ${accountKey}`;
    const ofAddress = sql`${signInFailures.addressKey} = ${addressKey}`;
    const [counts] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${ofAccount} and ${ofAddress} and ${inWindow})`.mapWith(Number),
        pairOldest: sql`min(${signInFailures.failedAt}) filter (where ${ofAccount} and ${ofAddress} and ${inWindow})`.mapWith(signInFailures.failedAt),
        address: sql<number>`count(*) filter (where ${ofAddress} and ${inWindow})`.mapWith(Number),
        addressOldest: sql`min(${signInFailures.failedAt}) filter (where ${ofAddress} and ${inWindow})`.mapWith(signInFailures.failedAt),
        addressRemembered: sql<number>`count(*) filter (where ${ofAddress})`.mapWith(Number),
        account: sql<number>`count(*) filter (where ${ofAccount} and ${inWindow})`.mapWith(Number),
        accountLatest: sql`max(${signInFailures.failedAt}) filter (where ${ofAccount} and ${inWindow})`.mapWith(signInFailures.failedAt),
      })
      .from(signInFailures)
      .where(sql`(${ofAccount} or ${ofAddress})`);
    const c = counts!;

    if (c.pair >= rules.perAccountAndAddress && c.pairOldest) {
      return { granted: false, retryAfterSeconds: secondsUntil(c.pairOldest.getTime() + rules.window, now) };
    }
    if (c.address >= rules.perAddress && c.addressOldest) {
      return { granted: false, retryAfterSeconds: secondsUntil(c.addressOldest.getTime() + rules.window, now) };
    }
    // A slowed account still answers clean addresses at once: that is where its owner signs in from.
    const failing = c.addressRemembered > 0;
    if (failing && c.accountLatest) {
      const nextCheckAt = c.accountLatest.getTime() + slowedAccountWaitMs(c.account);
      if (nextCheckAt > now.getTime()) return { granted: false, retryAfterSeconds: secondsUntil(nextCheckAt, now) };
    }

    const [row] = await tx
      .insert(signInFailures)
      .values({ accountKey, addressKey, failedAt: now })
      .returning({ id: signInFailures.id });
    return { granted: true, failureId: row!.id };
  });
}

/** The password was right: the check was no failure, and this address's earlier ones are forgiven. */
export async function forgiveSignInFailures(ctx: AppContext, attempt: SignInAttempt): Promise<void> {
  const { accountKey, addressKey } = keysOf(ctx, attempt);
  await ctx.db
    .delete(signInFailures)
    .where(and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.addressKey, addressKey)));
}
