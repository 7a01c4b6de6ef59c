import type { AppContext } from '../../context.js';
import { serviceUnavailable } from '../../http-errors.js';
import { deriveKey, loadOrCreateSecret } from '../../secrets.js';
import { WebhookMessages } from '../../../shared/webhooks.schemas.js';

/** What outgoing webhooks need from the running app, in requests and in the jobs worker alike. */
export interface WebhookSettings {
  /** AES-256-GCM key (base64url, 32 bytes) the endpoints' signing secrets are sealed with. */
  secretKey: string;
  /**
   * WEBHOOK_ALLOW_PRIVATE_URLS: http:// and private, loopback and link-local addresses are accepted.
   * For on-premises installs whose receivers live on the local network, and for tests.
   */
  allowPrivateUrls: boolean;
}

export interface WebhookEnvValues {
  ENCRYPTION_KEY?: string;
  WEBHOOK_ALLOW_PRIVATE_URLS: boolean;
}

/** Its own purpose, so the retail affiliate key and this one never open each other's values. */
const SECRET_KEY_PURPOSE = 'webhook-secrets';

/** From the checked settings; without ENCRYPTION_KEY the key comes from DATA_DIR/encryption.secret, as retail-affiliate-settings.ts does. */
export function webhooksFrom(env: WebhookEnvValues, dataDir: string): WebhookSettings {
  const encryptionKey = env.ENCRYPTION_KEY ?? loadOrCreateSecret(dataDir, 'encryption');
  return { secretKey: deriveKey(encryptionKey, SECRET_KEY_PURPOSE), allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS };
}

/** Authenticated with each sealed secret, so one copied onto another operator's endpoint does not open there. */
export const webhookSecretContext = (ownerId: number) => `webhook-secret:${ownerId}`;

/** The settings, or 503 on an app built without them (some tests and benchmarks). */
export function webhookSettingsOf(ctx: AppContext): WebhookSettings {
  if (!ctx.webhooks) throw serviceUnavailable(WebhookMessages.notConfigured);
  return ctx.webhooks;
}
