import {
  RetailAffiliateMessages as Messages,
  type ConnectionTestResult,
  type RetailProvider,
  type TestConnectionInput,
} from '../../../shared/retail-affiliates.schemas.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http-errors.js';
import type { ConnectionCheck } from '../../integrations/connection-check.js';
import { retailSettingsOf } from './retail-affiliate-settings.js';
import { findConfigRow, storedSecret } from './retail-affiliates.service.js';
import type { ConfigOwner, SecretField } from './retail-secrets.js';

/**
 * Tests one provider with the configuration as the form holds it, saved or not. A secret left blank
 * means the stored one; a secret marked for removal means none. What is missing is a 400 naming
 * the field, before any call goes out.
 */
export async function testRetailConnection(
  ctx: AppContext,
  owner: ConfigOwner,
  provider: RetailProvider,
  input: TestConnectionInput,
): Promise<ConnectionTestResult> {
  const check = provider === 'amazon' ? await testAmazon(ctx, owner, input) : await testSamsClub(ctx, owner, input);
  return { provider, ok: check.ok, problem: check.ok ? null : check.problem, message: check.message };
}

function refuseMissing(errors: Record<string, string>): void {
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** The typed secret, else the stored one; a stored secret that no longer opens is a 400 asking for it again. */
async function secretFor(ctx: AppContext, owner: ConfigOwner, field: SecretField, typed: string | undefined, cleared: boolean) {
  if (typed) return typed;
  if (cleared) return null;
  const row = await findConfigRow(ctx, owner);
  const sealed = field === 'amazonSecretKey' ? row?.amazonSecretKeySealed : row?.flexOffersApiKeySealed;
  const secret = storedSecret(ctx, row, field);
  if (sealed && secret === null) throw badRequest(Messages.storedSecretUnreadable, { [field]: Messages.storedSecretUnreadable });
  return secret;
}

async function testAmazon(ctx: AppContext, owner: ConfigOwner, input: TestConnectionInput): Promise<ConnectionCheck> {
  if (!input.amazonEnabled) throw badRequest(Messages.amazonOff, { amazonEnabled: Messages.amazonOff });
  const secret = await secretFor(ctx, owner, 'amazonSecretKey', input.amazonSecretKey, input.clearAmazonSecretKey);
  refuseMissing({
    ...(input.amazonAssociateId ? {} : { amazonAssociateId: Messages.associateIdRequired }),
    ...(input.amazonAccessKeyId ? {} : { amazonAccessKeyId: Messages.accessKeyIdRequired }),
    ...(secret ? {} : { amazonSecretKey: Messages.secretKeyRequired }),
  });
  return retailSettingsOf(ctx).amazon.checkConnection({
    credentialId: input.amazonAccessKeyId!,
    credentialSecret: secret!,
    partnerTag: input.amazonAssociateId!,
    region: input.amazonRegion,
  });
}

async function testSamsClub(ctx: AppContext, owner: ConfigOwner, input: TestConnectionInput): Promise<ConnectionCheck> {
  if (!input.samsClubEnabled) throw badRequest(Messages.samsClubOff, { samsClubEnabled: Messages.samsClubOff });
  const apiKey = await secretFor(ctx, owner, 'flexOffersApiKey', input.flexOffersApiKey, input.clearFlexOffersApiKey);
  refuseMissing(apiKey ? {} : { flexOffersApiKey: Messages.flexOffersKeyRequired });
  return retailSettingsOf(ctx).flexOffers.checkConnection({ apiKey: apiKey!, publisherId: input.samsClubPublisherId });
}
