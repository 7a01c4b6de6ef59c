import { and, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SecurityMessages } from '../../../shared/security.schemas.js';
import {
  isTotpShaped,
  TwoFactorMessages,
  type ConfirmTwoFactorSetupSchema,
  type RecoveryCodes,
  type StartTwoFactorSetupSchema,
  type TwoFactorProofSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/two-factor.schemas.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { twoFactorChallenges, twoFactorRecoveryCodes, users, verifiedSignIns, type User } from '../../db/schema.js';
import { badRequest, conflict, HttpError, notFound } from '../../http-errors.js';
import { hashToken, newToken } from '../../tokens.js';
import { verifyPassword } from '../auth/passwords.js';
import { groupedKey, hashRecoveryCode, isRecoveryCodeShaped, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUriOf } from './codes.js';
import { seal, unsealWithAny } from '../../sealing.js';

const MINUTE_MS = 60_000;
const SETUP_VALID_MS = 10 * MINUTE_MS;

type Executor = Pick<Database, 'select' | 'update' | 'delete' | 'insert'>;

/** Sealed secrets are bound to their account: one copied onto another row does not open. */
const sealContext = (userId: number) => `two-factor:${userId}`;

export const hasTwoFactor = (user: Pick<User, 'twoFactorEnabledAt' | 'twoFactorSecret'>): boolean =>
  user.twoFactorEnabledAt !== null && user.twoFactorSecret !== null;

async function userOf(db: Pick<Database, 'select'>, userId: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  return user;
}

async function requirePassword(user: User, password: string) {
  if (!(await verifyPassword(user.password, password))) {
    throw badRequest(SecurityMessages.currentPasswordWrong, { password: SecurityMessages.currentPasswordWrong });
  }
}

/** Expired challenges of anyone go whenever a new one is made: the table stays small without a job. */
export async function deleteExpiredChallenges(db: Pick<Database, 'delete'>) {
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, new Date()));
}

export async function twoFactorStatusOf(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
  const user = await userOf(ctx.db, userId);
  const [left] = await ctx.db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  const enabled = hasTwoFactor(user);
  return {
    enabled,
    enabledAt: enabled ? user.twoFactorEnabledAt!.toISOString() : null,
    recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0,
  };
}

/**
 * A new secret for the owner to scan. Nothing changes on the account yet: the sealed secret waits in
 * a 'setup' challenge until a code from the app proves it was scanned (confirmTwoFactorSetup).
 */
export async function startTwoFactorSetup(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof StartTwoFactorSetupSchema>,
): Promise<TwoFactorSetup> {
  const user = await userOf(ctx.db, userId);
  await requirePassword(user, body.password);
  if (hasTwoFactor(user)) throw conflict(TwoFactorMessages.alreadyOn);
  const secret = newTotpSecret();
  const otpauthUri = otpauthUriOf(secret, user.email);
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + SETUP_VALID_MS);
  await ctx.db.transaction(async (tx) => {
    await deleteExpiredChallenges(tx);
    // Only the newest setup counts: an older QR code left open in another tab stops working.
    await tx.delete(twoFactorChallenges).where(and(eq(twoFactorChallenges.userId, userId), eq(twoFactorChallenges.purpose, 'setup')));
    await tx.insert(twoFactorChallenges).values({
      tokenHash: hash,
      userId,
      purpose: 'setup',
      data: { sealedSecret: seal(ctx.twoFactorKey, secret, sealContext(userId)) },
      expiresAt,
    });
  });
  // The QR encoder is loaded on first use, as for machines' codes (integrations/qr.ts).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    manualKey: groupedKey(secret),
    setupToken: token,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Replaces every recovery code of the account with ten new ones, answered this once. */
async function replaceRecoveryCodes(ctx: AppContext, tx: Executor, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(ctx.twoFactorKey, code) })));
  return codes;
}

/**
 * Spends one try of a challenge; answers it with the tries left after this one, or null when it is
 * gone (expired, used, out of tries). A statement of its own, so a wrong code's try stays spent.
 */
