import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  API_TOKEN_PREFIX,
  ApiTokenMessages,
  MAX_API_TOKENS,
  type ApiToken,
  type CreateApiTokenSchema,
  type CreatedApiToken,
} from '../../../shared/api-tokens.schemas.js';
import type { AppContext } from '../../context.js';
import { apiTokens, users, type ApiToken as ApiTokenRow } from '../../db/schema.js';
import { conflict, notFound } from '../../http-errors.js';
import { hashToken } from '../../tokens.js';

/**
 * A new token: the prefix and 256 random bits. Stored as a plain SHA-256, which is right for a
 * random secret of this size (nothing to guess, unlike a password), and cheap enough for every call.
 */
export function newApiToken(): { token: string; hash: string; hint: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const hint = `${token.slice(0, API_TOKEN_PREFIX.length + 4)}…${token.slice(-4)}`;
  return { token, hash: hashToken(token), hint };
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    access: row.access,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A member's tokens for one team: each member holds their own (decision 0054). */
export interface TokenHolder {
  teamId: number;
  userId: number;
}

const heldBy = (holder: TokenHolder) => and(eq(apiTokens.userId, holder.teamId), eq(apiTokens.memberUserId, holder.userId));

/** The member's tokens for the team, newest first; never the tokens themselves. */
export async function listApiTokens(ctx: AppContext, holder: TokenHolder): Promise<ApiToken[]> {
  const rows = await ctx.db.select().from(apiTokens).where(heldBy(holder)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/** Makes a token and answers it this once; only its hash is kept. */
export async function createApiToken(ctx: AppContext, holder: TokenHolder, input: z.output<typeof CreateApiTokenSchema>): Promise<CreatedApiToken> {
  const { token, hash, hint } = newApiToken();
  const row = await ctx.db.transaction(async (tx) => {
    // The member's row is locked so that two creations at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, holder.userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(heldBy(holder));
    if ((held?.n ?? 0) >= MAX_API_TOKENS) throw conflict(ApiTokenMessages.tooMany);
    const [inserted] = await tx
      .insert(apiTokens)
      .values({ userId: holder.teamId, memberUserId: holder.userId, name: input.name, access: input.access, tokenHash: hash, hint })
      .returning();
    return inserted!;
  });
  return { ...toApiToken(row), token };
}

/** Revoking deletes the token: the next call with it answers 401. Anyone else's token answers 404. */
export async function revokeApiToken(ctx: AppContext, holder: TokenHolder, tokenId: number): Promise<void> {
  const deleted = await ctx.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), heldBy(holder)))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw notFound(ApiTokenMessages.notFound);
}
