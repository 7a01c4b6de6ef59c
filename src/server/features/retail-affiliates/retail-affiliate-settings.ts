import type { AppContext } from '../../context.js';
import { serviceUnavailable } from '../../http-errors.js';
import { AmazonCreatorsClient } from '../../integrations/amazon-creators/amazon-creators-client.js';
import { FlexOffersClient } from '../../integrations/flexoffers/flexoffers-client.js';
import { deriveKey, loadOrCreateSecret } from '../../secrets.js';

/** What the retail integrations need from the running app: the key their secrets are sealed with, and the two clients. */
export interface RetailAffiliateSettings {
  /** AES-256-GCM key (base64url, 32 bytes) for the operators' and the platform's retail secrets. */
  secretKey: string;
  amazon: AmazonCreatorsClient;
  flexOffers: FlexOffersClient;
}

export interface RetailEnvValues {
  ENCRYPTION_KEY?: string;
  AMAZON_API_BASE?: string;
  FLEXOFFERS_API_BASE?: string;
}

/** The purpose the sealing key is derived for, so ENCRYPTION_KEY can seal other things later under other keys. */
const SECRET_KEY_PURPOSE = 'retail-affiliate-secrets';

/**
 * From the checked settings. Without ENCRYPTION_KEY a key is generated once and kept in
 * DATA_DIR/encryption.secret, as SESSION_SECRET is; several instances must share ENCRYPTION_KEY.
 */
export function retailAffiliatesFrom(env: RetailEnvValues, dataDir: string): RetailAffiliateSettings {
  const encryptionKey = env.ENCRYPTION_KEY ?? loadOrCreateSecret(dataDir, 'encryption');
  return {
    secretKey: deriveKey(encryptionKey, SECRET_KEY_PURPOSE),
    amazon: new AmazonCreatorsClient({ apiBase: env.AMAZON_API_BASE }),
    flexOffers: new FlexOffersClient({ apiBase: env.FLEXOFFERS_API_BASE }),
  };
}

/** The settings, or 503 on an app built without them (some tests and benchmarks). */
export function retailSettingsOf(ctx: AppContext): RetailAffiliateSettings {
  if (!ctx.retailAffiliates) throw serviceUnavailable('Retail integrations are not set up on this server.');
  return ctx.retailAffiliates;
}