export async function spendTry(db: Pick<Database, 'update'>, tokenHash: string, purpose: 'sign-in' | 'setup', userId?: number) {
  const [challenge] = await db
    .update(twoFactorChallenges)
    .set({ attemptsLeft: sql`${twoFactorChallenges.attemptsLeft} - 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        eq(twoFactorChallenges.purpose, purpose),
        sql`${twoFactorChallenges.attemptsLeft} > 0`,
        sql`${twoFactorChallenges.expiresAt} > now()`,
        userId === undefined ? undefined : eq(twoFactorChallenges.userId, userId),
      ),
    )
    .returning();
  return challenge ?? null;
}

/** A wrong code's answer: on the code field, unless that was the challenge's last try. */
export async function refuseCode(db: Pick<Database, 'delete'>, tokenHash: string, attemptsLeft: number, error: HttpError, spentMessage: string): Promise<never> {
  if (attemptsLeft > 0) throw error;
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash));
  throw badRequest(spentMessage);
}

export const isCodeRefusal = (error: unknown): error is HttpError => error instanceof HttpError && error.statusCode === 400 && error.errors?.code !== undefined;

/** The app's code proves the secret was scanned: two-factor goes on, with ten recovery codes. */
export async function confirmTwoFactorSetup(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof ConfirmTwoFactorSetupSchema>,
): Promise<RecoveryCodes> {
  const tokenHash = hashToken(body.setupToken);
  const challenge = await spendTry(ctx.db, tokenHash, 'setup', userId);
  if (!challenge) throw badRequest(TwoFactorMessages.setupExpired);
  const opened = unsealWithAny(twoFactorKeys(ctx), String(challenge.data.sealedSecret), sealContext(userId));
  // Set up just before the secret changed: kept under the current key from now on.
  const sealedSecret = opened.keyIndex === 0 ? String(challenge.data.sealedSecret) : seal(ctx.twoFactorKey, opened.plaintext, sealContext(userId));
  const step = matchingStep(opened.plaintext, body.code);
  if (step === null) {
    const wrong = badRequest(TwoFactorMessages.setupCodeWrong, { code: TwoFactorMessages.setupCodeWrong });
    return refuseCode(ctx.db, tokenHash, challenge.attemptsLeft, wrong, TwoFactorMessages.setupExpired);
  }
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    const [spent] = await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash)).returning();
    if (!spent) throw badRequest(TwoFactorMessages.setupExpired);
    const [enabled] = await tx
      .update(users)
      // The code just accepted counts as used: it cannot also sign in.
      .set({ twoFactorSecret: sealedSecret, twoFactorEnabledAt: new Date(), twoFactorLastStep: step, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt)))
      .returning({ id: users.id });
    if (!enabled) throw conflict(TwoFactorMessages.alreadyOn);
    // A pending one-click sign-in after verifying an email would skip the second step: it goes.
    await tx.delete(verifiedSignIns).where(eq(verifiedSignIns.userId, userId));
    return replaceRecoveryCodes(ctx, tx, userId);
  });
  return { message: TwoFactorMessages.enabled, recoveryCodes, status: await twoFactorStatusOf(ctx, userId) };
}

/** The current two-factor key, then those of earlier secrets still accepted. */
const twoFactorKeys = (ctx: AppContext): string[] => [ctx.twoFactorKey, ...(ctx.previousTwoFactorKeys ?? [])];

export type SecondFactorVerdict = 'accepted' | 'wrong' | 'replayed';

/**
 * Checks a 6-digit app code or a recovery code, and uses it up: the app code's step is recorded
 * (a code is good once, even within its 90 seconds), the recovery code is marked used. Both are
 * single statements guarded by their condition, so two requests with one code cannot both pass.
 */
export async function spendSecondFactor(ctx: AppContext, db: Pick<Database, 'update'>, user: User, code: string): Promise<SecondFactorVerdict> {
  if (!hasTwoFactor(user)) return 'wrong';
  if (isTotpShaped(code)) {
    let opened: { plaintext: string; keyIndex: number };
    try {
      opened = unsealWithAny(twoFactorKeys(ctx), user.twoFactorSecret!, sealContext(user.id));
    } catch {
      // Sealed under a secret no longer configured: the app's codes cannot be checked; recovery codes may still work.
      return 'wrong';
    }
    const step = matchingStep(opened.plaintext, code);
    if (step === null) return 'wrong';
    // Opened with an earlier secret's key: sealed again under the current one, so the old secret can be retired.
    const resealed = opened.keyIndex === 0 ? {} : { twoFactorSecret: seal(ctx.twoFactorKey, opened.plaintext, sealContext(user.id)) };
    const [recorded] = await db
      .update(users)
      .set({ twoFactorLastStep: step, ...resealed })
      .where(and(eq(users.id, user.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
      .returning({ id: users.id });
    return recorded ? 'accepted' : 'replayed';
  }
  if (!isRecoveryCodeShaped(code)) return 'wrong';
  const [used] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, user.id),
        inArray(
          twoFactorRecoveryCodes.codeHash,
          twoFactorKeys(ctx).map((key) => hashRecoveryCode(key, code)),
        ),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used ? 'accepted' : 'wrong';
}

/** The answer to a second factor that was not accepted, on the code field, worded for the kind of code typed. */
export function codeRefused(verdict: Exclude<SecondFactorVerdict, 'accepted'>, code: string): HttpError {
  const message =
    verdict === 'replayed' ? TwoFactorMessages.codeAlreadyUsed : isTotpShaped(code) ? TwoFactorMessages.codeWrong : TwoFactorMessages.recoveryCodeWrong;
  return badRequest(message, { code: message });
}

/** The password and a current code (or a recovery code): what turning off or new codes asks for. */
async function requireProof(ctx: AppContext, userId: number, body: z.output<typeof TwoFactorProofSchema>): Promise<User> {
  const user = await userOf(ctx.db, userId);
  await requirePassword(user, body.password);
  if (!hasTwoFactor(user)) throw badRequest(TwoFactorMessages.notOn);
  const verdict = await spendSecondFactor(ctx, ctx.db, user, body.code);
  if (verdict !== 'accepted') throw codeRefused(verdict, body.code);
  return user;
}

export async function disableTwoFactor(ctx: AppContext, userId: number, body: z.output<typeof TwoFactorProofSchema>): Promise<TwoFactorStatus> {
  await requireProof(ctx, userId, body);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  });
  return twoFactorStatusOf(ctx, userId);
}

export async function regenerateRecoveryCodes(ctx: AppContext, userId: number, body: z.output<typeof TwoFactorProofSchema>): Promise<RecoveryCodes> {
  await requireProof(ctx, userId, body);
  const recoveryCodes = await ctx.db.transaction((tx) => replaceRecoveryCodes(ctx, tx, userId));
  return { message: TwoFactorMessages.newCodes, recoveryCodes, status: await twoFactorStatusOf(ctx, userId) };
}
