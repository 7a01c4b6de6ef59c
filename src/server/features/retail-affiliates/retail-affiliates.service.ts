import { eq, isNull } from 'drizzle-orm';
import { COMMISSION_RATE, type RetailAffiliateConfig, type RetailConfigInput } from '../../../shared/retail-affiliates.schemas.js';
import type { AppContext } from '../../context.js';
import { retailAffiliateConfigs, type RetailAffiliateConfig as ConfigRow } from '../../db/schema.js';
import { retailSettingsOf } from './retail-affiliate-settings.js';
import { lastFour, openSecret, sealSecret, type ConfigOwner, type SecretField } from './retail-secrets.js';

/**
 * The only code that reads or writes retail_affiliate_configs. `owner` is an operator's id, or null
 * for the platform's configuration (the admin panel's); every query names it, so an operator reaches
 * only their own row and never the platform's.
 */

export const ownerIs = (owner: ConfigOwner) =>
  owner === null ? isNull(retailAffiliateConfigs.ownerUserId) : eq(retailAffiliateConfigs.ownerUserId, owner);

export async function findConfigRow(ctx: AppContext, owner: ConfigOwner): Promise<ConfigRow | undefined> {
  const [row] = await ctx.db.select().from(retailAffiliateConfigs).where(ownerIs(owner));
  return row;
}

const DEFAULT_CONFIG: RetailAffiliateConfig = {
  amazonEnabled: false,
  amazonAssociateId: null,
  amazonAccessKeyId: null,
  amazonSecretKeySet: false,
  amazonSecretKeyLast4: null,
  amazonRegion: 'US',
  samsClubEnabled: false,
  samsClubPublisherId: null,
  flexOffersApiKeySet: false,
  flexOffersApiKeyLast4: null,
  affiliateCommissionRate: COMMISSION_RATE.default,
  updatedAt: null,
};

/** The stored secret in the clear, or null when none is stored or it no longer opens. */
export function storedSecret(ctx: AppContext, row: ConfigRow | undefined, field: SecretField): string | null {
  const sealed = field === 'amazonSecretKey' ? row?.amazonSecretKeySealed : row?.flexOffersApiKeySealed;
  return sealed ? openSecret(retailSettingsOf(ctx).secretKey, row!.ownerUserId, field, sealed) : null;
}

/** What may be sent back: the secrets only as "set" and their last four characters. */
function toConfig(ctx: AppContext, row: ConfigRow | undefined): RetailAffiliateConfig {
  if (!row) return DEFAULT_CONFIG;
  return {
    amazonEnabled: row.amazonEnabled,
    amazonAssociateId: row.amazonAssociateId,
    amazonAccessKeyId: row.amazonAccessKeyId,
    amazonSecretKeySet: row.amazonSecretKeySealed !== null,
    amazonSecretKeyLast4: lastFour(storedSecret(ctx, row, 'amazonSecretKey')),
    amazonRegion: row.amazonRegion,
    samsClubEnabled: row.samsClubEnabled,
    samsClubPublisherId: row.samsClubPublisherId,
    flexOffersApiKeySet: row.flexOffersApiKeySealed !== null,
    flexOffersApiKeyLast4: lastFour(storedSecret(ctx, row, 'flexOffersApiKey')),
    affiliateCommissionRate: Number(row.commissionRate),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function readRetailConfig(ctx: AppContext, owner: ConfigOwner): Promise<RetailAffiliateConfig> {
  return toConfig(ctx, await findConfigRow(ctx, owner));
}

/** A typed secret replaces the stored one, a clear removes it; otherwise the column is left as it is. */
function secretChange(ctx: AppContext, owner: ConfigOwner, field: SecretField, typed: string | undefined, clear: boolean) {
  if (typed) return sealSecret(retailSettingsOf(ctx).secretKey, owner, field, typed);
  return clear ? null : undefined;
}

/** Saves the whole configuration; only the secrets keep their stored values when left blank. */
export async function saveRetailConfig(ctx: AppContext, owner: ConfigOwner, input: RetailConfigInput): Promise<RetailAffiliateConfig> {
  const values = {
    amazonEnabled: input.amazonEnabled,
    amazonAssociateId: input.amazonAssociateId,
    amazonAccessKeyId: input.amazonAccessKeyId,
    amazonSecretKeySealed: secretChange(ctx, owner, 'amazonSecretKey', input.amazonSecretKey, input.clearAmazonSecretKey),
    amazonRegion: input.amazonRegion,
    samsClubEnabled: input.samsClubEnabled,
    samsClubPublisherId: input.samsClubPublisherId,
    flexOffersApiKeySealed: secretChange(ctx, owner, 'flexOffersApiKey', input.flexOffersApiKey, input.clearFlexOffersApiKey),
    commissionRate: input.affiliateCommissionRate.toFixed(2),
  };
  const update = () =>
    ctx.db
      .update(retailAffiliateConfigs)
      .set({ ...values, updatedAt: new Date() })
      .where(ownerIs(owner))
      .returning();
  const [updated] = await update();
  if (updated) return toConfig(ctx, updated);
  const [inserted] = await ctx.db
    .insert(retailAffiliateConfigs)
    .values({ ...values, ownerUserId: owner })
    .onConflictDoNothing()
    .returning();
  // Another save of the same owner's first configuration got there first; this later one wins.
  return toConfig(ctx, inserted ?? (await update())[0]);
}
