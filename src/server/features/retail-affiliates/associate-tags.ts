import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { AmazonRegion } from '../../../shared/retail-affiliates.schemas.js';
import type { AppContext } from '../../context.js';
import { retailAffiliateConfigs } from '../../db/schema.js';

export interface AmazonTag {
  tag: string;
  /** The Associates store the tag belongs to: it earns only on that store's links. */
  region: AmazonRegion;
}

/**
 * The Amazon associate IDs that may tag the resource hub's links for this viewer: their own and the
 * platform's, each only while its Amazon integration is on. One query for both rows.
 */
export async function amazonTagsFor(ctx: AppContext, viewerId: number | null): Promise<{ own: AmazonTag | null; platform: AmazonTag | null }> {
  const owner = retailAffiliateConfigs.ownerUserId;
  const rows = await ctx.db
    .select({ ownerUserId: owner, tag: retailAffiliateConfigs.amazonAssociateId, region: retailAffiliateConfigs.amazonRegion })
    .from(retailAffiliateConfigs)
    .where(
      and(
        viewerId === null ? isNull(owner) : or(eq(owner, viewerId), isNull(owner)),
        eq(retailAffiliateConfigs.amazonEnabled, true),
        isNotNull(retailAffiliateConfigs.amazonAssociateId),
      ),
    );
  const pick = (ownerId: number | null) => {
    const row = rows.find((candidate) => candidate.ownerUserId === ownerId);
    return row?.tag ? { tag: row.tag, region: row.region } : null;
  };
  return { own: viewerId === null ? null : pick(viewerId), platform: pick(null) };
}
