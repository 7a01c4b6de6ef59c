import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { sharePagePath, ShareLinkMessages, type CreatedShareLink, type ShareLinkStatus, type ShareView } from '../../../shared/share-links.schemas.js';
import type { AppContext } from '../../context.js';
import { machineShareLinks, users, vendingMachines } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { hashToken, newToken } from '../../tokens.js';
import { getOwnedMachine } from '../machines/machines.service.js';
import { machineFigures } from './share-figures.js';

/** How often a link's last view is written at most: a page left open and reloaded must not write each time. */
const LAST_VIEWED_EVERY_MS = 60_000;

/** Whether the operator's machine has an active link; another operator's machine answers 404 like a missing one. */
export async function shareLinkStatus(ctx: AppContext, ownerId: number, machineId: number): Promise<ShareLinkStatus> {
  await getOwnedMachine(ctx, ownerId, machineId);
  const [row] = await ctx.db.select().from(machineShareLinks).where(eq(machineShareLinks.machineId, machineId)).limit(1);
  if (!row) return { active: false, id: null, createdAt: null, lastViewedAt: null };
  return { active: true, id: row.id, createdAt: row.createdAt.toISOString(), lastViewedAt: row.lastViewedAt?.toISOString() ?? null };
}

/**
 * A new link for the machine. Only the token's hash is kept, so an existing link cannot be shown
 * again: making one replaces it, and the old link stops working at once (which is also how an
 * operator retires a link that went further than meant).
 */
export async function createShareLink(ctx: AppContext, ownerId: number, machineId: number): Promise<CreatedShareLink> {
  await getOwnedMachine(ctx, ownerId, machineId);
  const { token, hash } = newToken();
  const now = new Date();
  const [row] = await ctx.db
    .insert(machineShareLinks)
    .values({ machineId, userId: ownerId, tokenHash: hash, createdAt: now })
    .onConflictDoUpdate({ target: machineShareLinks.machineId, set: { tokenHash: hash, userId: ownerId, createdAt: now, lastViewedAt: null } })
    .returning();
  return { id: row!.id, url: `${ctx.publicUrl}${sharePagePath(token)}`, createdAt: row!.createdAt.toISOString() };
}

/** Revokes the machine's link; the page then answers that the link is no longer active. */
export async function revokeShareLink(ctx: AppContext, ownerId: number, machineId: number): Promise<number> {
  await getOwnedMachine(ctx, ownerId, machineId);
  const [deleted] = await ctx.db
    .delete(machineShareLinks)
    .where(and(eq(machineShareLinks.machineId, machineId), eq(machineShareLinks.userId, ownerId)))
    .returning({ id: machineShareLinks.id });
  if (!deleted) throw notFound(ShareLinkMessages.noLink);
  return deleted.id;
}

/** The shared page's figures for whoever holds the link; an unknown or revoked link answers 404. */
export async function sharedMachineView(ctx: AppContext, token: string): Promise<ShareView> {
  const [link] = await ctx.db
    .select({
      id: machineShareLinks.id,
      lastViewedAt: machineShareLinks.lastViewedAt,
      machineId: vendingMachines.id,
      ownerId: vendingMachines.userId,
      name: vendingMachines.name,
      location: vendingMachines.location,
      company: users.company,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(machineShareLinks)
    .innerJoin(vendingMachines, eq(vendingMachines.id, machineShareLinks.machineId))
    .innerJoin(users, eq(users.id, vendingMachines.userId))
    // A disabled account's links go quiet with it; they answer again if it is re-enabled.
    .where(and(eq(machineShareLinks.tokenHash, hashToken(token)), isNull(users.disabledAt)))
    .limit(1);
  if (!link) throw notFound(ShareLinkMessages.inactive);

  const now = new Date();
  if (!link.lastViewedAt || now.getTime() - link.lastViewedAt.getTime() >= LAST_VIEWED_EVERY_MS) {
    await ctx.db
      .update(machineShareLinks)
      .set({ lastViewedAt: now })
      .where(
        and(
          eq(machineShareLinks.id, link.id),
          or(isNull(machineShareLinks.lastViewedAt), lt(machineShareLinks.lastViewedAt, new Date(now.getTime() - LAST_VIEWED_EVERY_MS))),
        ),
      );
  }
  const figures = await machineFigures(ctx, link.ownerId, link.machineId, now);
  return {
    sharedBy: link.company?.trim() || `${link.firstName} ${link.lastName}`.trim(),
    machine: { name: link.name, location: link.location },
    ...figures,
  };
}
