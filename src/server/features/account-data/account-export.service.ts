import { and, desc, eq } from 'drizzle-orm';
import { AccountDataMessages, type AccountExportStatus } from '../../../shared/account-data.schemas.js';
import type { AppContext } from '../../context.js';
import { accountExports, type AccountExport } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, HttpError, notFound, serviceUnavailable } from '../../http-errors.js';
import type { StoredFile } from '../../integrations/file-store/file-store.js';
import { enqueue } from '../../jobs/enqueue.js';
import { hashToken, newToken } from '../../tokens.js';

/**
 * Starts a copy of the account's data: a row in 'building' and the job that fills it, in one
 * transaction. One build at a time per account (a partial unique index), so repeated clicks cannot
 * pile up work. The link's token is made here and mailed by the job; only its hash is kept.
 */
export async function requestAccountExport(ctx: AppContext, userId: number): Promise<{ message: string; exportId: number }> {
  if (!ctx.fileStore) throw serviceUnavailable(AccountDataMessages.filesUnavailable);
  const { token, hash } = newToken();
  try {
    const exportId = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(accountExports).values({ userId, tokenHash: hash }).returning({ id: accountExports.id });
      await enqueue(tx, 'account-data.build-export', { exportId: row!.id, token });
      return row!.id;
    });
    return { message: AccountDataMessages.exportStarted, exportId };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AccountDataMessages.exportAlreadyBuilding);
    throw error;
  }
}

export async function accountExportStatus(ctx: AppContext, userId: number): Promise<AccountExportStatus> {
  const [row] = await ctx.db.select().from(accountExports).where(eq(accountExports.userId, userId)).orderBy(desc(accountExports.id)).limit(1);
  if (!row) return { latest: null };
  return {
    latest: {
      id: row.id,
      state: row.state,
      requestedAt: row.requestedAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      expired: isExpired(row),
      sizeBytes: row.sizeBytes,
    },
  };
}

const isExpired = (row: AccountExport, now = new Date()) => row.expiresAt !== null && row.expiresAt <= now;

/**
 * The ZIP behind a mailed link, for its owner only: another account's export, or a wrong token,
 * answers 404 like a missing one; an expired link 410, with what to do next.
 */
export async function openAccountExport(ctx: AppContext, userId: number, exportId: number, token: string): Promise<{ file: StoredFile; fileName: string }> {
  const [row] = await ctx.db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.id, exportId), eq(accountExports.userId, userId), eq(accountExports.tokenHash, hashToken(token))));
  if (!row) throw notFound(AccountDataMessages.exportNotFound);
  if (isExpired(row)) throw new HttpError(410, AccountDataMessages.exportExpired);
  if (row.state !== 'ready' || !row.fileKey) throw conflict(AccountDataMessages.exportNotReady);
  if (!ctx.fileStore) throw serviceUnavailable(AccountDataMessages.filesUnavailable);
  const file = await ctx.fileStore.get(row.fileKey);
  if (!file) throw new HttpError(410, AccountDataMessages.exportExpired);
  return { file, fileName: `vendvote-data-${row.requestedAt.toISOString().slice(0, 10)}.zip` };
}
